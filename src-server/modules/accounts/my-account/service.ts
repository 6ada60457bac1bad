// The account page (docs/product.md#account): a person's own details, their e-mail address (changed only through a
// link sent to the new one) and their password (every other session ended). Each acts on the caller's own account.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  accountMessages,
  type AccountDetailsView,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type ConfirmEmailChangeInput,
  type UpdateDetailsInput,
} from '../../../contract/account';
import { messages } from '../../../contract/messages';
import { normaliseRoles } from '../../../contract/roles';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, fieldInvalid, ForbiddenError, InvalidError, NotFoundError, ThrottledError } from '../../../errors';
import { writeLog } from '../../../platform/audit/log';
import { accountLinkLimit, assertAttemptRoom, refuseAttempt } from '../../../platform/auth/attempt-limits';
import { hashPassword, verifyPassword, type HashingClient } from '../../../platform/auth/password';
import { countAttempt, hitThrottle, peekThrottle, clearThrottle, type ThrottleRule } from '../../../platform/auth/throttle';
import { throttleAddress } from '../../../platform/auth/throttle-address';
import type { DbOrTx } from '../../../platform/db/client';
import { passkeys, sessions, users } from '../../../platform/db/schema/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { findToken, issueToken, latestWaiting, PASSWORD_LINKS, spendToken, spendWaiting } from '../../../platform/tokens/index';
import { confirmAddress } from '../email-confirmation/service';
import { recordSession, sessionOf, type SessionClient } from '../sessions/service';
import { emailChangedMail, emailChangeMail, passwordChangedMail } from './mail';

/** An e-mail change's link lasts a day: the person asking is waiting for it. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** Wrong current passwords allowed per account in 15 minutes, as sign-in allows per name and address (docs/product.md#login). */
export const CURRENT_PASSWORD_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
/** E-mail change links an account may ask for in an hour (each spends the one before). */
const EMAIL_CHANGE_RULE: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };

type UserRow = typeof users.$inferSelect;

const currentPasswordKey = (userId: number) => `account-password:user:${userId}`;

async function accountOf(db: DbOrTx, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFoundError(messages.userNotFound);
  return row;
}

async function detailsOf(db: DbOrTx, row: UserRow, now: number): Promise<AccountDetailsView> {
  const pending = await latestWaiting(db, row.id, 'email-change', now);
  return {
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    name: row.name,
    phone: row.phone,
    pendingEmail: pending?.target ?? null,
    pendingEmailExpiresAt: pending ? new Date(pending.expiresAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** GET /api/account and account.details. */
export async function getDetails(deps: Deps, caller: Caller): Promise<AccountDetailsView> {
  return detailsOf(deps.db, await accountOf(deps.db, caller.id), deps.clock.now());
}

/** PUT /api/account and account.updateDetails: name and phone, logged when either changes. */
export async function updateDetails(deps: Deps, caller: Caller, input: UpdateDetailsInput): Promise<AccountDetailsView> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const row = await accountOf(tx, caller.id);
    const changed = [row.name !== input.name ? 'name' : null, row.phone !== input.phone ? 'phone' : null].filter((f) => f !== null);
    if (changed.length === 0) return detailsOf(tx, row, now);
    const [updated] = await tx.update(users).set({ name: input.name, phone: input.phone, updatedAt: now }).where(eq(users.id, caller.id)).returning();
    await writeLog(tx, now, { action: `Account details changed: ${changed.join(' and ')}`, username: caller.username, userId: caller.id });
    return detailsOf(tx, updated!, now);
  });
}

/**
 * The current password, checked as a sign-in checks one: wrong ones counted per account, and past the limit every
 * attempt, right or wrong, answers 429 until the window ends. Answers the account.
 */
