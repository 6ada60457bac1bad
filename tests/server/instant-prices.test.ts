// Instant prices (docs/product.md#instant-prices): each request priced at once on the live rate version, the
// decision stored with the version that made it, and the arithmetic exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateTable, type RateTable } from '../../src-server/contract/rates';
import { ensureExampleRates, outcomeOf, priceOn, type PricedAnswers } from '../../src-server/modules/pricing';
import { validQuote } from '../fixtures/quote';
import { expectJson } from './answers';
import { createHarness, type Harness } from './harness';
import { mailsTo, submitQuote } from './quote-flow';
import { exampleRateVersion } from '../../src-server/modules/pricing';

const example = exampleRateVersion as { name: string; rates: unknown };
const exampleRates = (): RateTable => rateTable.parse(example.rates);

const answers: PricedAnswers = {
  product: 'temporary',
  dateOfBirth: '1990-05-17',
  licenceType: 'Full UK',
  licenceYears: 8,
  vehicleType: 'Car',
  vehicleOwner: 'Private',
  value: 4500.5,
  annualMileage: '5,000 - 10,000',
  keptOvernight: 'Driveway',
  security: 'Alarm & Immobiliser',
  claimsPast5Years: 'no',
  drivingConvictions: 'None',
  otherConvictions: 'No',
  disabilities: 'no',
  vehicleModified: 'no',
  otherDrivers: 'None',
  coverType: 'Comprehensive',
  usage: 'Social Domestic and Pleasure plus Commute',
  postcode: 'LS1 4DY',
};
const NOW = Date.UTC(2026, 6, 1, 12);

describe('priceOn', () => {
  it('multiplies the base row by every factor and the multiplier, rounds once half up, and adds IPT', () => {
    // 3 days = 72 h: the row up to 72 h, 4600p; commuting 1.05 -> 4830p; IPT 12% of 4830 = 579.6 -> 580.
    expect(priceOn(exampleRates(), answers, 72, NOW)).toEqual({ decision: 'priced', netPence: 4830, iptPence: 580, premiumPence: 5410 });
    // A London district, a street, a 21-year-old: 2200 x 1.4 x 1.1 x 1.05 x 1.25 (E) = 4446.675 -> 4447.
    const d = priceOn(exampleRates(), { ...answers, dateOfBirth: '2005-01-01', keptOvernight: 'Street', postcode: 'E1 6AN' }, 24, NOW);
    expect(d).toEqual({ decision: 'priced', netPence: 4447, iptPence: 534, premiumPence: 4981 });
  });

  it('declines before it refers, and names the rule', () => {
    const both = { ...answers, vehicleModified: 'yes', drivingConvictions: 'Yes' };
    expect(priceOn(exampleRates(), both, 72, NOW)).toMatchObject({ decision: 'declined', rule: 'vehicle-modified', reason: 'We cannot cover modified vehicles' });
    expect(priceOn(exampleRates(), { ...answers, drivingConvictions: 'Yes' }, 72, NOW)).toMatchObject({ decision: 'referred', rule: 'driving-convictions' });
    expect(priceOn(exampleRates(), { ...answers, value: 70_000 }, 72, NOW)).toMatchObject({ decision: 'declined', rule: 'vehicle-over-65000' });
    expect(priceOn(exampleRates(), { ...answers, claimsPast5Years: 'more than 3' }, 72, NOW)).toMatchObject({ decision: 'declined', rule: 'three-or-more-claims' });
    expect(priceOn(exampleRates(), { ...answers, claimsPast5Years: '2' }, 72, NOW)).toMatchObject({ decision: 'referred', rule: 'two-claims' });
    expect(priceOn(exampleRates(), { ...answers, product: 'business' }, 72, NOW)).toMatchObject({ decision: 'referred', rule: 'business-cover' });
  });

  it('refers a length no base row reaches, and keeps the minimum premium', () => {
    expect(priceOn(exampleRates(), answers, 24 * 40, NOW)).toMatchObject({ decision: 'referred', rule: 'length-beyond-rates' });
    const cheap = { ...exampleRates(), multiplier: '0.1' };
    expect(priceOn(cheap, answers, 1, NOW)).toEqual({ decision: 'priced', netPence: 1200, iptPence: 144, premiumPence: 1344 });
  });

  it('takes a postcode district over its area', () => {
    const rates = exampleRates();
    rates.factors.postcodeDistricts = { LS1: '2' };
    expect(priceOn(rates, answers, 72, NOW)).toMatchObject({ premiumPence: 10819 });
  });
});

describe('outcomeOf', () => {
  it('names the tax rate as the version writes it, a whole number kept whole', () => {
    const priced = { decision: 'priced', netPence: 1000, iptPence: 100, premiumPence: 1100 } as const;
    const rate = (iptPercent: string) => outcomeOf(priced, { rateVersion: 1, iptPercent, validUntil: NOW, payOnline: false });
    expect(rate('10')).toMatchObject({ iptPercent: '10', premium: 11, ipt: 1 });
    expect(rate('12.50')).toMatchObject({ iptPercent: '12.5' });
    expect(rate('20.0')).toMatchObject({ iptPercent: '20' });
  });
});

