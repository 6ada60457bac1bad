// The broker's three products (docs/product.md#policies-and-certificates): names, who may have each and for how
// long, and the certificate's "limitations as to use". Never hire or reward, whichever product.
import type { Duration } from './durations';
export const products = ['temporary', 'learner', 'business'] as const;
export type Product = (typeof products)[number];

export const productLabels: Record<Product, string> = {
  temporary: 'Temporary car cover',
  learner: 'Learner driver cover',
  business: 'Business use cover',
};

export interface ProductRule {
  /** Drivers aged minAge to maxAge inclusive, in whole years on the day the request is made. */
  minAge: number;
  maxAge: number;
  /** The shortest and longest cover, measured from the requested start (contract/durations.ts). */
  minDuration: Duration;
  maxDuration: Duration;
}

export const productRules: Record<Product, ProductRule> = {
  temporary: { minAge: 18, maxAge: 75, minDuration: { value: 1, unit: 'hours' }, maxDuration: { value: 30, unit: 'days' } },
  learner: { minAge: 17, maxAge: 50, minDuration: { value: 1, unit: 'days' }, maxDuration: { value: 5, unit: 'months' } },
  business: { minAge: 18, maxAge: 75, minDuration: { value: 1, unit: 'days' }, maxDuration: { value: 30, unit: 'days' } },
};

/** For <select>s: value + label, in list order. */
export const productOptions = products.map((value) => ({ value, label: productLabels[value] }));

/** Section 6 of the certificate, one sentence a line. */
export const productLimitations: Record<Product, readonly string[]> = {
  temporary: [
    'Use for social, domestic and pleasure purposes and for commuting to and from a permanent place of work.',
    'The policy does not cover use for hire or reward, racing, pacemaking, speed testing or any purpose in connection with the motor trade.',
  ],
  learner: [
    'Use only while the person entitled to drive holds a provisional driving licence and is supervised as the law requires (by a driver aged 21 or over who has held a full licence for that type of vehicle for at least 3 years, seated beside them).',
    'Use for social, domestic and pleasure purposes only.',
    'The policy does not cover use for hire or reward, racing, pacemaking, speed testing or any purpose in connection with the motor trade.',
  ],
  business: [
    'Use for social, domestic and pleasure purposes, for commuting, and in connection with the policyholder’s business.',
    'The policy does not cover use for hire or reward, racing, pacemaking, speed testing or any purpose in connection with the motor trade.',
  ],
};
