// The small answers an operation makes itself (docs/api.md#rest-routes): no `.meta({ id })`, so the OpenAPI
// document writes each inline, and tRPC does not check them (api/operation.ts `reply`).
import { z } from 'zod';
import { accountClearedView } from './email-confirmation';
import { secondFactorChallengeView } from './second-factor';
import { loginResultView, userView } from './views';

/** A sign-out, a deletion. */
export const successReply = z.strictObject({ success: z.literal(true) });

/** An account deleted, or closed instead because it holds policies (docs/product.md#closed-accounts). */
export const userDeletedReply = z.strictObject({ success: z.literal(true), closed: z.boolean() });

/** A password reset asked for: the same text whatever happened. */
export const messageReply = z.strictObject({ message: z.string() });

/** A quote or callback request received: its reference and what the person reads. */
export const receivedReply = z.strictObject({ reference: z.string(), message: z.string() });
export type Received = z.infer<typeof receivedReply>;

/** POST /api/register's answer: its message and the account (docs/api.md#account). */
export const registeredReply = z.strictObject({ message: z.string(), user: userView });

/** A confirmation link asked for: sent, or the address was confirmed already. */
export const confirmationSentReply = z.strictObject({ message: z.string(), emailVerified: z.boolean() });

/** An address confirmed: the account as it now is, and (confirmed by this link) what was removed. */
export const emailConfirmedReply = z.strictObject({ message: z.string(), user: userView, removed: accountClearedView.optional() });

/**
 * A password set with a link, and what was removed (docs/product.md#e-mail-confirmation). An invitation's link also
 * signs the person in; for staff with a second factor it answers the code's challenge instead, as POST /api/login does.
 */
export const passwordSetReply = z.strictObject({
  message: z.string(),
  removed: accountClearedView,
  session: loginResultView.optional(),
  secondFactor: secondFactorChallengeView.optional(),
});

/** Who is signed in, whether their address is confirmed, and when the session lapses. */
export const sessionReply = z.strictObject({
  user: z.strictObject({ id: z.number().int(), username: z.string(), isAdmin: z.boolean(), isOwner: z.boolean(), emailVerified: z.boolean() }),
  expiresAt: z.iso.datetime(),
});

/** Up, and the database answers. */
export const healthReply = z.strictObject({ status: z.literal('ok') });