export async function checkCurrentPassword(deps: Deps, caller: Caller, typed: string, client: HashingClient): Promise<UserRow> {
  const now = deps.clock.now();
  const key = currentPasswordKey(caller.id);
  const refuse = (retryAfterSeconds: number, resetsAt: number): never => {
    deps.metrics.throttleRefused('account_password');
    deps.refusals.gate.remember(key, { resetsAt, limit: 'account_password' }, now);
    throw new ThrottledError(messages.tooManyAttempts, retryAfterSeconds);
  };
  const remembered = deps.refusals.gate.refusal(key, now);
  if (remembered) throw new ThrottledError(messages.tooManyAttempts, remembered.retryAfterSeconds);
  const before = await peekThrottle(deps.db, key, CURRENT_PASSWORD_RULE, now);
  if (before.full) return refuse(before.retryAfterSeconds, before.resetsAt);
  const row = await accountOf(deps.db, caller.id);
  if (!(await verifyPassword(typed, row.passwordHash, client))) {
    const hit = await deps.write((tx) => hitThrottle(tx, key, CURRENT_PASSWORD_RULE, now));
    if (hit.over) return refuse(hit.retryAfterSeconds, hit.resetsAt);
    throw fieldInvalid(accountMessages.wrongPassword, { currentPassword: accountMessages.wrongPassword });
  }
  return row;
}

/** Another account holds the address (any letter case): refused without saying whose. */
async function assertAddressFree(tx: DbOrTx, email: string, userId: number): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  if (other) throw new ConflictError(accountMessages.emailUnavailable, { fieldErrors: { email: [accountMessages.emailUnavailable] } });
}

/**
 * POST /api/account/email and account.changeEmail: a link to the NEW address; nothing about the account changes
 * until it is opened (confirmEmailChange). A newer request spends the link of an earlier one. An account that has
 * not proved its address asks none: it may be a stranger's registration of it, moving the account to their mailbox
 * before the owner takes it (docs/product.md#changing-the-e-mail-address).
 */
export async function startEmailChange(deps: Deps, caller: Caller, input: ChangeEmailInput, clientAddress: string): Promise<{ message: string; pendingEmail: string }> {
  if ((await accountOf(deps.db, caller.id)).emailVerifiedAt === null) throw new ForbiddenError(accountMessages.emailChangeUnconfirmed);
  const row = await checkCurrentPassword(deps, caller, input.currentPassword, { address: throttleAddress(clientAddress) });
  if (row.email.toLowerCase() === input.email.toLowerCase()) throw fieldInvalid(accountMessages.sameEmail, { email: accountMessages.sameEmail });
  const now = deps.clock.now();
  // Refused before the count: a taken address costs no link.
  await assertAddressFree(deps.db, input.email, caller.id);
  const attempt = await countAttempt(deps, [{ key: `email-change:user:${caller.id}`, rule: EMAIL_CHANGE_RULE, limit: 'email_change' }], now);
  if (attempt.refusedBy) {
    deps.metrics.throttleRefused(attempt.refusedBy);
    throw new ThrottledError(messages.tooManyAttempts, attempt.retryAfterSeconds);
  }
  await deps.write(async (tx) => {
    // Again in the write: another account may have taken it since.
    await assertAddressFree(tx, input.email, caller.id);
    await spendWaiting(tx, caller.id, ['email-change'], now);
    const token = await issueToken(tx, { kind: 'email-change', userId: caller.id, target: input.email, ttlMs: EMAIL_CHANGE_TTL_MS, now });
    await deps.mailer.queue(tx, emailChangeMail(input.email, row.username, `${deps.publicUrl}/confirm-email-change?token=${token}`));
    await writeLog(tx, now, { action: 'E-mail change asked for: a link was sent to the new address', username: caller.username, userId: caller.id });
  });
  deliverSoon(deps, 'e-mail change mail');
  return { message: accountMessages.emailChangeSent, pendingEmail: input.email };
}

/**
 * POST /api/account/email/confirm and account.confirmEmailChange: only the account that asked, signed in, spends
 * the link. The new address counts as proved (the link reached it); the old one is told, and the links sent to it
 * stop working. The link is looked up before the write, and a bad one is counted against the client address, so a
 * flood of bad links is refused from memory past the limit and costs others nothing (docs/operations.md#refusals).
 */
