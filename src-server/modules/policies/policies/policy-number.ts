import { randomCrockford } from '../../../platform/random-code';

const LENGTH = 10;

/** 'KC-' and ten Crockford base32 characters: 32^10 numbers, so a clash is vanishingly rare. */
export function generatePolicyNumber(): string {
  return `KC-${randomCrockford(LENGTH)}`;
}

/** A certificate's verification code: 20 Crockford base32 characters, 100 random bits, safe in a URL. */
export function generateVerifyCode(): string {
  return randomCrockford(20);
}
