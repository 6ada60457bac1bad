// The table of every operation (docs/operations.md#adding-an-operation), grouped as tRPC names them; both doors and
// the OpenAPI document are built from it, REST and the document in the table's order.
import { accountOperations, adminUserOperations, emailConfirmationOperations, myAccountOperations, myDataOperations, passkeyLoginOperations, passkeyOperations, passwordResetOperations, secondFactorOperations, secondFactorRuleOperation } from '../modules/accounts';
import { apiDocsOperations } from './api-docs';
import { adminCallbackOperations, adminClaimOperations, adminQuoteOperations, callbackOperations, claimOperations, quoteOperations, staffOperation } from '../modules/requests';
import { adminPaymentOperations, adminPolicyOperations, certificateOperation, documentOperation, extensionOperations, myPaidOperation, policyOperations, verifyOperations } from '../modules/policies';
import { healthOperation } from './health';
import { adminLogOperations, customerOverviewOperation, reportOperation, statsOperations } from '../modules/reporting';
import { rateOperations } from '../modules/pricing';
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
  policies: { ...policyOperations, ...extensionOperations, paid: myPaidOperation, certificate: certificateOperation, document: documentOperation },
  claims: claimOperations,
  verify: verifyOperations,
  admin: {
    ...statsOperations,
    staff: staffOperation,
    // One view of a customer is reporting's (it reads every module's records), served among the accounts.
    users: { ...adminUserOperations, overview: customerOverviewOperation },
    policies: { ...adminPolicyOperations, ...adminPaymentOperations },
    logs: adminLogOperations,
    quotes: adminQuoteOperations,
    callbacks: adminCallbackOperations,
    claims: adminClaimOperations,
    report: reportOperation,
    secondFactorRule: secondFactorRuleOperation,
    rates: rateOperations,
  },
  apiDocs: apiDocsOperations,
} satisfies OperationTable;
