// Session tokens: HS256 JWTs through fast-jwt (synchronous HMAC on node:crypto, key prepared once).
// The algorithm is pinned on both sides; exp is required and checked against the injected clock.
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

const SESSION_HOURS = 12;
const REMEMBER_DAYS = 30;
/** The longest session the server ever signs (docs/product.md#sessions): no genuine token lives longer. */
const LONGEST_SESSION_SECONDS = REMEMBER_DAYS * 24 * 3600;
/** Leeway between the clocks of several server processes that sign and verify each other's tokens. */
const CLOCK_SKEW_SECONDS = 60;

// The claims a genuine token carries, parsed before any is trusted: odd claims under the right key (exp 1e300,
// sub " 2") are refused, never crash or alias another account (docs/api.md#authentication, docs/api.md#conventions).
const sessionClaims = z.object({
  sub: z.string().regex(/^[1-9]\d{0,14}$/),
  jti: z.string().min(1).max(64),
  sv: z.int().nonnegative(),
  iat: z.int().nonnegative(),
  exp: z.int().positive(),
  nbf: z.int().nonnegative().optional(),
});

interface TokenSubject {
  id: number;
  username: string;
  isAdmin: boolean;
  isOwner: boolean;
  sessionVersion: number;
}

interface VerifiedToken {
  userId: number;
  jti: string;
  sessionVersion: number;
  /** seconds since the epoch */
  exp: number;
}

export interface TokenService {
  /** The token, when it lapses (epoch ms), and its id (jti), which names its session (modules/accounts/sessions). */
  sign(subject: TokenSubject, remember: boolean, nowMs: number): Promise<{ token: string; expiresAt: number; jti: string }>;
  /** The verified claims, or null for anything forged, expired, malformed or signed another way. */
  verify(token: string, nowMs: number): Promise<VerifiedToken | null>;
}

const ALGORITHM = 'HS256';
/** Verified tokens kept so a busy session's token is not checked again on every request. */
const VERIFIED_CACHE_SIZE = 10_000;

/** The claims of a token whose signature and shape were checked; the times are checked on every use. */
type CheckedClaims = z.infer<typeof sessionClaims>;

export async function createTokenService(secret: string): Promise<TokenService> {
  const key = Buffer.from(secret, 'utf8');
  // iat and exp come in the payload from the injected clock; fast-jwt keeps a given iat.
  const signer = createSigner({ key, algorithm: ALGORITHM });
  const verifier = createVerifier({
    key,
    algorithms: [ALGORITHM],
    requiredClaims: ['exp', 'sub', 'jti', 'iat'],
    // fast-jwt reads its clock at creation; expiry is checked below against the injected clock, cache hits included.
    ignoreExpiration: true,
    ignoreNotBefore: true,
    // For refusals: a forged token resent is refused from fast-jwt's cache, not re-hashed; accepted ones: `accepted`.
    cache: VERIFIED_CACHE_SIZE,
  });
  /**
   * Tokens accepted before, by exact text, with their claims: fast-jwt's cache still hashes and re-parses (~7% of a
   * request: docs/operations.md#benchmarks). Time checks run on every call. When full, the oldest goes first (no LRU
   * upkeep per request: docs/performance.md#the-policy-list-read).
   */
  const accepted = new Map<string, CheckedClaims>();
  const checkedClaims = (token: string): CheckedClaims | null => {
    const hit = accepted.get(token);
    if (hit) return hit;
    let payload: Record<string, unknown>;
    try {
      payload = verifier(token) as Record<string, unknown>;
    } catch {
      return null;
    }
    const parsed = sessionClaims.safeParse(payload);
    if (!parsed.success) return null;
    if (accepted.size >= VERIFIED_CACHE_SIZE) accepted.delete(accepted.keys().next().value!);
    accepted.set(token, parsed.data);
    return parsed.data;
  };

  return {
    async sign(subject, remember, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const exp = iat + (remember ? REMEMBER_DAYS * 24 * 3600 : SESSION_HOURS * 3600);
      const jti = randomUUID();
      const token = signer({
        sub: String(subject.id),
        username: subject.username,
        isAdmin: subject.isAdmin,
        isOwner: subject.isOwner,
        sv: subject.sessionVersion,
        jti,
        iat,
        exp,
      });
      return { token, expiresAt: exp * 1000, jti };
    },

    async verify(token, nowMs) {
      const claims = checkedClaims(token);
      if (!claims) return null;
      const { exp, iat, nbf, sub, jti, sv } = claims;
      const nowSeconds = nowMs / 1000;
      if (exp <= nowSeconds) return null; // expired
      // Never further ahead, nor longer-lived, than the longest session; not issued, nor valid, only later.
      if (exp > nowSeconds + LONGEST_SESSION_SECONDS + CLOCK_SKEW_SECONDS) return null;
      if (iat >= exp || exp - iat > LONGEST_SESSION_SECONDS) return null;
      if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return null;
      if (nbf !== undefined && nbf > nowSeconds + CLOCK_SKEW_SECONDS) return null;
      return { userId: Number(sub), jti, sessionVersion: sv, exp };
    },
  };
}
