// The policies module's door (docs/operations.md#repository-layout): a policy, its payments, documents, certificate,
// verification and reminders. The only file other modules and the composition import; below it only accounts.
export { certificateOperation } from './certificates/operations';
export { policyDocumentFiles, type DocumentFile } from './documents/files';
export { documentOperation } from './documents/operations';
export { myPaidOperation } from './payments/mine';
export { adminPaymentOperations } from './payments/operations';
export { handlePaymentWebhook } from './payments/webhook';
export { documentsMail, type Placement } from './policies/mail';
export { adminPolicyOperations, policyOperations } from './policies/operations';
export { insertPolicy, joinAccount, sweepExpiredPolicies, toPolicyView } from './policies/service';
export { paidPence } from './policies/paid';
export type { PolicyRow } from './policies/row';
export { sendDueReminders } from './reminders/service';
export { verifyOperations } from './verify/operations';
