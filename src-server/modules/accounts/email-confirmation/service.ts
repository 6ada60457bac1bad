// An account owns its e-mail address only once it proves it (docs/product.md#e-mail-confirmation); until then no
// quote request or policy reaches it by its address.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { writeLog } from '../../../platform/audit/log';
import { accountLinkLimit, assertAttemptRoom, refuseAttempt } from '../../../platform/auth/attempt-limits';
import { countAttempt, type ThrottleRule } from '../../../platform/auth/throttle';
import { emailConfirmationMessages, type AccountCleared, type EmailCodeInput, type EmailConfirmInput } from '../../../contract/email-confirmation';
import { messages } from '../../../contract/messages';
import type { UserView } from '../../../contract/views';
import type { DbOrTx } from '../../../platform/db/client';
import { users } from '../../../platform/db/schema/index';
import { codeMatches, countWrongCode, findToken, issueCode, issueToken, knownToken, latestWaiting, spendCode, spendToken, spendWaiting } from '../../../platform/tokens/index';
import type { Caller, Deps } from '../../../deps';
import { ForbiddenError, InvalidError, NotFoundError, ThrottledError } from '../../../errors';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { confirmationMail } from './mail';
import { toUserView } from '../users/view';
import { clearAccountForOwner } from './clear-account';

/** A confirmation link lasts a week, as an invitation does: the e-mail may not be read at once. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
/** The six-digit code lasts as long as a purchase's price stands: it is typed while the person waits. */
export const CONFIRM_CODE_TTL_MS = 30 * 60_000;
/** Wrong codes one code takes: the try that reaches it spends the code, so a million codes are not guessed. */
export const CONFIRM_CODE_MAX_WRONG = 5;
/** Links an account may ask for in an hour (each spends the one before). */
const RESEND_RULE: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };

/**
 * Spends the earlier confirmation links and codes and queues a new e-mail with both, in the caller's transaction; the
 * caller delivers.
 */
export async function queueConfirmationLink(
  deps: Pick<Deps, 'mailer' | 'publicUrl'>,
  tx: DbOrTx,
  user: { id: number; username: string; email: string },
  now: number,
): Promise<void> {
  await spendWaiting(tx, user.id, ['verify', 'verify-code'], now);
  const token = await issueToken(tx, { kind: 'verify', userId: user.id, ttlMs: CONFIRM_TOKEN_TTL_MS, now });
  const code = await issueCode(tx, { kind: 'verify-code', userId: user.id, ttlMs: CONFIRM_CODE_TTL_MS, now });
  await deps.mailer.queue(tx, confirmationMail(user.email, user.username, `${deps.publicUrl}/verify-email?token=${token}`, code));
}

const accountById = async (db: DbOrTx, id: number) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/**
 * What a module above accounts does, in the same transaction, when an address is confirmed: requests sent from it join
 * the account, and the policies waiting on them (docs/product.md#e-mail-confirmation). Each answers the policy numbers
 * that joined. Registered by that module's door (modules/requests/index.ts): accounts imports no module above it.
 */
export type AddressConfirmedHook = (tx: DbOrTx, account: { id: number; username: string; email: string }, now: number) => Promise<string[]>;
const addressConfirmedHooks: AddressConfirmedHook[] = [];

export function onAddressConfirmed(hook: AddressConfirmedHook): void {
  addressConfirmedHooks.push(hook);
}

/** Marks the address owned, in the caller's transaction; unclaimed requests and waiting policies join the account. */
export async function confirmAddress(tx: DbOrTx, userId: number, now: number): Promise<{ confirmedNow: boolean; policiesJoined: string[] }> {
  const user = await accountById(tx, userId);
  if (!user) return { confirmedNow: false, policiesJoined: [] };
  const confirmedNow = user.emailVerifiedAt === null;
  if (confirmedNow) {
    await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
    await writeLog(tx, now, { action: 'E-mail address confirmed', username: user.username, userId });
  }
  const policiesJoined: string[] = [];
  for (const hook of addressConfirmedHooks) policiesJoined.push(...(await hook(tx, user, now)));
  return { confirmedNow, policiesJoined };
}

/** The account that has confirmed `email` (any letter case) as its address, or null. */
export async function confirmedOwnerOf(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return row?.id ?? null;
}

export async function isAddressConfirmed(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt))).limit(1);
  return row !== undefined;
}

/** POST /api/account/verify-email/request and account.verifyEmail.request: a new link to the caller's address. */
export async function requestConfirmation(deps: Deps, caller: Caller): Promise<{ message: string; emailVerified: boolean }> {
  const now = deps.clock.now();
  const user = await accountById(deps.db, caller.id);
  if (!user) throw new NotFoundError(messages.userNotFound);
  if (user.emailVerifiedAt !== null) return { message: emailConfirmationMessages.alreadyConfirmed, emailVerified: true };
  const attempt = await countAttempt(deps, [{ key: `confirm-email:user:${caller.id}`, rule: RESEND_RULE, limit: 'confirm_email' }], now);
  if (attempt.refusedBy) {
    deps.metrics.throttleRefused(attempt.refusedBy);
    throw new ThrottledError(messages.tooManyAttempts, attempt.retryAfterSeconds);
  }
  await deps.write((tx) => queueConfirmationLink(deps, tx, user, now));
  deliverSoon(deps, 'confirmation mail');
  return { message: emailConfirmationMessages.sent, emailVerified: false };
}