export async function confirmEmailChange(deps: Deps, caller: Caller, input: ConfirmEmailChangeInput, clientAddress: string): Promise<{ message: string; account: AccountDetailsView }> {
  const now = deps.clock.now();
  const limits = [accountLinkLimit(clientAddress)];
  await assertAttemptRoom(deps, limits, now);
  const which = { kinds: ['email-change'] as const };
  const change = await findToken(deps.db, input.token, which, now);
  if (!change?.target) return refuseAttempt(deps, limits, now, new InvalidError(accountMessages.emailChangeInvalidLink));
  if (change.userId !== caller.id) throw new ForbiddenError(accountMessages.emailChangeOtherAccount);
  const newEmail = change.target;
  const result = await deps.write(async (tx) => {
    await assertAddressFree(tx, newEmail, caller.id);
    const before = await accountOf(tx, caller.id);
    // Claimed inside the transaction: of two confirmations racing with one link (or a newer request), only one spends it.
    if (!(await spendToken(tx, input.token, which, now))) throw new InvalidError(accountMessages.emailChangeInvalidLink);
    await tx.update(users).set({ email: newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, caller.id));
    // Confirmation and password links went to the old address: they no longer speak for the account.
    await spendWaiting(tx, caller.id, ['verify', ...PASSWORD_LINKS], now);
    // Requests and policies waiting for the new address join the account (docs/product.md#e-mail-confirmation).
    await confirmAddress(tx, caller.id, now);
    await deps.mailer.queue(tx, emailChangedMail(before.email, before.username));
    await writeLog(tx, now, { action: 'E-mail address changed (the link sent to the new address was opened); the old address was told', username: caller.username, userId: caller.id });
    return { message: accountMessages.emailChanged, account: await detailsOf(tx, await accountOf(tx, caller.id), now) };
  });
  deliverSoon(deps, 'e-mail changed mail');
  return result;
}

/**
 * POST /api/account/password and account.changePassword: the session version moves, so every token signed before
 * stops working at once (platform/auth/caller.ts); this device gets a new token for the same session, lasting as
 * the first did. The passkeys go too unless the person keeps them: one added by whoever knew the old password would
 * outlive it (docs/product.md#changing-the-password). The account is told by e-mail.
 */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  input: ChangePasswordInput,
  client: SessionClient,
): Promise<{ message: string; token: string; expiresAt: string; passkeysRemoved: string[]; passkeysRemaining: string[] }> {
  const hashing = { address: throttleAddress(client.address) };
  await checkCurrentPassword(deps, caller, input.currentPassword, hashing);
  // The slow, memory-hard hash runs before the write lock is taken.
  const passwordHash = await hashPassword(input.password, hashing);
  const now = deps.clock.now();
  const signed = await deps.write(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, caller.id))
      .returning();
    if (!row) throw new NotFoundError(messages.userNotFound);
    const session = await sessionOf(tx, caller.jti);
    const remember = session?.remember ?? false;
    const fresh = await deps.tokens.sign({ id: row.id, username: row.username, ...normaliseRoles(row), sessionVersion: row.sessionVersion }, remember, now);
    // Every other session ends; this one goes on under its new token (a token from before sessions were recorded gets a row now).
    await tx.update(sessions).set({ endedAt: now }).where(and(eq(sessions.userId, row.id), isNull(sessions.endedAt), ne(sessions.jti, caller.jti)));
    if (session) {
      await tx.update(sessions).set({ jti: fresh.jti, sessionVersion: row.sessionVersion, expiresAt: fresh.expiresAt, lastSeenAt: now }).where(eq(sessions.id, session.id));
    } else {
      await recordSession(tx, { jti: fresh.jti, userId: row.id, sessionVersion: row.sessionVersion, remember, expiresAt: fresh.expiresAt, client, now });
    }
    // A reset link from before would set the password again: spent.
    await spendWaiting(tx, row.id, PASSWORD_LINKS, now);
    const removed = input.removePasskeys ? await tx.delete(passkeys).where(eq(passkeys.userId, row.id)).returning({ name: passkeys.name }) : [];
    const remaining = await tx.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, row.id)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
    await clearThrottle(tx, currentPasswordKey(row.id));
    await deps.mailer.queue(tx, passwordChangedMail(row.email, row.username));
    const kept = removed.length > 0 ? `; passkeys removed: ${removed.map((k) => k.name).join(', ')}` : remaining.length > 0 ? `; passkeys kept: ${remaining.map((k) => k.name).join(', ')}` : '';
    await writeLog(tx, now, { action: `Password changed on the account page; every other session ended${kept}`, username: row.username, userId: row.id });
    return { ...fresh, passkeysRemoved: removed.map((k) => k.name), passkeysRemaining: remaining.map((k) => k.name) };
  });
  deliverSoon(deps, 'password changed mail');
  return {
    message: accountMessages.passwordChanged,
    token: signed.token,
    expiresAt: new Date(signed.expiresAt).toISOString(),
    passkeysRemoved: signed.passkeysRemoved,
    passkeysRemaining: signed.passkeysRemaining,
  };
}
