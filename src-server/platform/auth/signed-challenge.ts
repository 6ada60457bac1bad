// Challenges that are checked without being stored (docs/operations.md#refusals): a random nonce and the moment it
// expires, MAC'd with HMAC-SHA-256 under a key HKDF derives from the server's secret. Anyone may ask for a passkey
// sign-in's challenge, so storing each one let an anonymous flood queue a write per request; signed, asking stores
// nothing, and every process sharing JWT_SECRET checks a challenge any of them made. A challenge is spent by its
// caller, which records its hash once it is answered (modules/accounts/passkeys).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ChallengeSigner {
  /** A new challenge lasting `ttlMs` from `now`, base64url. */
  issue(now: number, ttlMs: number): string;
  /** When the challenge expires, if this key made it, unaltered, and it has not expired at `now`; else null. */
  check(challenge: string, now: number): number | null;
}

const VERSION = 1;
const NONCE_BYTES = 16;
const TAG_BYTES = 32;
// version, nonce, expiry (ms since the epoch, 8 bytes), tag: 57 bytes, 76 base64url characters.
const SIGNED_BYTES = 1 + NONCE_BYTES + 8;
const LENGTH = SIGNED_BYTES + TAG_BYTES;

export function createChallengeSigner(serverSecret: string, purpose: string): ChallengeSigner {
  // Its own key: the derived key never signs a session, and the session key signs no challenge.
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), Buffer.from('kerbside-signed-challenge'), Buffer.from(purpose), 32));
  const tagOf = (signed: Buffer) => createHmac('sha256', key).update(signed).digest();
  return {
    issue(now, ttlMs) {
      const signed = Buffer.alloc(SIGNED_BYTES);
      signed.writeUInt8(VERSION, 0);
      randomBytes(NONCE_BYTES).copy(signed, 1);
      signed.writeBigUInt64BE(BigInt(Math.floor(now + ttlMs)), 1 + NONCE_BYTES);
      return Buffer.concat([signed, tagOf(signed)]).toString('base64url');
    },
    check(challenge, now) {
      const bytes = Buffer.from(challenge, 'base64url');
      // Buffer.from skips what is not base64url: the text must be exactly what the bytes encode back to.
      if (bytes.length !== LENGTH || bytes.toString('base64url') !== challenge || bytes.readUInt8(0) !== VERSION) return null;
      const signed = bytes.subarray(0, SIGNED_BYTES);
      if (!timingSafeEqual(tagOf(signed), bytes.subarray(SIGNED_BYTES))) return null;
      const expiresAt = Number(signed.readBigUInt64BE(1 + NONCE_BYTES));
      return expiresAt > now ? expiresAt : null;
    },
  };
}
