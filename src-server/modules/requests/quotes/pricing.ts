// A request priced the moment it arrives (docs/product.md#instant-prices), on the live rate version: what is stored
// on the request and what its sender is told.
import { brand } from '../../../contract/brand';
import { addDuration, type Duration } from '../../../contract/durations';
import { PRICE_VALID_MINUTES, pricingMessages, type PricingOutcome } from '../../../contract/pricing';
import { rateMessages } from '../../../contract/rates';
import type { DbOrTx } from '../../../platform/db/client';
import type { quoteRequests } from '../../../platform/db/schema/index';
import { liveRates, priceOn, type PricedAnswers } from '../../pricing';

const HOUR_MS = 3_600_000;

/** The request's columns the decision sets. */
export type DecisionColumns = Pick<
  typeof quoteRequests.$inferInsert,
  'decision' | 'decisionReason' | 'decisionRule' | 'rateVersionId' | 'offerPremiumPence' | 'offerIptPence' | 'offerValidUntil' | 'offeredAt'
>;

/** Whole hours of cover from `startAt` for `duration` on the UK clock (a day across a clock change is 23 or 25). */
export const hoursOf = (startAt: number, duration: Duration) => Math.ceil((addDuration(startAt, duration) - startAt) / HOUR_MS);

export interface Priced {
  columns: DecisionColumns;
  outcome: PricingOutcome;
}

const iptPercentOf = (percent: string) => percent.replace(/\.?0+$/, '') || '0';

/** Prices `answers` at `now` on the version live then; with no version live, a person prices it. */
export async function priceRequest(db: DbOrTx, answers: PricedAnswers, startAt: number, duration: Duration, now: number, payOnline: boolean): Promise<Priced> {
  const live = await liveRates(db, now);
  if (!live) {
    return {
      columns: { decision: 'referred', decisionRule: 'no-live-rates', decisionReason: rateMessages.noLiveVersion, rateVersionId: null },
      outcome: { decision: 'referred', message: pricingMessages.referred },
    };
  }
  const d = priceOn(live.rates, answers, hoursOf(startAt, duration), now);
  if (d.decision === 'referred') {
    return {
      columns: { decision: 'referred', decisionRule: d.rule, decisionReason: d.reason, rateVersionId: live.id },
      outcome: { decision: 'referred', message: pricingMessages.referred },
    };
  }
  if (d.decision === 'declined') {
    return {
      columns: { decision: 'declined', decisionRule: d.rule, decisionReason: d.reason, rateVersionId: live.id },
      outcome: { decision: 'declined', reason: d.reason, phone: brand.phones.support },
    };
  }
  const validUntil = now + PRICE_VALID_MINUTES * 60_000;
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
    outcome: {
      decision: 'priced',
      premium: d.premiumPence / 100,
      ipt: d.iptPence / 100,
      iptPercent: iptPercentOf(live.rates.iptPercent),
      validUntil: new Date(validUntil).toISOString(),
      rateVersion: live.id,
      payOnline,
    },
  };
}
