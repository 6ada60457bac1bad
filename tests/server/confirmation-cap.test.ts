// At most 3 quote and callback confirmations a recipient an hour (docs/product.md#e-mails): a further request
// to the same address is stored and answered as usual, but no e-mail goes, so nobody can bomb a stranger's
// inbox through the public forms. The count lives in the database, shared by every server process.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { openDatabase } from '../../src-server/platform/db/client';
import { CONFIRMATIONS_PER_RECIPIENT, confirmationRecipientKey } from '../../src-server/platform/mail/confirmation-cap';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, T0, TEST_SECRET, type Harness } from './harness';

const HOUR = 3_600_000;

let h: Harness;
let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;
let quoteCounter = 0;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A quote request to `email`, each a different request (so not taken for a repeat of the one before). */
async function quote(email: string, via: Harness['app'] = h.app): Promise<string> {
  const res = await via.request('/api/quotes', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
    body: JSON.stringify({ ...validQuote, email, address: `${++quoteCounter} Acacia Avenue, Leeds` }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ reference: string }>(res)).reference;
}

async function callback(email: string): Promise<string> {
  const res = await h.request('POST', '/api/callbacks', {
    body: { name: 'Cap Test', email, phone: '07700 900123', reasonForContact: 'other' },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ reference: string }>(res)).reference;
}

/** Confirmations queued for `email` (any letter case), as their subjects. */
async function confirmationsTo(email: string): Promise<string[]> {
  const rs = await h.database.client.execute({ sql: 'select subject from mail_outbox where lower(to_address) = lower(?) order by id', args: [email] });
  return rs.rows.map((r) => String(r['subject']));
}

async function stored(reference: string): Promise<boolean> {
  const table = reference.startsWith('QR') ? 'quote_requests' : 'callback_requests';
  const rs = await h.database.client.execute({ sql: `select count(*) n from ${table} where reference = ?`, args: [reference] });
  return Number(rs.rows[0]!['n']) === 1;
}

describe('confirmation e-mails per recipient', () => {
  it('sends 3 an hour to one address, quotes and callbacks together; later requests are stored and answered, not e-mailed', async () => {
    h.clock.set(T0);
    const to = 'bombed@example.test';
    expect(CONFIRMATIONS_PER_RECIPIENT.limit).toBe(3);
    const references = [await quote(to), await callback(to), await quote(to)];
    expect(await confirmationsTo(to)).toHaveLength(3);

    h.clock.advance(10 * 60_000);
    for (let i = 0; i < 12; i++) references.push(i % 2 === 0 ? await quote(to) : await callback(to));
    // Over tRPC too: the same service, the same count.
    const viaTrpc = await h.trpc(undefined, freshAddress()).callbacks.request({ name: 'Cap Test', email: to, phone: '07700 900123', reasonForContact: 'other' });
    references.push(viaTrpc.reference);

    expect(await confirmationsTo(to)).toHaveLength(3);
    for (const reference of references) expect(await stored(reference), reference).toBe(true);
    // Staff still see every one of them, each logged.
    const logged = await h.database.client.execute("select count(*) n from audit_logs where action like 'Quote requested: %' or action like 'Callback requested: %'");
    expect(Number(logged.rows[0]!['n'])).toBeGreaterThanOrEqual(references.length);
  });

  it('counts the address whatever its letter case or +tag', async () => {
    h.clock.set(T0 + 2 * HOUR);
    for (const spelling of ['variant@example.test', 'Variant@Example.TEST', 'variant+1@example.test', 'VARIANT+news@example.test', ' variant@example.test']) {
      await quote(spelling.trim());
    }
    const rs = await h.database.client.execute("select count(*) n from mail_outbox where lower(to_address) like 'variant%@example.test'");
    expect(Number(rs.rows[0]!['n'])).toBe(3);
    expect(confirmationRecipientKey('VARIANT+news@Example.test')).toBe(confirmationRecipientKey('variant@example.test'));
    expect(confirmationRecipientKey('other@example.test')).not.toBe(confirmationRecipientKey('variant@example.test'));
    // Another address is not held back by this one.
    await quote('someone.else@example.test');
    expect(await confirmationsTo('someone.else@example.test')).toHaveLength(1);
  });

  it('sends again once the hour from the first confirmation has passed', async () => {
    h.clock.set(T0 + 4 * HOUR);
    const to = 'patient@example.test';
    for (let i = 0; i < 4; i++) await callback(to);
    expect(await confirmationsTo(to)).toHaveLength(3);
    h.clock.set(T0 + 5 * HOUR - 1);
    await callback(to);
    expect(await confirmationsTo(to)).toHaveLength(3);
    h.clock.set(T0 + 5 * HOUR);
    await callback(to);
    expect(await confirmationsTo(to)).toHaveLength(4);
  });

  it('shares the count between server processes on one database', async () => {
    h.clock.set(T0 + 8 * HOUR);
    const database = await openDatabase({ url: h.databaseUrl });
    const other = await createApp({ database, jwtSecret: TEST_SECRET, clock: manualClock(T0 + 8 * HOUR), logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
    try {
      const to = 'two.processes@example.test';
      await quote(to);
      await quote(to, other.app);
      await quote(to);
      const reference = await quote(to, other.app);
      expect(await confirmationsTo(to)).toHaveLength(3);
      expect(await stored(reference)).toBe(true);
    } finally {
      // Its own delivery run (started after each stored request) ends before its connection closes.
      await other.deps.mailer.deliverPending();
      database.close();
    }
  });

  it('a repeat of the same quote within a minute is still the same request: no second e-mail, no count', async () => {
    h.clock.set(T0 + 12 * HOUR);
    const to = 'repeat@example.test';
    const body = JSON.stringify({ ...validQuote, email: to });
    for (let i = 0; i < 5; i++) {
      expect((await h.app.request('/api/quotes', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() }, body })).status).toBe(201);
    }
    expect(await confirmationsTo(to)).toHaveLength(1);
    await quote(to);
    await quote(to);
    expect(await confirmationsTo(to)).toHaveLength(3);
  });
});
