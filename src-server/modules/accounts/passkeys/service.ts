// Passkeys (docs/product.md#passkeys): any account may add WebAuthn credentials on its account page and sign in with
// one instead of a password. The relying party is the server's public address (deps.publicUrl), never the request's
// Host header, so a forged header cannot make a ceremony for another site.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, desc, eq } from 'drizzle-orm';
import { brand } from '../../../contract/brand';
import { messages } from '../../../contract/messages';
import { passkeyMessages, type AddPasskeyInput, type PasskeyList, type PasskeyLoginInput, type PasskeyOptions, type PasskeyOptionsInput, type PasskeyView } from '../../../contract/passkeys';
import { hasAdminRights } from '../../../contract/roles';
import type { LoginResult } from '../../../contract/views';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, ForbiddenError, NotFoundError, ThrottledError, UnauthenticatedError, fieldInvalid } from '../../../errors';
import { writeLog } from '../../../platform/audit/log';
import { addressLimit, assertAttemptRoom, refuseAttempt } from '../../../platform/auth/attempt-limits';
import { addressThrottleKey, type ThrottleRule } from '../../../platform/auth/throttle';
import { throttleAddress } from '../../../platform/auth/throttle-address';
import { passkeys, users } from '../../../platform/db/schema/index';
import { findToken, issueToken, knownToken, recordSpent, spendToken } from '../../../platform/tokens/index';
import { signIn } from '../account/service';
import { checkCurrentPassword } from '../my-account/service';
import { enrolledFactor } from '../second-factor/factor';
import { spendCallerCode } from '../second-factor/service';

/** How long a ceremony's challenge waits for the authenticator's answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * Sign-in options one address may ask for in 15 minutes, counted in memory (a stored count would be the write a
 * stored challenge was): as many as the refused answers it may send (docs/operations.md#refusals).
 */
export const PASSKEY_OPTIONS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };
/** Passkeys one account may hold: enough for every device a person has. */
export const PASSKEYS_PER_ACCOUNT = 10;

/** The relying party: the public address's host name and origin. */
function relyingParty(deps: Pick<Deps, 'publicUrl'>) {
  const url = new URL(deps.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The user handle a passkey carries for the account: its id, so a discoverable passkey names whose it is. */
const userHandleOf = (userId: number) => Buffer.from(String(userId), 'utf8');

/** An adding ceremony's challenge: the account's own, stored by its hash when asked for (platform/tokens). */
const addingChallenge = (userId: number) => ({ kinds: ['passkey-register'] as const, userId });

/** The challenge the browser signed, read from clientDataJSON; '' when that is not JSON with one. */
function challengeIn(clientDataJSON: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = parsed && typeof parsed === 'object' && 'challenge' in parsed ? parsed.challenge : '';
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}

/** Refused passkey sign-ins and additions per address: the sign-in's per-address limit (docs/product.md#login). */
const addressLimits = (clientAddress: string) => [addressLimit('passkey', clientAddress, 'passkey_address')];

/** Refuses (429, nothing written) while the address's refused passkey answers fill the window: from memory once seen. */
async function assertRoom(deps: Deps, clientAddress: string, now: number): Promise<void> {
  await assertAttemptRoom(deps, addressLimits(clientAddress), now);
}

/** Counts a refused answer against the address with its audit entry; 429 when that goes over the limit, else `refusal`. */
async function refuse(deps: Deps, clientAddress: string, who: { id: number; username: string } | null, action: string, now: number, refusal: Error): Promise<never> {
  return refuseAttempt(deps, addressLimits(clientAddress), now, refusal, (tx) =>
    writeLog(tx, now, { action, level: 'warning', username: who?.username ?? null, userId: who?.id ?? null }),
  );
}

const toView = (row: typeof passkeys.$inferSelect): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
});

