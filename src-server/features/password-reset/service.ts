// Password reset (docs/product.md#password-reset): a request always answers the
// same way, so nobody learns which e-mail addresses have accounts; where the address belongs to an
// account, a single-use link valid for 30 minutes is e-mailed. Only the SHA-256 of the token is stored.
// Invitations (docs/product.md#welcome) are the same tokens with purpose 'invite': made when staff issue a
// policy to an account that cannot be signed in to by its address's owner yet, valid 7 days, spent by the same
// confirm call, which then also signs the person in. Spending either proves the address (only its mailbox
// receives the link), so it confirms it too (docs/product.md#e-mail-confirmation).
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { passwordResetMessages, type PasswordResetConfirmInput, type PasswordResetRequestInput } from '../../contract/password-reset';
import { normaliseRoles } from '../../contract/roles';
import type { LoginResult } from '../../contract/views';
import type { Tx } from '../../platform/db/client';
import { passwordResetTokens, users } from '../../platform/db/schema/index';
import { issueAccountToken, PASSWORD_LINKS, spendAccountTokens, usableAccountToken } from '../../platform/auth/account-tokens';
import { deliverSoon } from '../../platform/mail/deliver-soon';
import { changedMail, invitationMail, resetMail, type InvitationKind } from './mail';

export type { InvitationKind };
import { confirmAddress } from '../email-confirmation/service';
import type { Deps } from '../../deps';
import { InvalidError } from '../../errors';
import { hashPassword } from '../../platform/auth/password';
import { addressThrottleKey, clearThrottle, clearThrottlePrefix, countAttempt, loginThrottleKeys, type ThrottleRule } from '../../platform/auth/throttle';
import { writeLog } from '../../platform/audit/log';
import { afterAnswer } from '../../platform/after-answer';
import { toUserView } from '../users/view';

const RESET_TOKEN_TTL_MS = 30 * 60_000;
/**
 * How long after a request its link's work (the account looked up, the token, the e-mail and its delivery) starts:
 * at a random moment in this range. Done just after the answer, that work (a few milliseconds of the main thread,
 * only where the address has an account) would slow the same client's next request, and that tells which
 * addresses have accounts (docs/product.md#password-reset, docs/operations.md#password-reset-timing).
 */
export const RESET_LINK_DELAY_MS = { min: 1000, max: 5000 };
const resetLinkDelay = () => randomInt(RESET_LINK_DELAY_MS.min, RESET_LINK_DELAY_MS.max + 1);
/** An invitation's link lasts a week: the customer may not read the e-mail the day cover is issued. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
/** Reset requests allowed per client address, and per e-mail address, in an hour. */
const RESET_ADDRESS_RULE: ThrottleRule = { limit: 10, windowMs: 60 * 60_000 };
const RESET_EMAIL_RULE: ThrottleRule = { limit: 3, windowMs: 60 * 60_000 };

export interface PasswordResetAnswer {
  message: string;
  /** Only for an invitation: the person is signed in, as account.login would answer. */
  session?: LoginResult;
}





/**
 * An invitation for an account just made without a usable password (docs/product.md#welcome): a single-use
 * token stored hashed with purpose 'invite', valid 7 days, and its e-mail with the link
 * `{PUBLIC_URL}/welcome?token=…`, both in the caller's transaction (the account and the policy stand or fall
 * with it). The caller delivers the outbox once the transaction has committed.
 */
export async function queueInvitation(
  deps: Pick<Deps, 'mailer' | 'publicUrl'>,
  tx: Tx,
  user: { id: number; username: string; email: string },
  greeting: string,
  now: number,
  kind: InvitationKind = 'new-account',
): Promise<void> {
  const token = await issueAccountToken(tx, user.id, 'invite', INVITE_TOKEN_TTL_MS, now);
  await deps.mailer.queue(tx, invitationMail(user.email, greeting, user.username, `${deps.publicUrl}/welcome?token=${token}`, kind));
}

/**
 * Where `email` (lower case) belongs to an account: spends its earlier unused links and makes a new one, with
 * its e-mail and the audit entry, in one transaction; then delivers. Runs seconds after the request's answer.
 */
async function sendResetLink(deps: Deps, email: string, now: number, publicUrl: string): Promise<void> {
  const sent = await deps.write(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!user) return false;
    // Only the newest link that sets the password works: earlier unused ones are spent now.
    await spendAccountTokens(tx, user.id, PASSWORD_LINKS, now);
    const token = await issueAccountToken(tx, user.id, 'reset', RESET_TOKEN_TTL_MS, now);
    await deps.mailer.queue(tx, resetMail(user.email, user.username, `${publicUrl}/reset-password?token=${token}`));
    await writeLog(tx, now, { action: 'Password reset requested', username: user.username, userId: user.id });
    return true;
  });
  if (sent) deliverSoon(deps, 'password reset mail');
}

