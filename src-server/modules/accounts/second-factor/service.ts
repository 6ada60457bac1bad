// The staff second factor (docs/product.md#second-factor-for-staff): a TOTP authenticator an admin or owner sets up,
// asked for after the password; ten single-use recovery codes; the owner's rule that every staff account has one.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { brand } from '../../../contract/brand';
import { messages } from '../../../contract/messages';
import { hasAdminRights } from '../../../contract/roles';
import {
  normaliseCode,
  TOTP_CODE_RE,
  type RecoveryCodes,
  type SecondFactorLoginInput,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from '../../../contract/second-factor';
import type { LoginResult } from '../../../contract/views';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, ForbiddenError, UnauthenticatedError, fieldInvalid } from '../../../errors';
import { writeLog } from '../../../platform/audit/log';
import { assertOwnerRights } from '../../../platform/auth/permissions';
import { addressLimit, assertAttemptRoom, refuseAttempt, type AttemptLimit } from '../../../platform/auth/attempt-limits';
import { clearThrottle, type ThrottleRule } from '../../../platform/auth/throttle';
import type { DbOrTx } from '../../../platform/db/client';
import { oneTimeTokens, recoveryCodes, siteSettings, staffFactors, users } from '../../../platform/db/schema/index';
import { hashToken, spendToken, spendWaiting, usableToken } from '../../../platform/tokens/index';
import { signIn } from '../account/service';
import { enrolledFactor, factorRequired, hasSecondFactor, RULE_KEY } from './factor';

/** Wrong codes allowed per account per 15 minutes, as the sign-in's per-name pair limit (docs/product.md#login); per address, attempt-limits.ts's rule. */
export const CODE_USER_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
/** A code of the step before or after now is taken too: the phone's clock and the typing take a few seconds. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

/** Wrong codes and unknown challenges from the address, counted together. */
const addressCodeLimit = (clientAddress: string) => addressLimit('second-factor', clientAddress, 'second_factor_address');
const userCodeLimit = (userId: number): AttemptLimit => ({ key: `second-factor:user:${userId}`, rule: CODE_USER_RULE, limit: 'second_factor_user' });
const codeLimits = (userId: number, clientAddress: string) => ({ user: userCodeLimit(userId), address: addressCodeLimit(clientAddress) });
/** Where a refusal of the challenge's account is remembered too, so a flood of codes for it reads nothing (not even the challenge). */
const challengeKey = (tokenHash: string) => `second-factor:challenge:${tokenHash}`;

const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseCode(code), 'utf8').digest('hex');

/** Ten letters and digits from an alphabet without look-alikes (0/O, 1/I), shown as `ABCDE-23456`. */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The TOTP step a code matches, later than the last one accepted; null for a wrong, expired or reused code. */
async function matchingStep(deps: Deps, factor: typeof staffFactors.$inferSelect, code: string, now: number): Promise<number | null> {
  const secret = deps.factorKeys.open(factor.secretSealed);
  if (secret === null) return null;
  const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: TOLERANCE_SECONDS, afterTimeStep: factor.lastStep });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

type Proof = { kind: 'totp'; step: number } | { kind: 'recovery'; hash: string };

/** What a typed code proves for the account: a TOTP step, or an unused recovery code; null for neither. */
async function proofOf(deps: Deps, factor: typeof staffFactors.$inferSelect, typed: string, now: number): Promise<Proof | null> {
  const code = normaliseCode(typed);
  if (TOTP_CODE_RE.test(code)) {
    const step = await matchingStep(deps, factor, code, now);
    return step === null ? null : { kind: 'totp', step };
  }
  const hash = hashRecoveryCode(code);
  const [row] = await deps.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, factor.userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)));
  return row ? { kind: 'recovery', hash } : null;
}

/**
 * Spends the proof in the caller's transaction, each exactly once however many requests race: the step only if it is
 * still later than the last accepted, the recovery code only if still unused. False when another request got there first.
 */
