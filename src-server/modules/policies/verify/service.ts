// Public certificate check by code (docs/product.md#certificates): in force now, nothing personal but initials.
import { eq } from 'drizzle-orm';
import { coverStateAt } from '../../../contract/cover';
import { messages } from '../../../contract/messages';
import { ukInstantText } from '../../../contract/time';
import { normaliseVerifyCode } from '../../../contract/verify';
import type { VerificationView } from '../../../contract/views';
import { policies } from '../../../platform/db/schema/index';
import type { Deps } from '../../../deps';
import { NotFoundError, ThrottledError } from '../../../errors';
import { addressThrottleKey, countAttempt, type ThrottleRule } from '../../../platform/auth/throttle';

/** Lookups per client address a minute (docs/api.md#rate-limits): with 2^100 codes, far too few to guess one. */
export const VERIFY_ADDRESS_RULE: ThrottleRule = { limit: 30, windowMs: 60_000 };

/** The short link a certificate prints and its QR code encodes. */
export function verifyLink(deps: Pick<Deps, 'publicUrl'>, code: string): string {
  return `${deps.publicUrl}/verify/${code}`;
}

/** 'Ann Smith' -> 'A. S.': the first letter of each part of the name, and nothing more of it. */
export function initialsOf(name: string): string {
  const initials: string[] = [];
  for (const part of name.slice(0, 200).split(/\s+/)) {
    const letter = /\p{L}/u.exec(part)?.[0];
    if (letter) initials.push(`${letter.toLocaleUpperCase('en-GB')}.`);
  }
  return initials.slice(0, 4).join(' ');
}

type VerifiedRow = Pick<typeof policies.$inferSelect, 'status' | 'startAt' | 'endAt' | 'endedAt' | 'registration' | 'carModel' | 'product' | 'holderName'>;

/** The answer for a policy at `now`, by the one cover rule; for ended cover `endsAt` is when it ended. */
function toVerificationView(row: VerifiedRow, now: number): VerificationView {
  const state = coverStateAt(row.status, row.startAt, row.endAt, now);
  const status = state === 'live' ? 'covered' : state === 'upcoming' ? 'starts' : 'not-covered';
  const endsAt = state === 'ended' ? (row.endedAt ?? row.endAt) : row.endAt;
  return {
    status,
    registration: row.registration === null || row.registration.trim() === '' ? null : row.registration,
    vehicle: row.carModel,
    product: row.product,
    startsAt: ukInstantText(row.startAt),
    endsAt: ukInstantText(endsAt),
    holderInitials: initialsOf(row.holderName),
    voided: row.status === 'void',
  };
}

/** Looks a certificate up by code, counted per client address first; a malformed code answers as an unknown one. */
export async function verifyByCode(deps: Deps, code: string, clientAddress: string): Promise<VerificationView> {
  const now = deps.clock.now();
  const attempt = await countAttempt(deps, [{ key: addressThrottleKey('verify', clientAddress), rule: VERIFY_ADDRESS_RULE, limit: 'verify' }], now);
  if (attempt.refusedBy) {
    deps.metrics.throttleRefused(attempt.refusedBy);
    throw new ThrottledError(messages.tooManyAttempts, attempt.retryAfterSeconds);
  }
  const normalised = normaliseVerifyCode(code);
  if (normalised === null) throw new NotFoundError(messages.noCertificateForCode);
  const [row] = await deps.db
    .select({
      status: policies.status,
      startAt: policies.startAt,
      endAt: policies.endAt,
      endedAt: policies.endedAt,
      registration: policies.registration,
      carModel: policies.carModel,
      product: policies.product,
      holderName: policies.holderName,
    })
    .from(policies)
    .where(eq(policies.verifyCode, normalised))
    .limit(1);
  if (!row) throw new NotFoundError(messages.noCertificateForCode);
  return toVerificationView(row, now);
}