const transportsOf = (row: typeof passkeys.$inferSelect): string[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

/** GET /api/account/passkeys: the caller's own passkeys, newest first. */
export async function listPasskeys(deps: Pick<Deps, 'db'>, caller: Caller): Promise<PasskeyList> {
  const rows = await deps.db.select().from(passkeys).where(eq(passkeys.userId, caller.id)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return { passkeys: rows.map(toView) };
}

/** An account that has not proved its address may be a stranger's registration of it: it adds no passkey (docs/product.md#passkeys). */
async function assertAddressProved(deps: Pick<Deps, 'db'>, caller: Caller): Promise<void> {
  const [account] = await deps.db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, caller.id));
  if (!account || account.emailVerifiedAt === null) throw new ForbiddenError(passkeyMessages.unconfirmed);
}

/**
 * POST /api/account/passkeys/options: a registration ceremony for the caller; their passkeys are excluded, so one
 * device is added once. Only for an account that has proved its address, and only with the current password (and,
 * for staff with a second factor, a code), each checked and throttled as where they are asked already: a passkey
 * outlives a session, so a session alone must not be enough to add one (docs/product.md#passkeys).
 */
export async function registrationOptions(deps: Deps, caller: Caller, input: PasskeyOptionsInput, clientAddress: string): Promise<PasskeyOptions> {
  await assertAddressProved(deps, caller);
  const needsCode = hasAdminRights(caller) && (await enrolledFactor(deps.db, caller.id)) !== undefined;
  if (needsCode && input.code === undefined) throw fieldInvalid(passkeyMessages.codeRequired, { code: passkeyMessages.codeRequired });
  await checkCurrentPassword(deps, caller, input.currentPassword, { address: throttleAddress(clientAddress) });
  if (needsCode) await spendCallerCode(deps, caller, input.code!, clientAddress);
  const now = deps.clock.now();
  const { rpID } = relyingParty(deps);
  const existing = await deps.db.select().from(passkeys).where(eq(passkeys.userId, caller.id));
  // The challenge itself goes only to the browser.
  const challenge = await deps.write((tx) => issueToken(tx, { kind: 'passkey-register', userId: caller.id, ttlMs: PASSKEY_CHALLENGE_TTL_MS, now }));
  const options = await generateRegistrationOptions({
    rpName: brand.name,
    rpID,
    userName: caller.username,
    userID: userHandleOf(caller.id),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { options: { ...options } };
}

/**
 * POST /api/account/passkeys: the authenticator's answer to the caller's own challenge, checked (origin, relying
 * party, user verification, signature) before the passkey is stored, with its audit entry, in one write.
 */
export async function addPasskey(deps: Deps, caller: Caller, input: AddPasskeyInput, clientAddress: string): Promise<PasskeyView> {
  const now = deps.clock.now();
  await assertRoom(deps, clientAddress, now);
  // Again here: the address may have become unconfirmed (staff changed it) since the options were given.
  await assertAddressProved(deps, caller);
  const { rpID, origin } = relyingParty(deps);
  const challenge = challengeIn(input.response.response.clientDataJSON);
  const notAdded = () => refuse(deps, clientAddress, caller, 'Passkey refused', now, fieldInvalid(messages.passkeyNotAdded, { response: messages.passkeyNotAdded }));
  if (!challenge || !(await findToken(deps.db, challenge, addingChallenge(caller.id), now))) return notAdded();
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!verified.verified) return notAdded();
    info = verified.registrationInfo;
  } catch {
    return notAdded();
  }
  const { credential } = info;
  const row = await deps.write(async (tx) => {
    if (!(await spendToken(tx, challenge, addingChallenge(caller.id), now))) return 'expired' as const;
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (taken) return 'exists' as const;
    const held = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, caller.id));
    if (held.length >= PASSKEYS_PER_ACCOUNT) return 'full' as const;
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: caller.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(input.response.response.transports ?? []),
        name: input.name,
        createdAt: now,
      })
      .returning();
    await writeLog(tx, now, { action: `Passkey added: ${input.name}`, username: caller.username, userId: caller.id });
    return added!;
  });
  if (row === 'expired') return notAdded();
  if (row === 'exists') throw new ConflictError(messages.passkeyExists);
  if (row === 'full') throw new ConflictError(messages.passkeyLimit);
  return toView(row);
}

