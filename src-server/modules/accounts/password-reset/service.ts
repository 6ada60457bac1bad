// Password reset (docs/product.md#password-reset) and invitations (docs/product.md#welcome): single-use tokens stored
// as SHA-256 only. Spending either proves the address, so it confirms it too (docs/product.md#e-mail-confirmation).
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { passwordResetMessages, type PasswordResetConfirmInput, type PasswordResetRequestInput } from '../../../contract/password-reset';
import type { AccountCleared } from '../../../contract/email-confirmation';
import { hasAdminRights } from '../../../contract/roles';
import type { SecondFactorChallenge } from '../../../contract/second-factor';
import type { LoginResult } from '../../../contract/views';
import { users } from '../../../platform/db/schema/index';
import { findToken, issueToken, PASSWORD_LINKS, spendToken, spendWaiting } from '../../../platform/tokens/index';
import { accountLinkLimit, assertAttemptRoom, refuseAttempt } from '../../../platform/auth/attempt-limits';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { changedMail, resetMail } from './mail';
import { confirmAddress } from '../email-confirmation/service';
import { clearAccountForOwner } from '../email-confirmation/clear-account';
import { enrolledFactor, issueChallenge } from '../second-factor/factor';
import type { Deps } from '../../../deps';
import { InvalidError } from '../../../errors';
import { hashPassword } from '../../../platform/auth/password';
import { addressThrottleKey, clearThrottle, clearThrottlePrefix, countAttempt, loginThrottleKeys, type ThrottleRule } from '../../../platform/auth/throttle';
import { writeLog } from '../../../platform/audit/log';
import { afterAnswer } from '../../../platform/after-answer';
import { signIn } from '../account/service';
import type { SessionClient } from '../sessions/service';

const RESET_TOKEN_TTL_MS = 30 * 60_000;
/**
 * A random delay before a request's link work starts: done at once, it would slow the client's next request only
 * where the address has an account (docs/operations.md#password-reset-timing).
 */
export const RESET_LINK_DELAY_MS = { min: 1000, max: 5000 };
const resetLinkDelay = () => randomInt(RESET_LINK_DELAY_MS.min, RESET_LINK_DELAY_MS.max + 1);
export { INVITE_TOKEN_TTL_MS } from './invitation';
/** Reset requests allowed per client address, and per e-mail address, in an hour. */
const RESET_ADDRESS_RULE: ThrottleRule = { limit: 10, windowMs: 60 * 60_000 };
const RESET_EMAIL_RULE: ThrottleRule = { limit: 3, windowMs: 60 * 60_000 };

export interface PasswordResetAnswer {
  message: string;
}

export interface PasswordSetAnswer extends PasswordResetAnswer {
  /** What the account held from before the mailbox was proved, now removed (docs/product.md#e-mail-confirmation). */
  removed: AccountCleared;
  /** Only for an invitation: the person is signed in, as account.login would answer. */
  session?: LoginResult;
  /** Instead of `session`, for staff with a second factor: the code's challenge, as account.login answers it. */
  secondFactor?: SecondFactorChallenge;
}

// Where `email` (lower case) belongs to an account: spends its earlier unused links and makes a new one, with
// its e-mail and the audit entry, in one transaction; then delivers. Runs seconds after the request's answer.
async function sendResetLink(deps: Deps, email: string, now: number, publicUrl: string): Promise<void> {
  const sent = await deps.write(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email, closedAt: users.closedAt })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    // A closed account gets no link: it has no sign-in to set a password for (docs/product.md#closed-accounts).
    if (!user || user.closedAt !== null) return false;
    // Only the newest link that sets the password works: earlier unused ones are spent now.
    await spendWaiting(tx, user.id, PASSWORD_LINKS, now);
    const token = await issueToken(tx, { kind: 'reset', userId: user.id, ttlMs: RESET_TOKEN_TTL_MS, now });
    await deps.mailer.queue(tx, resetMail(user.email, user.username, `${publicUrl}/reset-password?token=${token}`));
    await writeLog(tx, now, { action: 'Password reset requested', username: user.username, userId: user.id });
    return true;
  });
  if (sent) deliverSoon(deps, 'password reset mail');
}

/**
 * Step 1. The same answer whatever happened (unknown address, known, or over the limit, where nothing is sent); the
 * link is made seconds later. It points at PUBLIC_URL, never the client-chosen Host header (reset-link poisoning).
 */
