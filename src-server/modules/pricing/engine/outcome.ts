// What the customer is told of a decision (contract/pricing.ts PricingOutcome), for a request and an extension alike:
// the price with the tax inside it, or the referral's words, or the decline's reason and the number to call.
import { brand } from '../../../contract/brand';
import { pricingMessages, type PricingOutcome } from '../../../contract/pricing';
import type { Decision } from './price';

const HOUR_MS = 3_600_000;

/** Whole hours from one instant to a later one: the length a base row prices. */
export const hoursBetween = (from: number, to: number) => Math.ceil((to - from) / HOUR_MS);

/** '12' -> '12', '12.50' -> '12.5', '10' -> '10': a decimal's trailing zeros dropped, never a whole number's. */
export const percentText = (percent: string) => (percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent);

/** A referral, as said when no version is live as well as when a rule refers. */
export const referredOutcome: PricingOutcome = { decision: 'referred', message: pricingMessages.referred };

export function outcomeOf(d: Decision, price: { rateVersion: number; iptPercent: string; validUntil: number; payOnline: boolean }): PricingOutcome {
  if (d.decision === 'referred') return referredOutcome;
  if (d.decision === 'declined') return { decision: 'declined', reason: d.reason, phone: brand.phones.support };
  return {
    decision: 'priced',
    premium: d.premiumPence / 100,
    ipt: d.iptPence / 100,
    iptPercent: percentText(price.iptPercent),
    validUntil: new Date(price.validUntil).toISOString(),
    rateVersion: price.rateVersion,
    payOnline: price.payOnline,
  };
}