/** POST /api/account/passkeys/remove: one of the caller's own passkeys; another account's is not found. */
export async function removePasskey(deps: Deps, caller: Caller, input: { id: number }): Promise<void> {
  const now = deps.clock.now();
  const removed = await deps.write(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, caller.id)))
      .returning({ name: passkeys.name });
    if (!row) return false;
    await writeLog(tx, now, { action: `Passkey removed: ${row.name}`, level: 'warning', username: caller.username, userId: caller.id });
    return true;
  });
  if (!removed) throw new NotFoundError(messages.passkeyNotFound);
}

/**
 * POST /api/login/passkey/options: a sign-in ceremony for any passkey of this site (the browser offers its own). Its
 * challenge is signed, not stored, so asking writes nothing; an address asking too often is refused from memory.
 */
export async function signInOptions(deps: Deps, clientAddress: string): Promise<PasskeyOptions> {
  const now = deps.clock.now();
  const calls = deps.refusals.calls.hit(addressThrottleKey('passkey-options', clientAddress), PASSKEY_OPTIONS_RULE, now);
  if (calls.over) {
    deps.metrics.throttleRefused('passkey_options');
    throw new ThrottledError(messages.tooManyAttempts, calls.retryAfterSeconds);
  }
  const { rpID } = relyingParty(deps);
  const challenge = deps.signInChallenges.issue(now, PASSKEY_CHALLENGE_TTL_MS);
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'required',
  });
  return { options: { ...options } };
}

/**
 * POST /api/login/passkey: a session through signIn for the account whose passkey signed the challenge. The challenge
 * must be one this site signed and unexpired (checked without a read), and is spent once; the counter must move
 * forward (a copied authenticator is refused); refusals count against the address. Being a device the person holds
 * plus its PIN or biometric, it stands for the staff second factor.
 */
export async function signInWithPasskey(deps: Deps, input: PasskeyLoginInput, clientAddress: string, userAgent?: string): Promise<LoginResult> {
  const now = deps.clock.now();
  await assertRoom(deps, clientAddress, now);
  const { rpID, origin } = relyingParty(deps);
  const { response } = input;
  const challenge = challengeIn(response.response.clientDataJSON);
  const [found] = await deps.db.select({ passkey: passkeys, user: users }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(eq(passkeys.credentialId, response.id));
  const who = found ? { id: found.user.id, username: found.user.username } : null;
  const notAccepted = () => refuse(deps, clientAddress, who, 'Passkey sign-in refused', now, new UnauthenticatedError(messages.passkeyNotAccepted));
  if (!found || found.user.closedAt !== null) return notAccepted();
  const { passkey, user } = found;
  // A discoverable passkey names its account: it must be the account the credential was added to.
  if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(user.id).toString('base64url')) return notAccepted();
  const expiresAt = deps.signInChallenges.check(challenge, now);
  if (expiresAt === null || (await knownToken(deps.db, challenge, ['passkey-sign-in']))) return notAccepted();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: true,
    });
    if (!verified.verified) return notAccepted();
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    return notAccepted();
  }
  const accepted = await deps.write(async (tx) => {
    if (!(await recordSpent(tx, challenge, 'passkey-sign-in', expiresAt, now))) return false;
    // The counter checked above still stands only if no other sign-in moved it meanwhile (0 stays 0 for authenticators without one).
    const moved = await tx
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
      .returning({ id: passkeys.id });
    if (moved.length === 0) return false;
    await writeLog(tx, now, { action: `Login succeeded with a passkey: ${passkey.name}`, username: user.username, userId: user.id });
    return true;
  });
  if (!accepted) return notAccepted();
  return signIn(deps, user, input.remember, now, { address: clientAddress, userAgent, passkey: true });
}
