// A request priced the moment it arrives (docs/product.md#instant-prices), on the live rate version: what is stored
// on the request and what its sender is told.
import { addDuration, type Duration } from '../../../contract/durations';
import { PRICE_VALID_MINUTES, type PricingOutcome } from '../../../contract/pricing';
import { rateMessages } from '../../../contract/rates';
import type { DbOrTx } from '../../../platform/db/client';
import type { quoteRequests } from '../../../platform/db/schema/index';
import { hoursBetween, liveRates, outcomeOf, priceOn, referredOutcome, type PricedAnswers } from '../../pricing';

/** The request's columns the decision sets. */
export type DecisionColumns = Pick<
  typeof quoteRequests.$inferInsert,
  'decision' | 'decisionReason' | 'decisionRule' | 'rateVersionId' | 'offerPremiumPence' | 'offerIptPence' | 'offerValidUntil' | 'offeredAt'
>;

/** Whole hours of cover from `startAt` for `duration` on the UK clock (a day across a clock change is 23 or 25). */
export const hoursOf = (startAt: number, duration: Duration) => hoursBetween(startAt, addDuration(startAt, duration));

export interface Priced {
  columns: DecisionColumns;
  outcome: PricingOutcome;
}

/** Prices `answers` at `now` on the version live then; with no version live, a person prices it. */
export async function priceRequest(db: DbOrTx, answers: PricedAnswers, startAt: number, duration: Duration, now: number, payOnline: boolean): Promise<Priced> {
  const live = await liveRates(db, now);
  if (!live) {
    return { columns: { decision: 'referred', decisionRule: 'no-live-rates', decisionReason: rateMessages.noLiveVersion, rateVersionId: null }, outcome: referredOutcome };
  }
  const d = priceOn(live.rates, answers, hoursOf(startAt, duration), now);
  const validUntil = now + PRICE_VALID_MINUTES * 60_000;
  const outcome = outcomeOf(d, { rateVersion: live.id, iptPercent: live.rates.iptPercent, validUntil, payOnline });
  if (d.decision !== 'priced') return { columns: { decision: d.decision, decisionRule: d.rule, decisionReason: d.reason, rateVersionId: live.id }, outcome };
  return {
    columns: {
      decision: 'instant',
      decisionRule: null,
      decisionReason: null,
      rateVersionId: live.id,
      offerPremiumPence: d.premiumPence,
      offerIptPence: d.iptPence,
      offerValidUntil: validUntil,
      offeredAt: now,
    },
    outcome,
  };
}
