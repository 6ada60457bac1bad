// Signing in and out, registering, and the first owner.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import { hasAdminRights, normaliseRoles } from '../../../contract/roles';
import type { SecondFactorChallenge } from '../../../contract/second-factor';
import type { LoginInput, RegisterInput } from '../../../contract/schemas';
import type { LoginResult, UserView } from '../../../contract/views';
import { revokedTokens, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ThrottledError, UnauthenticatedError } from '../../../errors';
import { spendWaiting } from '../../../platform/tokens/index';
import { hashPassword, passwordHashing, verifyAgainstDummy, verifyPassword } from '../../../platform/auth/password';
import type { RefusalGate } from '../../../platform/auth/refusal-gate';
import { throttleAddress } from '../../../platform/auth/throttle-address';
import {
  addressThrottleKey,
  clearThrottle,
  countAttempt,
  hitThrottle,
  KNOWN_ADDRESS_MS,
  loginThrottleKeys,
  markSeen,
  peekThrottle,
  seenWithin,
  type ThrottleRule,
} from '../../../platform/auth/throttle';
import type { DbOrTx } from '../../../platform/db/client';
import { writeLog } from '../../../platform/audit/log';
import { logLoginFailed, logLoginThrottled } from '../../../platform/audit/login-refusals';
import type { ThrottleLimit } from '../../../platform/metrics';
import { safeLogText } from '../../../platform/audit/safe-text';
import { assertUnique } from '../users/service';
import { toUserView } from '../users/view';
import { isAddressConfirmed, queueConfirmationLink } from '../email-confirmation/service';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { endSessionOf, recordSession, type SessionClient } from '../sessions/service';
import { enrolledFactor, issueChallenge } from '../second-factor/factor';

/** Failed sign-ins allowed per 15-minute window: per name and address, per name, per address (docs/product.md#login). */
export const LOGIN_PAIR_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const LOGIN_USER_RULE: ThrottleRule = { limit: 50, windowMs: 15 * 60_000 };
export const LOGIN_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };
const REGISTER_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 60 * 60_000 };

/** Stored by an account made for someone else until its invitation is accepted: no password can match it. */
export function unusablePasswordHash(): string {
  return `!unset$${randomBytes(16).toString('base64url')}`;
}

/** Only a real scrypt hash can match; anything else (unusablePasswordHash) is refused as slowly as a wrong password. */
export const hasUsablePassword = (hash: string) => hash.startsWith('scrypt$');

/** The account a sign-in names: by e-mail when it has an '@' (no username can), else by username; any case. */
function accountNamed(identifier: string) {
  return identifier.includes('@') ? sql`lower(${users.email}) = lower(${identifier})` : sql`lower(${users.username}) = lower(${identifier})`;
}

interface LoginKeys {
  pair: string;
  user: string;
  address: string;
  known: string;
}

/** Which limits refuse a sign-in, with the seconds until the last of them resets. */
interface Refusal {
  byName: boolean;
  /** The first refusing limit (pair, then name, then address): what throttle_refusals_total counts. */
  limit: ThrottleLimit;
  retryAfterSeconds: number;
  /** When the refusing limits of the name (from this address) and of the address reset; 0 when not refusing. */
  nameResetsAt: number;
  addressResetsAt: number;
}

interface LimitState {
  refuses: boolean;
  retryAfterSeconds: number;
  resetsAt: number;
}

/** The refusal the three limits make, or null; the per-name limit spares a known address (`keys.known`). */
async function refusalOf(db: DbOrTx, keys: LoginKeys, now: number, pair: LimitState, user: LimitState, address: LimitState): Promise<Refusal | null> {
  const userRefuses = user.refuses && !(await seenWithin(db, keys.known, KNOWN_ADDRESS_MS, now));
  const byName = [pair.refuses ? pair : null, userRefuses ? user : null].filter((x) => x !== null);
  const refusing = address.refuses ? [...byName, address] : byName;
  if (refusing.length === 0) return null;
  const limit = pair.refuses ? 'login_pair' : userRefuses ? 'login_user' : 'login_address';
  return {
    byName: byName.length > 0,
    limit,
    retryAfterSeconds: Math.max(...refusing.map((x) => x.retryAfterSeconds)),
    nameResetsAt: Math.max(0, ...byName.map((x) => x.resetsAt)),
    addressResetsAt: address.refuses ? address.resetsAt : 0,
  };
}

