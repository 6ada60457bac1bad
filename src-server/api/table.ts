// The table of every operation (docs/operations.md#adding-an-operation), grouped as tRPC names them; both doors and
// the OpenAPI document are built from it, REST and the document in the table's order.
import { accountOperations } from '../features/account/operations';
import { myAccountOperations } from '../features/my-account/operations';
import { apiDocsOperations } from '../features/api-docs/operations';
import { adminCallbackOperations, callbackOperations } from '../features/callbacks/operations';
import { adminClaimOperations, claimOperations } from '../features/claims/operations';
import { certificateOperation } from '../features/certificates/operations';
import { documentOperation } from '../features/documents/operations';
import { emailConfirmationOperations } from '../features/email-confirmation/operations';
import { healthOperation } from '../features/health/operations';
import { myDataOperations } from '../features/my-data/operations';
import { adminLogOperations } from '../features/logs/operations';
import { passwordResetOperations } from '../features/password-reset/operations';
import { adminPaymentOperations } from '../features/payments/operations';
import { myPaidOperation } from '../features/payments/mine';
import { adminPolicyOperations, policyOperations } from '../features/policies/operations';
import { adminQuoteOperations, quoteOperations } from '../features/quotes/operations';
import { reportOperation } from '../features/reports/operations';
import { passkeyLoginOperations, passkeyOperations } from '../features/passkeys/operations';
import { secondFactorOperations, secondFactorRuleOperation } from '../features/second-factor/operations';
import { staffOperation } from '../features/queues/operations';
import { statsOperations } from '../features/stats/operations';
import { adminUserOperations } from '../features/users/operations';
import { verifyOperations } from '../features/verify/operations';
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
