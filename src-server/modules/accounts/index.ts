// The accounts module's door (docs/operations.md#repository-layout): who a person is and how they get in. The only
// file other modules and the composition (api/table.ts, app.ts, main.ts) import; it imports no module above it.
export { accountOperations } from './account/operations';
export { ensureFirstOwner, hasUsablePassword, unusablePasswordHash } from './account/service';
export { emailConfirmationOperations } from './email-confirmation/operations';
export { confirmedOwnerOf, onAddressConfirmed, type AddressConfirmedHook } from './email-confirmation/service';
export { myAccountOperations } from './my-account/operations';
export { myDataOperations } from './my-data/operations';
export { provideAccountRecords, type AccountRecords, type RecordsOptions } from './my-data/service';
export { passkeyLoginOperations, passkeyOperations } from './passkeys/operations';
export { queueInvitation } from './password-reset/invitation';
export { passwordResetOperations } from './password-reset/operations';
export { secondFactorOperations, secondFactorRuleOperation } from './second-factor/operations';
export { sessionSeen } from './sessions/service';
export { adminUserOperations } from './users/operations';
export { findUser } from './users/service';
export { toUserView } from './users/view';