// Remembers a refusal the database made (docs/operations.md#refusals): the name's under its `pair` key, liftable
// since a password reset clears it from any process; the address's until its window ends.
function rememberRefusal(gate: RefusalGate, keys: Pick<LoginKeys, 'pair' | 'address'>, refusal: Refusal, now: number): void {
  if (refusal.nameResetsAt > now) gate.remember(keys.pair, { resetsAt: refusal.nameResetsAt, limit: refusal.limit, liftable: true }, now);
  if (refusal.addressResetsAt > now) gate.remember(keys.address, { resetsAt: refusal.addressResetsAt, limit: 'login_address' }, now);
}

/** The refusal this process remembers for a sign-in, or null: then the database decides. */
function rememberedRefusal(gate: RefusalGate, keys: Pick<LoginKeys, 'pair' | 'address'>, now: number): Refusal | null {
  const byName = gate.refusal(keys.pair, now);
  const byAddress = gate.refusal(keys.address, now);
  const first = byName ?? byAddress;
  if (!first) return null;
  const retryAfterSeconds = Math.max(byName?.retryAfterSeconds ?? 0, byAddress?.retryAfterSeconds ?? 0);
  return { byName: byName !== undefined, limit: first.limit, retryAfterSeconds, nameResetsAt: 0, addressResetsAt: 0 };
}

/** Reads the limits without counting: a refusal where the failures already recorded fill one. */
async function refusalNow(db: DbOrTx, keys: LoginKeys, now: number): Promise<Refusal | null> {
  const peek = async (key: string, rule: ThrottleRule): Promise<LimitState> => {
    const state = await peekThrottle(db, key, rule, now);
    return { refuses: state.full, retryAfterSeconds: state.retryAfterSeconds, resetsAt: state.resetsAt };
  };
  return refusalOf(db, keys, now, await peek(keys.pair, LOGIN_PAIR_RULE), await peek(keys.user, LOGIN_USER_RULE), await peek(keys.address, LOGIN_ADDRESS_RULE));
}

/** Counts one failure against every limit, atomically each: a refusal where this failure goes over one. */
async function countFailure(tx: DbOrTx, keys: LoginKeys, now: number): Promise<Refusal | null> {
  const hit = async (key: string, rule: ThrottleRule): Promise<LimitState> => {
    const counted = await hitThrottle(tx, key, rule, now);
    return { refuses: counted.over, retryAfterSeconds: counted.retryAfterSeconds, resetsAt: counted.resetsAt };
  };
  return refusalOf(tx, keys, now, await hit(keys.pair, LOGIN_PAIR_RULE), await hit(keys.user, LOGIN_USER_RULE), await hit(keys.address, LOGIN_ADDRESS_RULE));
}

/**
 * Sign-in with the username or e-mail address (docs/product.md#login). Only failures count, each by an atomic
 * upsert after the check and answered 401 only within every limit, so parallel guesses are counted exactly; past
 * a limit right and wrong alike answer 429. Refusals write nothing on their path (docs/operations.md#refusals).
 */
