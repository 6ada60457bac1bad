// One request priced on one rate version (docs/product.md#instant-prices): the first decline rule that holds
// declines it, else the first refer rule refers it, else the base premium for its product and length times every
// factor and the multiplier, at least the minimum, plus IPT. Pure: the caller reads the version and the clock.
import type { RateCondition, RateRule, RateTable } from '../../../contract/rates';
import { answerFactorFields } from '../../../contract/rates';
import { applyFactors, taxOn } from './decimal';
import { factsOf, postcodeParts, type Facts, type PricedAnswers } from './facts';

export type Decision =
  | { decision: 'priced'; premiumPence: number; iptPence: number; netPence: number }
  | { decision: 'referred'; rule: string; reason: string }
  | { decision: 'declined'; rule: string; reason: string };

/** The length of cover no base row reaches: a person prices it. */
export const BEYOND_TABLE = { rule: 'length-beyond-rates', reason: 'The length of cover is beyond the rate table' } as const;

function holds(c: RateCondition, facts: Facts): boolean {
  const actual = facts[c.fact];
  if (actual === undefined) return false;
  switch (c.op) {
    case 'eq':
      return actual === c.value;
    case 'ne':
      return actual !== c.value;
    case 'in':
      return Array.isArray(c.value) && c.value.includes(actual);
    default: {
      if (typeof actual !== 'number' || typeof c.value !== 'number') return false;
      if (c.op === 'lt') return actual < c.value;
      if (c.op === 'lte') return actual <= c.value;
      if (c.op === 'gt') return actual > c.value;
      return actual >= c.value;
    }
  }
}

const applies = (rule: RateRule, facts: Facts) => rule.when.every((c) => holds(c, facts));

function bandFactor(bands: RateTable['factors']['age'], value: number | string | undefined): string | undefined {
  if (typeof value !== 'number') return undefined;
  return bands.find((b) => value >= b.from && value <= b.to)?.factor;
}

/** Every factor that applies to these facts (a missing band or answer is 1, so it is left out). */
function factorsFor(rates: RateTable, facts: Facts, postcode: string): string[] {
  const f = rates.factors;
  const found: (string | undefined)[] = [
    bandFactor(f.age, facts.age),
    bandFactor(f.licenceYears, facts.licenceYears),
    bandFactor(f.vehicleValue, facts.vehicleValue),
    ...answerFactorFields.map((field) => f.answers[field]?.[String(facts[field])]),
  ];
  const { area, district } = postcodeParts(postcode);
  found.push(f.postcodeDistricts[district] ?? f.postcodeAreas[area]);
  return found.filter((x): x is string => x !== undefined);
}

export function priceOn(rates: RateTable, answers: PricedAnswers, hours: number, now: number): Decision {
  const facts = factsOf(answers, hours, now);
  const decline = rates.rules.find((r) => r.action === 'decline' && applies(r, facts));
  if (decline) return { decision: 'declined', rule: decline.id, reason: decline.reason };
  const refer = rates.rules.find((r) => r.action === 'refer' && applies(r, facts));
  if (refer) return { decision: 'referred', rule: refer.id, reason: refer.reason };
  const base = rates.base[answers.product]?.find((row) => row.upToHours >= hours);
  if (!base) return { decision: 'referred', ...BEYOND_TABLE };
  const factored = applyFactors(base.pence, [...factorsFor(rates, facts, answers.postcode), rates.multiplier]);
  const netPence = Math.max(factored, rates.minimumPremiumPence);
  const iptPence = taxOn(netPence, rates.iptPercent);
  return { decision: 'priced', netPence, iptPence, premiumPence: netPence + iptPence };
}
