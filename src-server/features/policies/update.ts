// A change staff make to a policy (PUT /api/admin/policies/{id}, docs/product.md#changing-users-and-policies): saved
// with its version and audit entry, and told to the customer with the documents as they now stand. Apart from
// service.ts, which the certificate (and so the documents) read policies through.
import { eq } from 'drizzle-orm';
import { cancellationMessages } from '../../contract/cancellation';
import { messages } from '../../contract/messages';
import type { PolicyInput } from '../../contract/schemas';
import type { PolicyView } from '../../contract/views';
import type { Caller, Deps } from '../../deps';
import { ConflictError, NotFoundError } from '../../errors';
import { writeLog } from '../../platform/audit/log';
import { assertAdminRights } from '../../platform/auth/permissions';
import { policies } from '../../platform/db/schema/index';
import { deliverSoon } from '../../platform/mail/deliver-soon';
import { policyDocumentFiles } from '../documents/files';
import { policyChangedMail, policyMailAccount } from './mail';
import { assertCancelReason, columnsFrom, isEnded, resolveOwner, toPolicyView } from './service';
import { changesBetween, changesText, recordVersion } from './versions';

export async function updatePolicy(deps: Deps, caller: Caller, id: number, input: PolicyInput): Promise<PolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const { view, told } = await deps.write(async (tx) => {
    const [existing] = await tx.select().from(policies).where(eq(policies.id, id)).limit(1);
    if (!existing) throw new NotFoundError(messages.policyNotFound);
    // Void is for good: a policy made in error stays the record of that (docs/product.md#cancelling-and-voiding).
    if (existing.status === 'void') throw new ConflictError(cancellationMessages.voidUnchangeable);
    assertCancelReason(existing.status, input.status, input.reason);
    const username = await resolveOwner(tx, input.userId, existing.userId);
    // A policy that stays ended (expired or cancelled, either way round) keeps the moment it ended.
    const stillEnded = isEnded(existing.status) && isEnded(input.status) ? existing.endedAt : null;
    const cancelledNow = input.status === 'cancelled' && existing.status !== 'cancelled';
    // A cancellation set for later waits only on active cover; one made now, or any other status, ends it.
    const cancelsAt = input.status === 'active' ? existing.cancelsAt : null;
    const [row] = await tx
      .update(policies)
      .set({
        ...columnsFrom(input, now, existing, stillEnded, existing.reminderEndAt),
        cancelsAt,
        cancelReason: cancelledNow ? input.reason! : input.status === 'active' && cancelsAt === null ? null : existing.cancelReason,
      })
      .where(eq(policies.id, id))
      .returning();
    const changes = changesBetween(existing, row!);
    const what = changes.length > 0 ? `: ${changesText(changes)}` : '';
    await writeLog(tx, now, { action: `Updated policy: ${row!.policyNumber}${what}`, username: caller.username, userId: caller.id });
    await recordVersion(tx, id, now, { username: caller.username, userId: caller.id }, changes, input.reason ?? null);
    // The customer hears of every change, with the documents as they now stand (docs/product.md#e-mails).
    const account = changes.length > 0 ? await policyMailAccount(tx, row!) : null;
    if (account) {
      await deps.mailer.queue(tx, policyChangedMail(deps.publicUrl, row!, account.email, changes, input.reason ?? null, await policyDocumentFiles(deps, tx, row!)));
    }
    return { view: toPolicyView(row!, username), told: account !== null };
  });
  if (told) deliverSoon(deps, 'policy change mail');
  return view;
}