export async function login(deps: Deps, input: LoginInput, clientAddress: string, userAgent?: string): Promise<LoginResult | SecondFactorChallenge> {
  // Password hashing at capacity: refused (503) before any read or write, whoever is named.
  passwordHashing.assertRoom({ address: throttleAddress(clientAddress), known: true });
  const now = deps.clock.now();
  // What was typed, as the audit log may quote it: nothing has vouched for it (docs/product.md#audit-log).
  const typed = safeLogText(input.username);
  const limited = { pair: loginThrottleKeys.pair(input.username, clientAddress), address: loginThrottleKeys.address(clientAddress) };
  const userKey = loginThrottleKeys.user(input.username);
  const refuse = (refusal: Refusal): never => {
    deps.metrics.throttleRefused(refusal.limit);
    logLoginThrottled(deps, typed, refusal.byName ? { userKey } : { addressKey: limited.address });
    rememberRefusal(deps.refusals.gate, limited, refusal, now);
    throw new ThrottledError(messages.tooManyAttempts, refusal.retryAfterSeconds);
  };
  const remembered = rememberedRefusal(deps.refusals.gate, limited, now);
  if (remembered) return refuse(remembered);

  const [row] = await deps.db.select().from(users).where(accountNamed(input.username)).limit(1);
  const keys: LoginKeys = {
    ...limited,
    user: userKey,
    // Read for an unknown name too (no account has id 0), so both take the same steps.
    known: loginThrottleKeys.known(row?.id ?? 0, clientAddress),
  };

  const before = await refusalNow(deps.db, keys, now);
  if (before) return refuse(before);

  // A known address waits ahead of others for its hash; read for an unknown name too.
  const client = { address: throttleAddress(clientAddress), known: await seenWithin(deps.db, keys.known, KNOWN_ADDRESS_MS, now) };
  passwordHashing.assertRoom(client);
  // A closed account (docs/product.md#closed-accounts) is refused as a wrong password is: nothing tells a guesser it exists.
  const open = row && row.closedAt === null && hasUsablePassword(row.passwordHash);
  const ok = open ? await verifyPassword(input.password, row.passwordHash, client) : await verifyAgainstDummy(input.password, client);
  if (!row || !ok) {
    const refusal = await deps.write((tx) => countFailure(tx, keys, now));
    if (refusal) return refuse(refusal);
    await logLoginFailed(deps, typed, keys.user);
    throw new UnauthenticatedError(messages.invalidCredentials);
  }

  const outcome = await deps.write(async (tx) => {
    // Failures recorded while the password was being checked count too.
    const after = await refusalNow(tx, keys, now);
    if (after) return { refusal: after };
    // Proven from this address: its counter restarts and the address becomes known to the account.
    await clearThrottle(tx, keys.pair);
    await markSeen(tx, keys.known, now);
    // The password is in use: an invitation to choose one has done its job and would only be a second way in, one
    // that never asks for a code (docs/product.md#welcome).
    await spendWaiting(tx, row.id, ['invite'], now);
    // A staff account with a second factor gets a challenge for its code, not yet a session (docs/product.md#second-factor-for-staff).
    if (hasAdminRights(row) && (await enrolledFactor(tx, row.id))) {
      await writeLog(tx, now, { action: 'Password accepted, second factor asked', username: row.username, userId: row.id });
      return { challenge: await issueChallenge(tx, row.id, now) };
    }
    await writeLog(tx, now, { action: 'Login succeeded', username: row.username, userId: row.id });
    return {};
  });
  if (outcome.refusal) return refuse(outcome.refusal);
  if (outcome.challenge) return outcome.challenge;
  return signIn(deps, row, input.remember, now, { address: clientAddress, userAgent });
}

/**
 * A session for the account, as a sign-in answers it (an invitation's link signs in too): the one place sessions are
 * signed, so each is recorded for "Signed in on" (modules/accounts/sessions).
 */
export async function signIn(
  deps: Pick<Deps, 'tokens' | 'write'>,
  row: typeof users.$inferSelect,
  remember: boolean,
  now: number,
  client: SessionClient,
): Promise<LoginResult> {
  const { token, expiresAt, jti } = await deps.tokens.sign(
    { id: row.id, username: row.username, ...normaliseRoles(row), sessionVersion: row.sessionVersion },
    remember,
    now,
  );
  await deps.write((tx) => recordSession(tx, { jti, userId: row.id, sessionVersion: row.sessionVersion, remember, expiresAt, client, now }));
  return { token, expiresAt: new Date(expiresAt).toISOString(), user: toUserView(row) };
}

