// The certificate's verification code as a caller may write it (docs/product.md#certificates): 20 Crockford base32
// characters, or 26 hex ones from older policies; case and surrounding spaces do not matter.
import { z } from 'zod';

const CROCKFORD_CODE = /^[0-9A-HJKMNP-TV-Z]{20}$/;
const HEX_CODE = /^[0-9A-F]{26}$/;

/** The code as stored, or null when it cannot be one (wrong length or characters). */
export function normaliseVerifyCode(raw: string): string | null {
  // Bounded first: a hostile megabyte is never trimmed or upper-cased.
  if (raw.length > 64) return null;
  const code = raw.trim().toUpperCase();
  return CROCKFORD_CODE.test(code) || HEX_CODE.test(code) ? code : null;
}

/** tRPC `verify.byCode`: any string is taken, and a malformed code answers the same 404 as an unknown one. */
export const verifyCodeInput = z.object({ code: z.string() });
