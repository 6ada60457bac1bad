import { randomCrockford } from '../../random-code';

const LENGTH = 10;

/** 'KC-' and ten Crockford base32 characters: 32^10 numbers, so a clash is vanishingly rare. */
export function generatePolicyNumber(): string {
  return `KC-${randomCrockford(LENGTH)}`;
}
