// The broker's three products (docs/product.md#policies-and-certificates): names, who may have each and for how
// long, and the cover rules of the certificate's and schedule's "limitations as to use": the use the request asked
// for, within the product's. Never hire or reward, whichever product.
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

/**
 * The uses cover may allow, each including the one before, as UK insurers rate them: social, domestic and pleasure;
 * plus commuting; plus the policyholder's business. Never hire or reward, whichever use.
 */
export const vehicleUses = ['social', 'commuting', 'business'] as const;
export type VehicleUse = (typeof vehicleUses)[number];

/**
 * The wizard's 'Vehicle use' answer that asks for each use (docs/product.md#option-lists). 'Carriage on Own Goods',
 * 'Haulage' and 'Courier' ask for none of them: a policy issued from such a request states its product's own use.
 */
export const useAnswers = {
  social: 'Social Domestic and Pleasure',
  commuting: 'Social Domestic and Pleasure plus Commute',
  business: 'Social Domestic and Pleasure plus Commute plus Business',
} as const satisfies Record<VehicleUse, string>;

/** The use a stored 'Vehicle use' answer asks for, or null when it names none of them. */
export function askedUse(answer: unknown): VehicleUse | null {
  return vehicleUses.find((use) => useAnswers[use] === answer) ?? null;
}

/** The widest use each product covers: what its documents state unless the request asked for less. */
export const productUses: Record<Product, VehicleUse> = { temporary: 'commuting', learner: 'social', business: 'business' };

const USE_LINES: Record<VehicleUse, string> = {
  social: 'Use for social, domestic and pleasure purposes only.',
  commuting: 'Use for social, domestic and pleasure purposes and for commuting to and from a permanent place of work.',
  business: 'Use for social, domestic and pleasure purposes, for commuting, and in connection with the policyholder’s business.',
};
const LEARNER_LINE =
  'Use only while the person entitled to drive holds a provisional driving licence and is supervised as the law requires (by a driver aged 21 or over who has held a full licence for that type of vehicle for at least 3 years, seated beside them).';
const NEVER_LINE = 'The policy does not cover use for hire or reward, racing, pacemaking, speed testing or any purpose in connection with the motor trade.';

/**
 * The use a policy's certificate and schedule state (docs/product.md#certificates): the one its request asked for,
 * never wider than the product covers (a document must never vouch for cover that was not sold); the product's own
 * where nothing narrower was asked (a policy staff made, an answer that names no use).
 */
export function coverUse(product: Product, asked: VehicleUse | null): VehicleUse {
  const widest = productUses[product];
  return asked !== null && vehicleUses.indexOf(asked) <= vehicleUses.indexOf(widest) ? asked : widest;
}

/** Section 6 of the certificate, and the schedule's limitations as to use, one sentence a line. */
export function useLimitations(product: Product, asked: VehicleUse | null = null): readonly string[] {
  if (!Object.hasOwn(productUses, product)) throw new RangeError(`Unknown product: ${JSON.stringify(product)}`);
  const lines = [USE_LINES[coverUse(product, asked)], NEVER_LINE];
  return product === 'learner' ? [LEARNER_LINE, ...lines] : lines;
}

/** Each product's own limitations: a policy staff made with no request, and the product summary. */
export const productLimitations = Object.fromEntries(products.map((p) => [p, useLimitations(p)])) as Record<Product, readonly string[]>;

/** A learner's supervising driver as the request names them (docs/product.md#step-1-personal-details). */
export interface Supervisor {
  name: string;
  age: number | null;
  licenceYears: number | null;
}

/** What a policy's certificate and schedule take from the request it was issued from; a policy staff made has neither. */
export interface CoverTerms {
  /** The use asked for; null where the request names none (or there is no request). */
  use: VehicleUse | null;
  /** Named on a learner's documents, as a condition of use. */
  supervisor: Supervisor | null;
}

export const NO_COVER_TERMS: CoverTerms = { use: null, supervisor: null };

/** The condition of use naming a learner's supervisor, before their name (the certificate's section 5, the schedule). */
export const SUPERVISED_BY = 'Only while supervised by';