export async function requestPasswordReset(
  deps: Deps,
  input: PasswordResetRequestInput,
  clientAddress: string,
): Promise<PasswordResetAnswer> {
  const answer = { message: passwordResetMessages.requested };
  const now = deps.clock.now();
  const email = input.email.toLowerCase();

  const attempt = await countAttempt(
    deps,
    [
      { key: addressThrottleKey('reset', clientAddress), rule: RESET_ADDRESS_RULE, limit: 'password_reset_address' },
      { key: `reset:email:${email}`, rule: RESET_EMAIL_RULE, limit: 'password_reset_email' },
    ],
    now,
  );
  if (attempt.refusedBy) {
    deps.metrics.throttleRefused(attempt.refusedBy);
    // The address is not logged (it may be no customer's); counted on one entry an hour (docs/product.md#audit-log).
    deps.refusals.log.count({ action: 'Password reset request throttled', level: 'warning' }, { key: 'reset-throttled', windowMs: RESET_ADDRESS_RULE.windowMs }, now);
    return answer;
  }

  // Whether the address has an account is found out only seconds after answering, so timing tells nothing.
  const { publicUrl } = deps;
  afterAnswer(deps, 'password reset link', () => sendResetLink(deps, email, now, publicUrl), resetLinkDelay());
  return answer;
}

/**
 * Step 2. An unused, unexpired token changes the password and is spent, in one transaction that also gives the
 * account clean to the mailbox's owner: every passkey, waiting e-mail change, session and other link made before is
 * gone (docs/product.md#e-mail-confirmation). An invitation's also signs in, from the account as the transaction left
 * it (docs/product.md#welcome), unless the account has a second factor: then it answers the code's challenge, as a
 * password sign-in does, so no link is a way round the factor. A reset link never signs in. A bad token is counted
 * against the client address; past the limit every token is refused from memory (docs/operations.md#refusals).
 */
export async function confirmPasswordReset(deps: Deps, input: PasswordResetConfirmInput, client: SessionClient): Promise<PasswordSetAnswer> {
  const now = deps.clock.now();
  const limits = [accountLinkLimit(client.address)];
  await assertAttemptRoom(deps, limits, now);
  const which = { kinds: PASSWORD_LINKS };
  const found = await findToken(deps.db, input.token, which, now);
  if (!found) return refuseAttempt(deps, limits, now, new InvalidError(passwordResetMessages.invalidLink));

  // The slow, memory-hard hash runs before the write lock is taken, so other writers do not wait on it.
  const passwordHash = await hashPassword(input.password);

  const { user, purpose, removed, secondFactor } = await deps.write(async (tx) => {
    // Claimed again inside the transaction: of two confirmations racing with one token, only one wins.
    const claimed = await spendToken(tx, input.token, which, now);
    if (!claimed || claimed.userId === null) throw new InvalidError(passwordResetMessages.invalidLink);
    const [before] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, claimed.userId));
    if (!before) throw new InvalidError(passwordResetMessages.invalidLink);
    // A takeover: nothing made before the mailbox was proved lets anyone back in. Before the session version moves,
    // so the sessions it signs out are the ones still open.
    const removed = await clearAccountForOwner(tx, before, now);
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    // A closed account's links were spent when it closed; none made since lets it in (docs/product.md#closed-accounts).
    if (!row || row.closedAt !== null) throw new InvalidError(passwordResetMessages.invalidLink);
    // The owner has proved who they are: both names' sign-in counters are cleared (docs/product.md#password-reset).
    for (const name of [row.username, row.email]) {
      await clearThrottle(tx, loginThrottleKeys.user(name));
      await clearThrottlePrefix(tx, loginThrottleKeys.pairsOf(name));
    }
    // The link reached its mailbox: the address is the account's, and what waited for that joins it.
    const { confirmedNow } = await confirmAddress(tx, row.id, now);
    if (confirmedNow) row.emailVerifiedAt = now;
    if (claimed.kind !== 'invite') {
      await deps.mailer.queue(tx, changedMail(row.email, row.username));
      await writeLog(tx, now, { action: 'Password reset completed', username: row.username, userId: row.id });
      return { user: row, purpose: claimed.kind, removed };
    }
    // Their first password: nothing to warn about, and the welcome page signs them in.
    await writeLog(tx, now, { action: 'Invitation accepted', username: row.username, userId: row.id });
    // Staff with a second factor: the code is asked as after a password (docs/product.md#second-factor-for-staff).
    if (hasAdminRights(row) && (await enrolledFactor(tx, row.id))) {
      await writeLog(tx, now, { action: 'Password set by invitation, second factor asked', username: row.username, userId: row.id });
      return { user: row, purpose: claimed.kind, removed, secondFactor: await issueChallenge(tx, row.id, now) };
    }
    return { user: row, purpose: claimed.kind, removed };
  });
  deliverSoon(deps, 'password reset mail');
  if (purpose !== 'invite') return { message: passwordResetMessages.changed, removed };
  if (secondFactor) return { message: passwordResetMessages.welcomed, removed, secondFactor };
  return { message: passwordResetMessages.welcomed, removed, session: await signIn(deps, user, input.remember, now, client) };
}
