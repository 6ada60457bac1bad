// The table of every operation (docs/operations.md#adding-an-operation), in groups named as tRPC names them
// (`admin.quotes.offer`): the tRPC router (api/trpc.ts), the REST routes and the OpenAPI document (api/rest.ts) are
// built from it. REST serves the operations in the table's order, which is the document's order too.
import { accountOperations } from '../features/account/operations';
import { apiDocsOperations } from '../features/api-docs/operations';
import { adminCallbackOperations, callbackOperations } from '../features/callbacks/operations';
import { certificateOperation } from '../features/certificates/operations';
import { emailConfirmationOperations } from '../features/email-confirmation/operations';
import { healthOperation } from '../features/health/operations';
import { adminLogOperations } from '../features/logs/operations';
import { passwordResetOperations } from '../features/password-reset/operations';
import { adminPolicyOperations, policyOperations } from '../features/policies/operations';
import { adminQuoteOperations, quoteOperations } from '../features/quotes/operations';
import { reportOperation } from '../features/reports/operations';
import { staffOperation } from '../features/queues/operations';
import { statsOperations } from '../features/stats/operations';
import { adminUserOperations } from '../features/users/operations';
import { verifyOperations } from '../features/verify/operations';
import type { OperationTable } from './operation';

export const operations = {
  health: healthOperation,
  account: { ...accountOperations, verifyEmail: emailConfirmationOperations },
  passwordReset: passwordResetOperations,
  callbacks: callbackOperations,
  quotes: quoteOperations,
  policies: { ...policyOperations, certificate: certificateOperation },
  verify: verifyOperations,
  admin: {
    ...statsOperations,
    staff: staffOperation,
    users: adminUserOperations,
    policies: adminPolicyOperations,
    logs: adminLogOperations,
    quotes: adminQuoteOperations,
    callbacks: adminCallbackOperations,
    report: reportOperation,
  },
  apiDocs: apiDocsOperations,
} satisfies OperationTable;
