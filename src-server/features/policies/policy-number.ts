import { randomInt } from 'node:crypto';

// Crockford's base32 without I, L, O, U: easy to read out over the phone, upper case, not sequential.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

export function generatePolicyNumber(): string {
  let out = 'KC-';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
