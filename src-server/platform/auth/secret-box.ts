// Secrets the server must read back (a staff member's TOTP key: docs/product.md#second-factor-for-staff), sealed
// with AES-256-GCM under a key HKDF derives from the server's JWT secret: a copy of the database alone opens nothing,
// and the derived key never signs a token, nor the token key seals anything.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  /** `v1.<iv>.<ciphertext>.<tag>`, base64url parts: a fresh 96-bit IV each time. */
  seal(plain: string): string;
  /** The plain text, or null for anything not sealed by this key (tampered, another server's). */
  open(sealed: string): string | null;
}

const VERSION = 'v1';

export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), Buffer.from('kerbside-secret-box'), Buffer.from(purpose), 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
