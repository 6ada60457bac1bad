// An invitation to set a password (docs/product.md#welcome): its token and e-mail, queued in the caller's
// transaction. Apart from the reset service so account and user services can send one without a cycle.
import type { Deps } from '../../../deps';
import type { Tx } from '../../../platform/db/client';
import { issueToken } from '../../../platform/tokens/index';
import { invitationMail, type InvitationKind } from './mail';

/** An invitation's link lasts a week: the customer may not read the e-mail the day cover is issued. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/** An invitation's token and e-mail, in the caller's transaction (docs/product.md#welcome); delivered after commit. */
export async function queueInvitation(
  deps: Pick<Deps, 'mailer' | 'publicUrl'>,
  tx: Tx,
  user: { id: number; username: string; email: string },
  greeting: string,
  now: number,
  kind: InvitationKind = 'new-account',
): Promise<void> {
  const token = await issueToken(tx, { kind: 'invite', userId: user.id, ttlMs: INVITE_TOKEN_TTL_MS, now });
  await deps.mailer.queue(tx, invitationMail(user.email, greeting, user.username, `${deps.publicUrl}/welcome?token=${token}`, kind));
}

