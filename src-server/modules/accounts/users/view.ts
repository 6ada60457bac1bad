import { normaliseRoles } from '../../../contract/roles';
import type { UserView } from '../../../contract/views';
import type { users } from '../../../platform/db/schema/index';

/** An account as every door answers it (docs/api.md#shapes): never the password hash. */
export function toUserView(row: typeof users.$inferSelect): UserView {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    ...normaliseRoles(row),
    emailVerified: row.emailVerifiedAt !== null,
    closed: row.closedAt !== null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
