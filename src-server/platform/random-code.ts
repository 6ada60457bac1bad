import { randomInt } from 'node:crypto';

// Crockford's base32 without I, L, O, U: easy to read out over the phone, upper case, not sequential.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` random Crockford base32 characters (policy numbers, request references). */
export function randomCrockford(length: number): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
