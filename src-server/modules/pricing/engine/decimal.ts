// Exact money arithmetic for prices (docs/product.md#instant-prices): factors are decimals with at most
// FACTOR_PLACES places, turned into integers, multiplied as BigInt and rounded once, half up, to whole pence.
import { FACTOR_PLACES } from '../../../contract/rates';

const SCALE = 10n ** BigInt(FACTOR_PLACES);

/** '1.25' -> 12500n (ten-thousandths). The text has passed contract/rates.ts factorText. */
export function scaled(factor: string): bigint {
  const [whole, fraction = ''] = factor.split('.');
  return BigInt(whole!) * SCALE + BigInt(fraction.padEnd(FACTOR_PLACES, '0'));
}

/** pence × every factor, rounded half up to whole pence. */
export function applyFactors(pence: number, factors: readonly string[]): number {
  let numerator = BigInt(pence);
  let denominator = 1n;
  for (const f of factors) {
    numerator *= scaled(f);
    denominator *= SCALE;
  }
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** The tax on a premium at a percentage ('12'), rounded half up to whole pence. */
export function taxOn(pence: number, percent: string): number {
  return applyFactors(pence, [percent, '0.01']);
}
