// Asking for more cover (docs/product.md#asking-for-more-cover): the wizard filled in from the caller's own policy
// only (staff included: no impersonation here); anyone else's, or none, is the same 404.
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import type { RenewalDraftView } from '../../../contract/views';
import { policies, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { NotFoundError } from '../../../errors';

export async function renewalDraft(deps: Deps, caller: Caller, policyNumber: string): Promise<RenewalDraftView> {
  const [row] = await deps.db
    .select({
      policyNumber: policies.policyNumber,
      product: policies.product,
      driverName: policies.driverName,
      carModel: policies.carModel,
      registration: policies.registration,
      email: users.email,
    })
    .from(policies)
    .innerJoin(users, eq(users.id, policies.userId))
    .where(and(eq(policies.policyNumber, policyNumber.toUpperCase()), eq(policies.userId, caller.id)))
    .limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  // The wizard asks for first and last name apart: the first word, then the rest ('Ann Marie Smith': 'Ann', 'Marie Smith').
  const [firstName = '', ...rest] = row.driverName.trim().split(/\s+/);
  return {
    policyNumber: row.policyNumber,
    product: row.product,
    firstName,
    lastName: rest.join(' '),
    email: row.email,
    regNumber: row.registration,
    carModel: row.carModel,
  };
}