async function spendProof(tx: DbOrTx, userId: number, proof: Proof, now: number): Promise<boolean> {
  if (proof.kind === 'totp') {
    const moved = await tx
      .update(staffFactors)
      .set({ lastStep: proof.step })
      .where(and(eq(staffFactors.userId, userId), lt(staffFactors.lastStep, proof.step)))
      .returning({ userId: staffFactors.userId });
    return moved.length === 1;
  }
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, proof.hash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/** Refuses (429, nothing written) while the account's or the address's wrong codes fill a window: from memory once seen. */
async function assertCodeRoom(deps: Deps, limits: ReturnType<typeof codeLimits>, now: number): Promise<void> {
  await assertAttemptRoom(deps, [limits.user, limits.address], now);
}

/** Counts a wrong code against both limits with its audit entry; 429 when it goes over one, else the field's 400/401. */
async function refuseCode(deps: Deps, limits: ReturnType<typeof codeLimits>, who: { id: number; username: string }, now: number, refusal: Error): Promise<never> {
  return refuseAttempt(deps, [limits.user, limits.address], now, refusal, (tx) =>
    writeLog(tx, now, { action: 'Second factor code refused', level: 'warning', username: who.username, userId: who.id }),
  );
}

/**
 * POST /api/login/second-factor: the challenge from the password step and a code (TOTP or recovery); a session through
 * signIn. A wrong, expired or reused code is refused and counted, and so is a challenge that is not found
 * (docs/product.md#second-factor-for-staff); past the limits every attempt is refused from memory, reading nothing
 * (docs/operations.md#refusals).
 */
export async function loginSecondFactor(deps: Deps, input: SecondFactorLoginInput, clientAddress: string, userAgent?: string): Promise<LoginResult> {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.challenge);
  const which = { kinds: ['login'] as const };
  const byAddress = addressCodeLimit(clientAddress);
  // A challenge its account's limit refused is refused from memory first, from any address, reading nothing.
  const remembered = challengeKey(tokenHash);
  await assertAttemptRoom(deps, [], now, [remembered]);
  await assertAttemptRoom(deps, [byAddress], now);
  const [pending] = await deps.db
    .select({ user: users })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(usableToken(input.challenge, which, now));
  if (!pending || pending.user.closedAt !== null) return refuseAttempt(deps, [byAddress], now, new UnauthenticatedError(messages.challengeExpired));
  const { user } = pending;
  const limits = codeLimits(user.id, clientAddress);
  await assertAttemptRoom(deps, [limits.user], now, [remembered]);
  const factor = await enrolledFactor(deps.db, user.id);
  // Removed since the password step: the challenge no longer leads anywhere.
  if (!factor) throw new UnauthenticatedError(messages.challengeExpired);
  const wrong = () => refuseCode(deps, limits, user, now, new UnauthenticatedError(messages.invalidCode));
  const proof = await proofOf(deps, factor, input.code, now);
  if (!proof) return wrong();
  const accepted = await deps.write(async (tx) => {
    if (!(await spendToken(tx, input.challenge, which, now))) return 'expired' as const;
    if (!(await spendProof(tx, user.id, proof, now))) return 'reused' as const;
    await clearThrottle(tx, limits.user.key);
    const action = proof.kind === 'recovery' ? 'Login succeeded with a recovery code' : 'Login succeeded with a second factor';
    await writeLog(tx, now, { action, username: user.username, userId: user.id });
    return 'ok' as const;
  });
  if (accepted === 'expired') throw new UnauthenticatedError(messages.challengeExpired);
  if (accepted === 'reused') return wrong();
  return signIn(deps, user, input.remember, now, { address: clientAddress, userAgent });
}

/** GET /api/account/second-factor: whether the caller has one, the owner's rule, the recovery codes left. */
export async function factorStatus(deps: Deps, caller: Caller): Promise<SecondFactorStatus> {
  const required = await factorRequired(deps.db);
  const available = hasAdminRights(caller);
  const factor = available ? await enrolledFactor(deps.db, caller.id) : undefined;
  if (!factor) return { available, enrolled: false, required, recoveryCodesLeft: 0 };
  const [left] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, caller.id), isNull(recoveryCodes.usedAt)));
  return { available, enrolled: true, required, recoveryCodesLeft: left?.n ?? 0 };
}

function assertStaff(caller: Caller): void {
  if (!hasAdminRights(caller)) throw new ForbiddenError(messages.secondFactorStaffOnly);
}

/**
 * POST /api/account/second-factor/setup: a new key, sealed at rest, waiting for its first code; answered once as text,
 * as an otpauth:// URI and as its QR code. Starting again replaces a key still waiting.
 */