/**
 * Step 1. Resolves with the same answer whatever happened: unknown address, known address, or over the
 * limit; the link and its e-mail are made seconds after answering (sendResetLink). The link points at deps.publicUrl
 * (PUBLIC_URL), never at the request's Host header, which the client chooses (reset-link poisoning).
 *
 * Over the limit (10 an hour per client address, 3 an hour per e-mail address) the answer is still the
 * neutral text and nothing is sent. A 429 would reveal nothing about the account either (the counters run
 * whether or not the address has one), but the one neutral answer keeps the form simple: the page never has
 * a third outcome to explain, and a flood of requests cannot bury someone's inbox either way.
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
    // The address is not written to the audit log: it may not belong to any customer. Anyone can send these, so
    // they count on one entry an hour (the limits' window) instead of a row each, counted in memory and written
    // in a batch (docs/product.md#audit-log).
    deps.refusals.log.count({ action: 'Password reset request throttled', level: 'warning' }, { key: 'reset-throttled', windowMs: RESET_ADDRESS_RULE.windowMs }, now);
    return answer;
  }

  // Whether the address has an account is found out only after answering (after-answer.ts): up to the answer
  // both cases do the same work, so its timing cannot tell them apart; and only seconds later, so that the same
  // client's next request does not meet that work either (RESET_LINK_DELAY_MS).
  const { publicUrl } = deps;
  afterAnswer(deps, 'password reset link', () => sendResetLink(deps, email, now, publicUrl), resetLinkDelay());
  return answer;
}

/**
 * Step 2. The token must be unused and unexpired; then the password changes, every session of the
 * account ends (session_version), and the token is spent, all in one transaction. A reset link's answer is
 * only the message (the person then signs in); an invitation's also signs the person in
 * (docs/product.md#welcome): the new session is made from the account as the transaction left it, so it
 * outlives the session_version bump, and the spent token can never make another.
 */
export async function confirmPasswordReset(deps: Deps, input: PasswordResetConfirmInput): Promise<PasswordResetAnswer> {
  const now = deps.clock.now();
  const usable = usableAccountToken(input.token, PASSWORD_LINKS, now);
  const [found] = await deps.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable).limit(1);
  if (!found) throw new InvalidError(passwordResetMessages.invalidLink);

  // The slow, memory-hard hash runs before the write lock is taken, so other writers do not wait on it.
  const passwordHash = await hashPassword(input.password);

  const { user, purpose } = await deps.write(async (tx) => {
    // Claimed again inside the transaction: of two confirmations racing with one token, only one wins.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, found.id), usable))
      .returning({ userId: passwordResetTokens.userId, purpose: passwordResetTokens.purpose });
    if (!claimed) throw new InvalidError(passwordResetMessages.invalidLink);
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    if (!row) throw new InvalidError(passwordResetMessages.invalidLink);
    // Whoever locked the account out with wrong guesses, its owner has just proved who they are: the
    // counters of both names it signs in with are cleared, from every address (docs/product.md#password-reset).
    for (const name of [row.username, row.email]) {
      await clearThrottle(tx, loginThrottleKeys.user(name));
      await clearThrottlePrefix(tx, loginThrottleKeys.pairsOf(name));
    }
    // The link reached its mailbox: the address is the account's, and what waited for that joins it.
    const { confirmedNow } = await confirmAddress(tx, row.id, now);
    if (confirmedNow) row.emailVerifiedAt = now;
    if (claimed.purpose === 'invite') {
      // Their first password: nothing to warn about, and the welcome page signs them in.
      await writeLog(tx, now, { action: 'Invitation accepted', username: row.username, userId: row.id });
    } else {
      await deps.mailer.queue(tx, changedMail(row.email, row.username));
      await writeLog(tx, now, { action: 'Password reset completed', username: row.username, userId: row.id });
    }
    return { user: row, purpose: claimed.purpose };
  });
  deliverSoon(deps, 'password reset mail');
  if (purpose !== 'invite') return { message: passwordResetMessages.changed };
  const { token, expiresAt } = await deps.tokens.sign(
    { id: user.id, username: user.username, ...normaliseRoles(user), sessionVersion: user.sessionVersion },
    input.remember,
    now,
  );
  return {
    message: passwordResetMessages.welcomed,
    session: { token, expiresAt: new Date(expiresAt).toISOString(), user: toUserView(user) },
  };
}
