// Signing in and out, registering, and the first owner.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import { normaliseRoles } from '../../contract/roles';
import type { LoginInput, RegisterInput } from '../../contract/schemas';
import type { LoginResult, UserView } from '../../contract/views';
import { revokedTokens, users } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { ThrottledError, UnauthenticatedError } from '../../errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { clearThrottle, hitThrottle, loginThrottleKeys, refundThrottle, type ThrottleRule } from '../../auth/throttle';
import { logEvent, writeLog } from '../../audit/log';
import { safeLogText } from '../../audit/safe-text';
import { assertUnique, toUserView } from '../users/service';

/** Failed sign-ins allowed per username, and per client address, in a 15-minute window. */
export const LOGIN_USER_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
const LOGIN_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };
const REGISTER_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 60 * 60_000 };

/**
 * What an account made for someone else (a policy issued to a new customer: features/quotes/issue-policy.ts)
 * stores until its invitation is accepted: no password can ever match it.
 */
export function unusablePasswordHash(): string {
  return `!unset$${randomBytes(16).toString('base64url')}`;
}

/** Only a real scrypt hash can match; anything else (unusablePasswordHash) is refused as slowly as a wrong password. */
export const hasUsablePassword = (hash: string) => hash.startsWith('scrypt$');

/**
 * The account a sign-in names: by its e-mail address when the identifier has an '@' (no username can: the
 * username rule allows letters, digits, dots, hyphens and underscores), else by its username; any letter case
 * either way (docs/product.md#login).
 */
function accountNamed(identifier: string) {
  return identifier.includes('@') ? sql`lower(${users.email}) = lower(${identifier})` : sql`lower(${users.username}) = lower(${identifier})`;
}

/**
 * Sign-in with the username or the account's e-mail address. The throttle counts per identifier as typed
 * (lower-cased) and per client address, before the password is checked; the messages are the same whichever
 * was typed and whether or not it names an account.
 */
export async function login(deps: Deps, input: LoginInput, clientAddress: string): Promise<LoginResult> {
  const now = deps.clock.now();
  const userKey = loginThrottleKeys.user(input.username);
  const addressKey = loginThrottleKeys.address(clientAddress);
  // What was typed, as the audit log may quote it: nothing has vouched for it (docs/product.md#audit-log).
  const typed = safeLogText(input.username);
  // Count the attempt before checking the password, atomically: parallel guesses cannot slip past the limit.
  const [byUser, byAddress] = await deps.write(async (tx) => [
    await hitThrottle(tx, userKey, LOGIN_USER_RULE, now),
    await hitThrottle(tx, addressKey, LOGIN_ADDRESS_RULE, now),
  ]);
  if (byUser.over || byAddress.over) {
    await logEvent(deps, { action: `Login throttled for ${typed}`, level: 'warning', username: typed });
    throw new ThrottledError(messages.tooManyAttempts, Math.max(byUser.over ? byUser.retryAfterSeconds : 0, byAddress.over ? byAddress.retryAfterSeconds : 0));
  }

  const [row] = await deps.db.select().from(users).where(accountNamed(input.username)).limit(1);
  const ok = row && hasUsablePassword(row.passwordHash) ? await verifyPassword(input.password, row.passwordHash) : await verifyAgainstDummy(input.password);
  if (!row || !ok) {
    await logEvent(deps, { action: `Login failed for ${typed}`, level: 'warning', username: typed });
    throw new UnauthenticatedError(messages.invalidCredentials);
  }

  await deps.write(async (tx) => {
    await clearThrottle(tx, userKey);
    await refundThrottle(tx, addressKey);
    await writeLog(tx, now, { action: 'Login succeeded', username: row.username, userId: row.id });
  });
  const { token, expiresAt } = await deps.tokens.sign(
    { id: row.id, username: row.username, ...normaliseRoles(row), sessionVersion: row.sessionVersion },
    input.remember,
    now,
  );
  return { token, expiresAt: new Date(expiresAt).toISOString(), user: toUserView(row) };
}

export async function register(deps: Deps, input: RegisterInput, clientAddress: string): Promise<UserView> {
  const now = deps.clock.now();
  const hit = await deps.write((tx) => hitThrottle(tx, `register:ip:${clientAddress}`, REGISTER_ADDRESS_RULE, now));
  if (hit.over) throw new ThrottledError(messages.tooManyAttempts, hit.retryAfterSeconds);
  const passwordHash = await hashPassword(input.password);
  return deps.write(async (tx) => {
    await assertUnique(tx, input.username, input.email, null);
    const [row] = await tx
      .insert(users)
      // Registration always creates a plain user, whatever the payload says.
      .values({ username: input.username, email: input.email, passwordHash, isAdmin: false, isOwner: false, createdAt: now, updatedAt: now })
      .returning();
    await writeLog(tx, now, { action: `Registered new account: ${row!.username}`, username: row!.username, userId: row!.id });
    return toUserView(row!);
  });
}

/** Revokes the presented token until it would have expired anyway. */
export async function logout(deps: Deps, caller: Caller): Promise<void> {
  const now = deps.clock.now();
  await deps.write(async (tx) => {
    await tx.insert(revokedTokens).values({ jti: caller.jti, expiresAt: caller.exp * 1000 }).onConflictDoNothing();
    await writeLog(tx, now, { action: 'Signed out', username: caller.username, userId: caller.id });
  });
}

export interface FirstOwnerSettings {
  username: string;
  email: string;
  password?: string | undefined;
}

/**
 * At start-up: when no owner exists, creates one from the settings. Without a password one is generated
 * and answered so main.ts can print it once.
 */
export async function ensureFirstOwner(deps: Deps, settings: FirstOwnerSettings): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.isOwner, true)).limit(1);
  if (existing) return { created: false };
  const generatedPassword = settings.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(settings.password ?? generatedPassword!);
  const now = deps.clock.now();
  const promoted = await deps.write(async (tx) => {
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${settings.username}) or lower(${users.email}) = lower(${settings.email})`)
      .limit(1);
    if (clash) {
      // The operator named an existing account as the owner: promote it rather than fail to start.
      await tx.update(users).set({ isOwner: true, isAdmin: true, updatedAt: now }).where(eq(users.id, clash.id));
    } else {
      await tx.insert(users).values({ username: settings.username, email: settings.email, passwordHash, isAdmin: true, isOwner: true, createdAt: now, updatedAt: now });
    }
    await writeLog(tx, now, { action: `First owner set up: ${settings.username}`, username: 'system' });
    return clash !== undefined;
  });
  // A promoted account keeps its own password, so there is nothing to print.
  return generatedPassword && !promoted ? { created: true, generatedPassword } : { created: true };
}