export async function startSetup(deps: Deps, caller: Caller): Promise<SecondFactorSetup> {
  assertStaff(caller);
  const now = deps.clock.now();
  const secret = generateSecret();
  await deps.write(async (tx) => {
    if (await enrolledFactor(tx, caller.id)) throw new ConflictError(messages.secondFactorExists);
    const sealed = deps.factorKeys.seal(secret);
    await tx
      .insert(staffFactors)
      .values({ userId: caller.id, secretSealed: sealed, confirmedAt: null, lastStep: 0, createdAt: now })
      .onConflictDoUpdate({ target: staffFactors.userId, set: { secretSealed: sealed, confirmedAt: null, lastStep: 0, createdAt: now } });
    await writeLog(tx, now, { action: 'Second factor set-up started', username: caller.username, userId: caller.id });
  });
  const otpauthUri = generateURI({ issuer: brand.name, label: caller.username, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` };
}

/** POST /api/account/second-factor/confirm: the first code proves the app holds the key; then ten recovery codes, shown once. */
export async function confirmSetup(deps: Deps, caller: Caller, input: { code: string }, clientAddress: string): Promise<RecoveryCodes> {
  assertStaff(caller);
  const now = deps.clock.now();
  const limits = codeLimits(caller.id, clientAddress);
  await assertCodeRoom(deps, limits, now);
  const [pending] = await deps.db.select().from(staffFactors).where(eq(staffFactors.userId, caller.id));
  if (!pending) throw new ConflictError(messages.secondFactorNotStarted);
  if (pending.confirmedAt !== null) throw new ConflictError(messages.secondFactorExists);
  const step = await matchingStep(deps, pending, normaliseCode(input.code), now);
  const wrong = () => refuseCode(deps, limits, caller, now, fieldInvalid(messages.invalidCode, { code: messages.invalidCode }));
  if (step === null) return wrong();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const done = await deps.write(async (tx) => {
    // Only the key this code was checked against, still waiting: a set-up restarted meanwhile has another.
    const confirmed = await tx
      .update(staffFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(and(eq(staffFactors.userId, caller.id), eq(staffFactors.secretSealed, pending.secretSealed), isNull(staffFactors.confirmedAt)))
      .returning({ userId: staffFactors.userId });
    if (confirmed.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId: caller.id, codeHash: hashRecoveryCode(code), createdAt: now })));
    // An invitation not yet used would set a password and sign in without the code: spent (docs/product.md#welcome).
    await spendWaiting(tx, caller.id, ['invite'], now);
    await clearThrottle(tx, limits.user.key);
    await writeLog(tx, now, { action: 'Second factor set up', username: caller.username, userId: caller.id });
    return true;
  });
  if (!done) throw new ConflictError(messages.secondFactorNotStarted);
  return { recoveryCodes: codes };
}

/**
 * A current code (or a recovery code) of the caller's factor, asked before something a session alone must not do
 * (adding a passkey: docs/product.md#passkeys; removing the factor): checked, counted when wrong, and spent in one
 * write with `andThen`, the work the code allows. A wrong one answers 400 on `code`.
 */
export async function spendCallerCode(
  deps: Deps,
  caller: Caller,
  typed: string,
  clientAddress: string,
  andThen: (tx: DbOrTx, now: number) => Promise<void> = async () => undefined,
): Promise<void> {
  const now = deps.clock.now();
  const limits = codeLimits(caller.id, clientAddress);
  await assertCodeRoom(deps, limits, now);
  const factor = await enrolledFactor(deps.db, caller.id);
  if (!factor) throw new ConflictError(messages.secondFactorMissing);
  const wrong = () => refuseCode(deps, limits, caller, now, fieldInvalid(messages.invalidCode, { code: messages.invalidCode }));
  const proof = await proofOf(deps, factor, typed, now);
  if (!proof) return wrong();
  const spent = await deps.write(async (tx) => {
    if (!(await spendProof(tx, caller.id, proof, now))) return false;
    await clearThrottle(tx, limits.user.key);
    await andThen(tx, now);
    return true;
  });
  if (!spent) return wrong();
}

/** POST /api/account/second-factor/remove: a current code (or a recovery code) proves it is the holder asking. */
export async function removeFactor(deps: Deps, caller: Caller, input: { code: string }, clientAddress: string): Promise<void> {
  await spendCallerCode(deps, caller, input.code, clientAddress, async (tx, now) => {
    await tx.delete(staffFactors).where(eq(staffFactors.userId, caller.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
    await writeLog(tx, now, { action: 'Second factor removed', level: 'warning', username: caller.username, userId: caller.id });
  });
}

/** PUT /api/admin/second-factor-rule: the owner requires a second factor of all staff, or no longer does. */
export async function setFactorRule(deps: Deps, caller: Caller, input: { required: boolean }): Promise<{ required: boolean }> {
  assertOwnerRights(caller);
  const now = deps.clock.now();
  await deps.write(async (tx) => {
    // The owner who sets the rule is held to it first, so turning it on never locks out the person who did.
    if (input.required && !(await hasSecondFactor(tx, caller))) throw new ConflictError(messages.ownSecondFactorFirst);
    const value = String(input.required);
    await tx.insert(siteSettings).values({ key: RULE_KEY, value, updatedAt: now }).onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
    const action = input.required ? 'Second factor required for all staff' : 'Second factor no longer required for staff';
    await writeLog(tx, now, { action, level: 'warning', username: caller.username, userId: caller.id });
  });
  return { required: input.required };
}
