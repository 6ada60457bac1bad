export { users } from './users';
export { policies } from './policies';
export { auditLogs } from './audit-logs';
export { quoteRequests, requestStatuses } from './quote-requests';
export { callbackRequests } from './callback-requests';
export { passwordResetTokens } from './password-reset-tokens';
export { throttle } from './throttle';
export { mailOutbox } from './mail-outbox';
export { revokedTokens } from './revoked-tokens';