describe('rate tables', () => {
  it('refuse factors that are not exact decimals, rows not rising and unknown facts, naming where', () => {
    const bad = structuredClone(example.rates) as { multiplier: string; base: { temporary: { upToHours: number }[] }; rules: { when: { fact: string }[] }[] };
    bad.multiplier = '1.123456';
    bad.base.temporary[1]!.upToHours = 1;
    bad.rules[0]!.when[0]!.fact = 'starSign';
    const issues = rateTable.safeParse(bad).error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'multiplier: Enter a factor from 0 to 999.9999, at most 4 decimal places (such as 1.25)',
        expect.stringMatching(/^rules\.0\.when\.0\.fact: fact must be one of product, age/),
      ]),
    );
  });
});

describe('POST /api/quotes on the example rates', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    expect(await ensureExampleRates(h.deps)).toBe(true);
    expect(await ensureExampleRates(h.deps)).toBe(false);
  });
  afterAll(() => h.close());

  const row = async (reference: string) =>
    (await h.database.client.execute({ sql: 'select * from quote_requests where reference = ?', args: [reference] })).rows[0]!;

  it('answers a price with its tax, valid 30 minutes, stored as a quote with the version that made it', async () => {
    const res = await h.request('POST', '/api/quotes', { body: { ...validQuote, email: 'priced@example.test' }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    const body = await expectJson<{ reference: string; outcome: Record<string, unknown> }>(res, 201);
    expect(body.outcome).toEqual({
      decision: 'priced',
      premium: 54.1,
      ipt: 5.8,
      iptPercent: '12',
      validUntil: new Date(h.clock.now() + 30 * 60_000).toISOString(),
      rateVersion: 1,
      payOnline: false,
    });
    expect(await row(body.reference)).toMatchObject({
      status: 'quoted',
      decision: 'instant',
      offer_premium_pence: 5410,
      offer_ipt_pence: 580,
      rate_version_id: 1,
      offer_valid_until: h.clock.now() + 30 * 60_000,
    });
    const [mail] = await mailsTo(h, 'priced@example.test');
    expect(mail!.text).toContain('Your price: £54.10, including £5.80 insurance premium tax at 12%.');
  });

  it('answers a decline with its reason and the phone number, and a referral in the words customers read', async () => {
    const declined = await submitQuote(h, { vehicleModified: 'yes' });
    expect(await row(declined.reference)).toMatchObject({ status: 'new', decision: 'declined', decision_rule: 'vehicle-modified', decision_reason: 'We cannot cover modified vehicles' });
    const res = await h.request('POST', '/api/quotes', { body: { ...validQuote, email: 'refer@example.test', drivingConvictions: 'Yes' }, headers: { 'x-forwarded-for': '198.51.100.2' } });
    expect((await expectJson<{ outcome: unknown }>(res, 201)).outcome).toEqual({ decision: 'referred', message: 'A specialist will look at this' });
    const res2 = await h.request('POST', '/api/quotes', { body: { ...validQuote, email: 'decline@example.test', otherConvictions: 'Yes' }, headers: { 'x-forwarded-for': '198.51.100.3' } });
    expect((await expectJson<{ outcome: unknown }>(res2, 201)).outcome).toEqual({
      decision: 'declined',
      reason: 'We cannot cover drivers with criminal (non-motoring) convictions',
      phone: '020 7946 0000',
    });
  });

  it('prices on the version live at the time: a new one from a chosen time, older prices unchanged', async () => {
    const owner = await h.addUser({ username: 'rates.owner', isOwner: true, isAdmin: true });
    const token = await h.tokenFor('rates.owner');
    const later = new Date(h.clock.now() + 60 * 60_000).toISOString();
    const created = await expectJson<{ id: number; status: string }>(
      h.request('POST', '/api/admin/rates', { token, body: { name: 'Insurer rates 2027', effectiveFrom: later, rates: { ...exampleRates(), multiplier: '1.1' } } }),
      201,
    );
    expect(created.status).toBe('scheduled');
    expect(owner).toBeGreaterThan(0);
    const before = await submitQuote(h);
    expect(await row(before.reference)).toMatchObject({ offer_premium_pence: 5410, rate_version_id: 1 });
    h.clock.advance(60 * 60_000);
    const after = await submitQuote(h);
    // 4830 x 1.1 = 5313; IPT 637.56 -> 638.
    expect(await row(after.reference)).toMatchObject({ offer_premium_pence: 5951, rate_version_id: created.id });
    expect(await row(before.reference)).toMatchObject({ offer_premium_pence: 5410, rate_version_id: 1 });
  });
});

describe('with no live version', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('refers every request to staff, as before rates existed', async () => {
    const { reference } = await submitQuote(h);
    const rs = await h.database.client.execute({ sql: 'select status, decision, decision_rule from quote_requests where reference = ?', args: [reference] });
    expect(rs.rows[0]).toMatchObject({ status: 'new', decision: 'referred', decision_rule: 'no-live-rates' });
  });
});
