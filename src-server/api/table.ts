// The table of every operation (docs/operations.md#adding-an-operation), grouped as tRPC names them; both doors and
// the OpenAPI document are built from it, REST and the document in the table's order.
import { accountOperations } from '../modules/accounts/account/operations';
import { myAccountOperations } from '../modules/accounts/my-account/operations';
import { apiDocsOperations } from './api-docs';
import { adminCallbackOperations, callbackOperations } from '../modules/requests/callbacks/operations';
import { adminClaimOperations, claimOperations } from '../modules/requests/claims/operations';
import { certificateOperation } from '../modules/policies/certificates/operations';
import { documentOperation } from '../modules/policies/documents/operations';
import { emailConfirmationOperations } from '../modules/accounts/email-confirmation/operations';
import { healthOperation } from './health';
import { myDataOperations } from '../modules/accounts/my-data/operations';
import { adminLogOperations } from '../modules/reporting/logs/operations';
import { passwordResetOperations } from '../modules/accounts/password-reset/operations';
import { adminPaymentOperations } from '../modules/policies/payments/operations';
import { myPaidOperation } from '../modules/policies/payments/mine';
import { adminPolicyOperations, policyOperations } from '../modules/policies/policies/operations';
import { adminQuoteOperations, quoteOperations } from '../modules/requests/quotes/operations';
import { reportOperation } from '../modules/reporting/reports/operations';
import { passkeyLoginOperations, passkeyOperations } from '../modules/accounts/passkeys/operations';
import { secondFactorOperations, secondFactorRuleOperation } from '../modules/accounts/second-factor/operations';
import { staffOperation } from '../modules/requests/queues/operations';
import { statsOperations } from '../modules/reporting/stats/operations';
import { adminUserOperations } from '../modules/accounts/users/operations';
import { verifyOperations } from '../modules/policies/verify/operations';
import type { OperationTable } from './operation';

export const operations = {
  health: healthOperation,
  account: {
    ...accountOperations, ...myAccountOperations, ...myDataOperations, verifyEmail: emailConfirmationOperations, secondFactor: secondFactorOperations,
    passkeys: passkeyOperations,
    passkeyLogin: passkeyLoginOperations,
  },
  passwordReset: passwordResetOperations,
  callbacks: callbackOperations,
  quotes: quoteOperations,
  policies: { ...policyOperations, paid: myPaidOperation, certificate: certificateOperation, document: documentOperation },
  claims: claimOperations,
  verify: verifyOperations,
  admin: {
    ...statsOperations,
    staff: staffOperation,
    users: adminUserOperations,
    policies: { ...adminPolicyOperations, ...adminPaymentOperations },
    logs: adminLogOperations,
    quotes: adminQuoteOperations,
    callbacks: adminCallbackOperations,
    claims: adminClaimOperations,
    report: reportOperation,
    secondFactorRule: secondFactorRuleOperation,
  },
  apiDocs: apiDocsOperations,
} satisfies OperationTable;
