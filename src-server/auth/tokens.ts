// Session tokens: HS256 JWTs. The algorithm is pinned and exp is required; the key is imported once.
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_HOURS = 12;
export const REMEMBER_DAYS = 30;

export interface TokenSubject {
  id: number;
  username: string;
  isAdmin: boolean;
  isOwner: boolean;
  sessionVersion: number;
}

export interface VerifiedToken {
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

export async function createTokenService(secret: string): Promise<TokenService> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

  return {
    async sign(subject, remember, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      const exp = iat + (remember ? REMEMBER_DAYS * 24 * 3600 : SESSION_HOURS * 3600);
      const token = await new SignJWT({
        username: subject.username,
        isAdmin: subject.isAdmin,
        isOwner: subject.isOwner,
        sv: subject.sessionVersion,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(subject.id))
        .setJti(crypto.randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },

    async verify(token, nowMs) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub', 'jti'],
          currentDate: new Date(nowMs),
        });
        const userId = Number(payload.sub);
        const sv = payload['sv'];
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sv !== 'number' || typeof payload.jti !== 'string') return null;
        return { userId, jti: payload.jti, sessionVersion: sv, exp: payload.exp! };
      } catch {
        return null;
      }
    },
  };
}