/**
 * Spends the link and confirms the address only for the account signed in: another's registration confirms nothing.
 * The first confirmation gives the account clean to the mailbox's owner (clear-account.ts): this session goes on,
 * every other one is signed out. The link is looked up before the write, and a bad one is counted against the client
 * address, so a flood of bad links is refused from memory past the limit and costs others nothing
 * (docs/operations.md#refusals).
 */
export async function confirmEmail(
  deps: Deps,
  caller: Caller,
  input: EmailConfirmInput,
  clientAddress: string,
): Promise<{ message: string; user: UserView; removed?: AccountCleared }> {
  const now = deps.clock.now();
  const limits = [accountLinkLimit(clientAddress)];
  await assertAttemptRoom(deps, limits, now);
  const which = { kinds: ['verify'] as const };
  const found = await findToken(deps.db, input.token, which, now);
  if (!found) {
    // A spent link of this account whose address is confirmed already: nothing to do, and nothing to alarm anyone.
    const spent = await knownToken(deps.db, input.token, which.kinds);
    if (spent?.userId === caller.id && (await isAddressConfirmed(deps.db, caller.id))) return confirmedAnswer(deps.db, caller.id, emailConfirmationMessages.alreadyConfirmed);
    return refuseAttempt(deps, limits, now, new InvalidError(emailConfirmationMessages.invalidLink));
  }
  if (found.userId !== caller.id) throw new ForbiddenError(emailConfirmationMessages.otherAccount);
  return deps.write(async (tx) => {
    // Claimed again inside the transaction: of two confirmations racing with one link, only one spends it.
    if (!(await spendToken(tx, input.token, which, now))) {
      if (await isAddressConfirmed(tx, caller.id)) return confirmedAnswer(tx, caller.id, emailConfirmationMessages.alreadyConfirmed);
      throw new InvalidError(emailConfirmationMessages.invalidLink);
    }
    return confirmedByOwner(tx, caller, now);
  });
}

/**
 * What proving the mailbox does, by the link or by the code, in the caller's transaction once the secret is spent:
 * the first confirmation clears the account for its owner (this session goes on), then the address is confirmed and
 * the hooks give the account its requests.
 */
async function confirmedByOwner(tx: DbOrTx, caller: Caller, now: number): Promise<{ message: string; user: UserView; removed?: AccountCleared }> {
  const removed = (await isAddressConfirmed(tx, caller.id)) ? undefined : await clearAccountForOwner(tx, caller, now, caller.jti);
  await confirmAddress(tx, caller.id, now);
  const answer = await confirmedAnswer(tx, caller.id, emailConfirmationMessages.confirmed);
  return removed ? { ...answer, removed } : answer;
}

/**
 * POST /api/account/verify-email/code and account.verifyEmail.code: the six-digit code from the confirmation e-mail,
 * typed by the account signed in on the purchase's own screen (docs/product.md#paying-online). It is looked up by
 * the account (only that account's newest code counts), so it confirms exactly what its link would. A wrong code is
 * counted on the code (the fifth spends it) and, as a bad link is, against the client address.
 */
export async function confirmEmailByCode(
  deps: Deps,
  caller: Caller,
  input: EmailCodeInput,
  clientAddress: string,
): Promise<{ message: string; user: UserView; removed?: AccountCleared }> {
  const now = deps.clock.now();
  const limits = [accountLinkLimit(clientAddress)];
  await assertAttemptRoom(deps, limits, now);
  if (await isAddressConfirmed(deps.db, caller.id)) return confirmedAnswer(deps.db, caller.id, emailConfirmationMessages.alreadyConfirmed);
  const row = await latestWaiting(deps.db, caller.id, 'verify-code', now);
  const wrong = new InvalidError(emailConfirmationMessages.codeWrong);
  if (!row || !codeMatches(row, input.code)) {
    return refuseAttempt(deps, limits, now, wrong, row ? (tx) => countWrongCode(tx, row.id, CONFIRM_CODE_MAX_WRONG, now) : undefined);
  }
  return deps.write(async (tx) => {
    // Spent only as read: a wrong try or a new code in between leaves this one to be typed again.
    if (!(await spendCode(tx, row, now))) {
      if (await isAddressConfirmed(tx, caller.id)) return confirmedAnswer(tx, caller.id, emailConfirmationMessages.alreadyConfirmed);
      throw wrong;
    }
    return confirmedByOwner(tx, caller, now);
  });
}

async function confirmedAnswer(tx: DbOrTx, userId: number, message: string): Promise<{ message: string; user: UserView }> {
  const row = await accountById(tx, userId);
  if (!row) throw new NotFoundError(messages.userNotFound);
  return { message, user: toUserView(row) };
}
