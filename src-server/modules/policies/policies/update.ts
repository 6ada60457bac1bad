// A change staff make to a policy (PUT /api/admin/policies/{id}, docs/product.md#changing-users-and-policies): saved
// with its version and audit entry, and told to the customer with the documents as they now stand. Apart from
// service.ts, which the certificate (and so the documents) read policies through.
import { eq } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import type { PolicyInput } from '../../../contract/schemas';
import type { PolicyView } from '../../../contract/views';
import type { Caller, Deps } from '../../../deps';
import { NotFoundError } from '../../../errors';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { policies } from '../../../platform/db/schema/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { policyDocumentFiles } from '../documents/files';
import { policyChangedMail, policyMailAccount } from './mail';
import { savePolicy } from './service';

export async function updatePolicy(deps: Deps, caller: Caller, id: number, input: PolicyInput): Promise<PolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const { view, told } = await deps.write(async (tx) => {
    const [existing] = await tx.select().from(policies).where(eq(policies.id, id)).limit(1);
    if (!existing) throw new NotFoundError(messages.policyNotFound);
    const { row, view, changes } = await savePolicy(tx, caller, existing, input, now);
    // The customer hears of every change, with the documents as they now stand (docs/product.md#e-mails).
    const account = changes.length > 0 ? await policyMailAccount(tx, row) : null;
    if (account) {
      await deps.mailer.queue(tx, policyChangedMail(deps.publicUrl, row, account.email, changes, input.reason ?? null, await policyDocumentFiles(deps, tx, row)));
    }
    return { view, told: account !== null };
  });
  if (told) deliverSoon(deps, 'policy change mail');
  return view;
}