export async function register(deps: Deps, input: RegisterInput, clientAddress: string): Promise<UserView> {
  // Refused (503) before the attempt is counted when the password hashing is at capacity.
  const client = { address: throttleAddress(clientAddress) };
  passwordHashing.assertRoom(client);
  const now = deps.clock.now();
  const attempt = await countAttempt(deps, [{ key: addressThrottleKey('register', clientAddress), rule: REGISTER_ADDRESS_RULE, limit: 'register' }], now);
  if (attempt.refusedBy) {
    deps.metrics.throttleRefused(attempt.refusedBy);
    throw new ThrottledError(messages.tooManyAttempts, attempt.retryAfterSeconds);
  }
  const passwordHash = await hashPassword(input.password, client);
  const user = await deps.write(async (tx) => {
    await assertUnique(tx, input.username, input.email, null);
    const [row] = await tx
      .insert(users)
      // Registration always creates a plain user, whatever the payload says.
      .values({ username: input.username, email: input.email, passwordHash, isAdmin: false, isOwner: false, createdAt: now, updatedAt: now })
      .returning();
    await writeLog(tx, now, { action: `Registered new account: ${row!.username}`, username: row!.username, userId: row!.id });
    // The address is the account's only once a link sent to it is opened (docs/product.md#e-mail-confirmation).
    await queueConfirmationLink(deps, tx, row!, now);
    return toUserView(row!);
  });
  deliverSoon(deps, 'confirmation mail');
  return user;
}

/** GET /api/me and account.me: who is signed in, whether their address is confirmed, and when the session lapses. */
export async function currentSession(deps: Deps, caller: Caller) {
  const { id, username, isAdmin, isOwner, exp } = caller;
  const emailVerified = await isAddressConfirmed(deps.db, id);
  return { user: { id, username, isAdmin, isOwner, emailVerified }, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Revokes the presented token until it would have expired anyway. */
export async function logout(deps: Deps, caller: Caller): Promise<void> {
  const now = deps.clock.now();
  await deps.write(async (tx) => {
    await tx.insert(revokedTokens).values({ jti: caller.jti, expiresAt: caller.exp * 1000 }).onConflictDoNothing();
    // "Signed in on" no longer lists it (docs/product.md#account).
    await endSessionOf(tx, caller.jti, now);
    await writeLog(tx, now, { action: 'Signed out', username: caller.username, userId: caller.id });
  });
}

export interface FirstOwnerSettings {
  username: string;
  email: string;
  password?: string | undefined;
}

const anOwner = (db: DbOrTx) => db.select({ id: users.id }).from(users).where(eq(users.isOwner, true)).limit(1);

/** At start-up, creates the owner from the settings when none exists; a generated password is answered to print once. */
export async function ensureFirstOwner(deps: Deps, settings: FirstOwnerSettings): Promise<{ created: boolean; generatedPassword?: string }> {
  // Read first so that an ordinary start (an owner exists) hashes no password.
  const [existing] = await anOwner(deps.db);
  if (existing) return { created: false };
  const generatedPassword = settings.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(settings.password ?? generatedPassword!);
  const now = deps.clock.now();
  const outcome = await deps.write(async (tx) => {
    // Again in the write: another process starting now may have made the owner since the read.
    const [made] = await anOwner(tx);
    if (made) return 'exists' as const;
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${settings.username}) or lower(${users.email}) = lower(${settings.email})`)
      .limit(1);
    if (clash) {
      // The operator named an existing account as the owner: promote it rather than fail to start.
      await tx.update(users).set({ isOwner: true, isAdmin: true, updatedAt: now }).where(eq(users.id, clash.id));
    } else {
      // The operator who runs the server chose this address: it counts as confirmed (docs/product.md#e-mail-confirmation).
      await tx
        .insert(users)
        .values({ username: settings.username, email: settings.email, passwordHash, isAdmin: true, isOwner: true, emailVerifiedAt: now, createdAt: now, updatedAt: now });
    }
    await writeLog(tx, now, { action: `First owner set up: ${settings.username}`, username: 'system' });
    return clash ? ('promoted' as const) : ('inserted' as const);
  });
  if (outcome === 'exists') return { created: false };
  // A promoted account keeps its own password, so there is nothing to print.
  return generatedPassword && outcome === 'inserted' ? { created: true, generatedPassword } : { created: true };
}
