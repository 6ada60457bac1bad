// Session tokens: HS256 JWTs through fast-jwt (synchronous HMAC on node:crypto, key prepared once).
// The algorithm is pinned on both sides; exp is required and checked against the injected clock.
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

const SESSION_HOURS = 12;
const REMEMBER_DAYS = 30;

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
  sign(subject: TokenSubject, remember: boolean, nowMs: number): Promise<{ token: string; expiresAt: number }>;
  /** The verified claims, or null for anything forged, expired, malformed or signed another way. */
  verify(token: string, nowMs: number): Promise<VerifiedToken | null>;
}

const ALGORITHM = 'HS256';
/** Verified signatures kept (LRU) so a busy session's token is not re-hashed on every request. */
const VERIFIED_CACHE_SIZE = 10_000;

export async function createTokenService(secret: string): Promise<TokenService> {
  const key = Buffer.from(secret, 'utf8');
  // iat and exp come in the payload from the injected clock; fast-jwt keeps a given iat.
  const signer = createSigner({ key, algorithm: ALGORITHM });
  const verifier = createVerifier({
    key,
    algorithms: [ALGORITHM],
    requiredClaims: ['exp', 'sub', 'jti', 'iat'],
    // fast-jwt reads its clock at creation; expiry is checked below against the injected one instead,
    // which also keeps cached verifications honest about time.
    ignoreExpiration: true,
    ignoreNotBefore: true,
    cache: VERIFIED_CACHE_SIZE,
  });

  return {
    async sign(subject, remember, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const exp = iat + (remember ? REMEMBER_DAYS * 24 * 3600 : SESSION_HOURS * 3600);
      const token = signer({
        sub: String(subject.id),
        username: subject.username,
        isAdmin: subject.isAdmin,
        isOwner: subject.isOwner,
        sv: subject.sessionVersion,
        jti: randomUUID(),
        iat,
        exp,
      });
      return { token, expiresAt: exp * 1000 };
    },

    async verify(token, nowMs) {
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { exp, sub, jti, sv } = payload;
      if (typeof exp !== 'number' || exp * 1000 <= nowMs) return null;
      const userId = Number(sub);
      if (typeof sub !== 'string' || !Number.isSafeInteger(userId) || userId <= 0) return null;
      if (typeof jti !== 'string' || typeof sv !== 'number') return null;
      return { userId, jti, sessionVersion: sv, exp };
    },
  };
}
