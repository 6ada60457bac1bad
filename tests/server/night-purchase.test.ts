// Day or night, no person needed (docs/product.md#instant-prices): on a Sunday at 03:00 UK time (the clock injected),
// a request is priced, bought, paid on the card provider's page and in force with its certificate, and then extended
// the same way, with nobody from staff touching it. The real Stripe SDK against the stand-in of Stripe's API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionQuoteView } from '../../src-server/contract/extension';
import type { BuyQuoteReply } from '../../src-server/contract/online-payments';
import type { PricingOutcome } from '../../src-server/contract/pricing';
import { expectJson } from './answers';
import { createPaymentsHarness, type PaymentsHarness } from './online-payments-setup';
import { auditEntriesLike, mailsTo } from './quote-flow';
import { validQuote } from '../fixtures/quote';

/** Sunday 13 December 2026, 03:00 GMT (UK time): the office is shut until Monday 08:00. */
const SUNDAY_3AM = Date.UTC(2026, 11, 13, 3, 0);

let ph: PaymentsHarness;
beforeAll(async () => {
  ph = await createPaymentsHarness(SUNDAY_3AM);
});
afterAll(() => ph.close());

async function pay(checkoutUrl: string): Promise<string | null> {
  const res = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

describe('a Sunday at 03:00', () => {
  let token: string;
  let policyNumber: string;

  it('prices, sells and puts cover in force with its certificate, with no staff action', async () => {
    const { h } = ph;
    await h.addUser({ username: 'nightowl', email: 'night.owl@example.test' });
    token = await h.tokenFor('nightowl');
    // Cover from 03:30 today for 1 day, asked at 03:00.
    const body = { ...validQuote, email: 'night.owl@example.test', policyStartDay: '13', policyStartMonth: '12', policyStartYear: '2026', policyStartTime: '03:30', durationValue: '1', durationUnit: 'days' };
    const asked = await expectJson<{ reference: string; outcome: PricingOutcome }>(h.request('POST', '/api/quotes', { body, headers: { 'x-forwarded-for': '198.51.100.77' } }), 201);
    expect(asked.outcome).toMatchObject({ decision: 'priced', premium: 25.87, payOnline: true });
    h.clock.advance(60_000);
    const bought = await expectJson<BuyQuoteReply>(h.request('POST', `/api/user/quotes/${asked.reference}/buy`, { token, body: { confirm: true } }), 200);
    policyNumber = bought.policyNumber;
    h.clock.advance(60_000);
    expect(await pay(bought.checkoutUrl)).toBe(`http://localhost:3000/purchase/done?policy=${policyNumber}`);
    const [mine] = await expectJson<{ policyNumber: string; status: string }[]>(h.request('GET', '/api/user/policies', { token }), 200);
    expect(mine).toMatchObject({ policyNumber, status: 'active' });
    const certificate = await h.request('GET', `/api/policies/${policyNumber}/certificate`, { token });
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-type')).toBe('application/pdf');
    expect((await mailsTo(h, 'night.owl@example.test')).map((m) => m.subject)).toContain(`Kerbside Cover: your cover is confirmed, ${policyNumber}`);
    // Everything in the audit log was the customer's or the server's own.
    const actors = new Set((await auditEntriesLike(h, '%')).map((e) => e.username));
    expect([...actors].filter((a) => a !== null && a !== 'system' && a !== 'nightowl')).toEqual([]);
  });

  it('extends the cover the same night: priced, paid, the end moved and the documents e-mailed', async () => {
    const { h } = ph;
    const quote = await expectJson<ExtensionQuoteView>(h.request('POST', `/api/user/policies/${policyNumber}/extension`, { token, body: { durationValue: 2, durationUnit: 'days' } }), 201);
    expect(quote).toMatchObject({ outcome: { decision: 'priced', payOnline: true }, newEndDate: '2026-12-16', newEndTime: '03:30' });
    const bought = await expectJson<BuyQuoteReply>(h.request('POST', `/api/user/policies/${policyNumber}/extension/${quote.extensionId}/buy`, { token }), 200);
    const mailsBefore = (await mailsTo(h, 'night.owl@example.test')).length;
    expect(await pay(bought.checkoutUrl)).toBe(`http://localhost:3000/purchase/done?policy=${policyNumber}&extension=${quote.extensionId}`);
    const [mine] = await expectJson<{ endDate: string; endTime: string; premium: number; status: string }[]>(h.request('GET', '/api/user/policies', { token }), 200);
    expect(mine).toMatchObject({ endDate: '2026-12-16', endTime: '03:30', status: 'active' });
    expect(mine!.premium).toBe(25.87 + (quote.outcome.decision === 'priced' ? quote.outcome.premium : NaN));
    expect((await mailsTo(h, 'night.owl@example.test')).length).toBe(mailsBefore + 1);
    // The same extension cannot be bought twice.
    const again = await h.request('POST', `/api/user/policies/${policyNumber}/extension/${quote.extensionId}/buy`, { token });
    expect(again.status).toBe(409);
  });
});
