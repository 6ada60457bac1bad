// The owner's rate versions (docs/product.md#rates, docs/api.md#admin-rates): GET and POST /api/admin/rates for owners
// only; every version newest first with its status by the server clock; a new version checked whole, each wrong field
// named by its whole path, nothing written when refused; a start in the past refused; a scheduled version live from its
// time; each save logged under the owner; a version downloaded and posted back accepted as it is; the seeded example
// marked as one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateVersionView } from '../../src-server/contract/rates';
import { ensureExampleRates } from '../../src-server/modules/pricing';
import { createHarness, T0, type ErrorBody, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { validQuote } from '../fixtures/quote';
import { auditEntriesLike } from './quote-flow';

const HOUR = 3_600_000;

let h: Harness;
let owner: string;
let admin: string;
let customer: string;

type Versions = { items: RateVersionView[] };
const list = (token = owner) => expectJson<Versions>(h.request('GET', '/api/admin/rates', { token }), 200);
const post = (body: unknown, token = owner) => h.request('POST', '/api/admin/rates', { token, body });
const fieldErrorsOf = async (res: Promise<Response>) => (await expectJson<ErrorBody>(res, 400)).details?.fieldErrors;
const versionCount = async () => Number((await h.database.client.execute('select count(*) n from rate_versions')).rows[0]!['n']);

/** The live version's rates, as GET gives them, to change one thing of. */
async function liveRates(): Promise<RateVersionView> {
  return (await list()).items.find((v) => v.status === 'live')!;
}

beforeAll(async () => {
  h = await createHarness();
  h.clock.set(T0);
  await h.addUser({ username: 'olga', isOwner: true });
  await h.addUser({ username: 'sam', isAdmin: true });
  await h.addUser({ username: 'cora' });
  owner = await h.tokenFor('olga');
  admin = await h.tokenFor('sam');
  customer = await h.tokenFor('cora');
  expect(await ensureExampleRates(h.deps)).toBe(true);
});
afterAll(() => h.close());

describe('who may', () => {
  it('is owners only: an admin and a customer 403, nobody signed in 401, at both routes', async () => {
    const example = await liveRates();
    for (const token of [admin, customer]) {
      await expectStatus(h.request('GET', '/api/admin/rates', { token }), 403);
      await expectStatus(post({ name: 'Not mine', rates: example.rates }, token), 403);
    }
    await expectStatus(h.request('GET', '/api/admin/rates'), 401);
    await expectStatus(h.request('POST', '/api/admin/rates', { body: { name: 'Nobody', rates: example.rates } }), 401);
    expect(await versionCount()).toBe(1);
  });

  it('is owners only over tRPC too', async () => {
    await expect(h.trpc(admin).admin.rates.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(h.trpc().admin.rates.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await h.trpc(owner).admin.rates.list()).items).toHaveLength(1);
  });
});

describe('the seeded example', () => {
  it('is live, marked an example, written by the system, and a second seeding writes nothing', async () => {
    const [example] = (await list()).items;
    expect(example).toMatchObject({ status: 'live', example: true, createdBy: 'system', effectiveFrom: new Date(T0).toISOString() });
    expect(example!.name).toMatch(/^Example rates/);
    expect(await ensureExampleRates(h.deps)).toBe(false);
    expect(await versionCount()).toBe(1);
  });
});

describe('a new version is checked whole', () => {
  it('names a factor that is not one by its path', async () => {
    const { rates } = await liveRates();
    const errors = await fieldErrorsOf(post({ name: 'Bad factor', rates: { ...rates, multiplier: 'one and a half' } }));
    expect(errors).toEqual({ 'rates.multiplier': ['Enter a factor from 0 to 999.9999, at most 4 decimal places (such as 1.25)'] });
  });

  it('names a base row that does not rise by its path', async () => {
    const { rates } = await liveRates();
    const temporary = rates.base.temporary.map((r) => ({ ...r }));
    temporary[1]!.upToHours = temporary[0]!.upToHours;
    const errors = await fieldErrorsOf(post({ name: 'Not rising', rates: { ...rates, base: { ...rates.base, temporary } } }));
    expect(errors).toEqual({ 'rates.base.temporary.1.upToHours': ['Rows must be in rising upToHours'] });
  });

  it('names a rule on a fact that does not exist by its path', async () => {
    const { rates } = await liveRates();
    const rules = [{ id: 'shoe-size', action: 'decline', reason: 'Big feet', when: [{ fact: 'shoeSize', op: 'gt', value: 12 }] }, ...rates.rules];
    const errors = await fieldErrorsOf(post({ name: 'Unknown fact', rates: { ...rates, rules } }));
    expect(Object.keys(errors ?? {})).toEqual(['rates.rules.0.when.0.fact']);
    expect(errors!['rates.rules.0.when.0.fact']![0]).toMatch(/^fact must be one of product, age, /);
  });

  it('refuses a missing name, rates that are not an object, and a start in the past', async () => {
    const { rates } = await liveRates();
    expect(await fieldErrorsOf(post({ name: ' ', rates }))).toEqual({ name: ['Name is required'] });
    expect((await fieldErrorsOf(post({ name: 'No rates', rates: 'cheap' })))?.['rates']).toHaveLength(1);
    const past = new Date(T0 - HOUR).toISOString();
    expect(await fieldErrorsOf(post({ name: 'Too late', effectiveFrom: past, rates }))).toEqual({ effectiveFrom: ['The start must be now or later'] });
  });

  it('wrote nothing for any of them', async () => {
    expect(await versionCount()).toBe(1);
    // Only the example's seeding is logged, by the system.
    expect(await auditEntriesLike(h, 'Rate version %saved:%')).toEqual([{ action: expect.stringMatching(/^Rate version saved: Example rates/), username: 'system' }]);
  });

  it('answers a wrong field by its path over tRPC too', async () => {
    const { rates } = await liveRates();
    await expect(h.trpc(owner).admin.rates.create({ name: 'Bad', rates: { ...rates, iptPercent: 'twelve' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { details: { fieldErrors: { 'rates.iptPercent': [expect.any(String)] } } },
    });
  });
});

describe('versions over time', () => {
  let scheduled: RateVersionView;

  it('accepts a version downloaded from GET and posted back as it is, live at once and logged under the owner', async () => {
    const downloaded = await liveRates();
    const saved = await expectJson<RateVersionView>(post(downloaded), 201);
    expect(saved).toMatchObject({ name: downloaded.name, status: 'live', example: false, createdBy: 'olga', effectiveFrom: new Date(T0).toISOString(), rates: downloaded.rates });
    expect(saved.id).not.toBe(downloaded.id);
    expect(await auditEntriesLike(h, `Rate version ${saved.id} saved:%`)).toEqual([
      { action: `Rate version ${saved.id} saved: ${downloaded.name}, in force from ${new Date(T0).toISOString()}`, username: 'olga' },
    ]);
  });

  it('schedules a version from a later time, and lists every version newest first with its status', async () => {
    const { rates } = await liveRates();
    h.clock.set(T0 + HOUR);
    const from = new Date(T0 + 3 * HOUR).toISOString();
    scheduled = await expectJson<RateVersionView>(post({ name: 'Insurer rates, 10% up', effectiveFrom: from, rates: { ...rates, multiplier: '1.1' } }), 201);
    expect(scheduled).toMatchObject({ status: 'scheduled', effectiveFrom: from, createdAt: new Date(T0 + HOUR).toISOString() });

    const { items } = await list();
    expect(items.map((v) => [v.name, v.status])).toEqual([
      ['Insurer rates, 10% up', 'scheduled'],
      [expect.stringMatching(/^Example rates/), 'live'],
      [expect.stringMatching(/^Example rates/), 'past'],
    ]);
    expect(items.map((v) => v.example)).toEqual([false, false, true]);
  });

  it('prices on the live version until the scheduled one starts, then on it', async () => {
    const before = await expectJson<{ outcome: { decision: string; rateVersion: number } }>(postQuote(), 201);
    expect(before.outcome.rateVersion).not.toBe(scheduled.id);

    h.clock.set(T0 + 3 * HOUR);
    const statuses = (await list()).items.map((v) => v.status);
    expect(statuses).toEqual(['live', 'past', 'past']);
    const after = await expectJson<{ outcome: { decision: string; rateVersion: number } }>(postQuote(), 201);
    expect(after.outcome).toMatchObject({ decision: 'priced', rateVersion: scheduled.id });
  });
});

let quotes = 0;
/** A quote request the example rates price, as the wizard sends it: the answer says which version priced it. */
function postQuote(): Promise<Response> {
  quotes += 1;
  return h.request('POST', '/api/quotes', {
    body: { ...validQuote, email: `rates${quotes}@example.test` },
    headers: { 'x-forwarded-for': `198.51.100.${quotes}` },
  });
}
