// What the sign-in and the account page ask of the staff second factor (docs/product.md#second-factor-for-staff): whether an
// account has one, the owner's rule, and the password step's challenge. Apart from service.ts, which signs in through
// modules/accounts/account, so that the password step can use these without a cycle.
import { and, eq, isNotNull } from 'drizzle-orm';
import { SECOND_FACTOR_RULE_KEY, type SecondFactorChallenge } from '../../../contract/second-factor';
import type { Caller } from '../../../deps';
import { issueToken } from '../../../platform/tokens/index';
import type { DbOrTx } from '../../../platform/db/client';
import { sessions, siteSettings, staffFactors } from '../../../platform/db/schema/index';

/** How long the password step's challenge waits for the code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The site_settings row of the owner's rule (the caller's read checks it too: platform/db/hot-reads.ts). */
export const RULE_KEY = SECOND_FACTOR_RULE_KEY;

/** The account's factor once a code from it was accepted; a set-up still waiting for its first code is none. */
export async function enrolledFactor(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(staffFactors).where(and(eq(staffFactors.userId, userId), isNotNull(staffFactors.confirmedAt)));
  return row;
}

/** The owner's rule: every staff account must have a second factor before it reaches the console. */
export async function factorRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, RULE_KEY));
  return row?.value === 'true';
}

/**
 * Whether this session was signed in with a passkey (docs/product.md#passkeys): a device the person holds, unlocked
 * by their PIN or biometric, so it counts as a second factor for the session it made, and for that session only; a
 * password sign-in of an account that also has a passkey proves nothing more than the password.
 */
export async function signedInWithPasskey(db: DbOrTx, caller: Pick<Caller, 'id' | 'jti'>): Promise<boolean> {
  const [row] = await db.select({ passkey: sessions.passkey }).from(sessions).where(and(eq(sessions.jti, caller.jti), eq(sessions.userId, caller.id)));
  return row?.passkey === true;
}

/** Whether the caller's session meets the owner's rule: the account has a TOTP factor (asked at every password sign-in), or the session came from a passkey. */
export async function hasSecondFactor(db: DbOrTx, caller: Pick<Caller, 'id' | 'jti'>): Promise<boolean> {
  return (await enrolledFactor(db, caller.id)) !== undefined || (await signedInWithPasskey(db, caller));
}

/** The password step of an account with a factor: a single-use challenge instead of a session, in the sign-in's write. */
export async function issueChallenge(tx: DbOrTx, userId: number, now: number): Promise<SecondFactorChallenge> {
  const challenge = await issueToken(tx, { kind: 'login', userId, ttlMs: CHALLENGE_TTL_MS, now });
  return { secondFactorRequired: true, challenge, expiresAt: new Date(now + CHALLENGE_TTL_MS).toISOString() };
}
