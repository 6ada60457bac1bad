// Quote requests (DECISIONS.md "Quote wizard"; issue: stored once with a reference and status new, a
// confirmation e-mail, an audit entry, validated again with the server's date, duplicates within a minute
// stored once, 429 for one address's abusive volume), through REST and tRPC, and seen by staff.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_ADDRESS_RULE } from '../../src-server/features/quotes/service';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';

const SUBMITTED = 'Quote request submitted! Thank you.';
const REFERENCE = /^QR-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

let h: Harness;
let addressCounter = 0;
/** A fresh client address, so the per-address throttle stays out of tests that are not about it. */
const freshAddress = () => `203.0.113.${++addressCounter}`;
let emailCounter = 0;
/** A request unlike any other (its e-mail), so the duplicate rule stays out of tests that are not about it. */
const fresh = (overrides: Record<string, unknown> = {}) => ({ ...validQuote, email: `quote${++emailCounter}@example.test`, ...overrides });

function post(body: unknown, address = freshAddress()) {
  return h.request('POST', '/api/quotes', { body, headers: { 'x-forwarded-for': address } });
}

async function rows(where = '1', args: Array<string | number> = []) {
  return (await h.database.client.execute({ sql: `select * from quote_requests where ${where} order by id`, args })).rows;
}

async function count(table: string): Promise<number> {
  return Number((await h.database.client.execute(`select count(*) n from ${table}`)).rows[0]!['n']);
}

async function writesSnapshot() {
  return { quotes: await count('quote_requests'), mail: await count('mail_outbox'), logs: await count('audit_logs') };
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('POST /api/quotes', () => {
  it('stores the whole request as new with a reference, logs it and queues a confirmation', async () => {
    const body = fresh({ email: 'happy.quote@example.test', bestQuotedPremium: '389.99' });
    const res = await post(body);
    expect(res.status).toBe(201);
    const answer = await json<{ reference: string; message: string }>(res);
    expect(answer.message).toBe(SUBMITTED);
    expect(answer.reference).toMatch(REFERENCE);

    const [row] = await rows('reference = ?', [answer.reference]);
    expect(row).toMatchObject({
      status: 'new',
      first_name: 'Amelia',
      last_name: 'Fletcher',
      email: 'happy.quote@example.test',
      phone: '07700900123',
      postcode: 'LS1 4DY',
      created_at: T0,
    });
    const details = JSON.parse(String(row!['details'])) as Record<string, unknown>;
    expect(details).toMatchObject({
      regNumber: 'AB12 CDE',
      value: 4500.5,
      bestQuotedPremium: 389.99,
      security: 'Alarm & Immobiliser',
      usage: 'Social Domestic and Pleasure plus Commute',
      policyStartDay: 10,
      policyStartMonth: 7,
      policyStartYear: 2026,
      dateOfBirth: '1990-05-17',
      address: '12 Acacia Avenue, Leeds',
    });
    expect(Object.keys(details).sort()).toEqual(Object.keys(validQuote).sort());

    const logs = await h.database.client.execute({ sql: 'select action from audit_logs where action = ?', args: [`Quote requested: ${answer.reference}`] });
    expect(logs.rows).toHaveLength(1);
    const mail = await h.database.client.execute({ sql: 'select * from mail_outbox where to_address = ?', args: ['happy.quote@example.test'] });
    expect(mail.rows).toHaveLength(1);
    expect(String(mail.rows[0]!['subject'])).toContain(answer.reference);
    const text = String(mail.rows[0]!['text_body']);
    expect(text).toContain(`Your reference: ${answer.reference}`);
    expect(text).toContain('Hello Amelia,');
    expect(text).toContain('within 24 hours');
    expect(text).toContain('Cover to start: 10 July 2026');
  });

  it('refuses bad input with 400 and field details, and writes nothing', async () => {
    const before = await writesSnapshot();
    const res = await post(fresh({ postcode: '12345', keptOvernight: 'Garaged', value: '-1', firstName: '' }));
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.details?.fieldErrors).toMatchObject({
      postcode: ['Enter a full UK postcode, such as SW1A 1AA'],
      keptOvernight: ['Choose where the vehicle is kept overnight'],
      value: ['Enter an amount of 0 or more'],
      firstName: ['First name is required'],
    });
    expect(await writesSnapshot()).toEqual(before);
  });

  it('applies the date rules with the server’s date: a start in the past, an impossible date, too young', async () => {
    const before = await writesSnapshot();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ policyStartDay: '30', policyStartMonth: '6' }, 'policyStartDay', 'Choose a start date from today onwards'],
      [{ policyStartDay: '31', policyStartMonth: '9' }, 'policyStartDay', 'That date does not exist: check the day and month'],
      [{ policyStartYear: '2036' }, 'policyStartYear', 'Choose a year from the list'],
      [{ dateOfBirth: '2009-07-02' }, 'dateOfBirth', 'You must be 17 or over to request a quote'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(fresh(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.[field]).toEqual([message]);
    }
    expect(await writesSnapshot()).toEqual(before);
    // On the day itself, the same start is fine.
    expect((await post(fresh({ policyStartDay: '1', policyStartMonth: '7' }))).status).toBe(201);
  });

  it('refuses a body that is not JSON, and one over 100 KB, without a write', async () => {
    const before = await writesSnapshot();
    const bad = await h.request('POST', '/api/quotes', { rawBody: '{"firstName":', headers: { 'x-forwarded-for': freshAddress() } });
    expect(bad.status).toBe(400);
    expect((await post(fresh({ address: 'x'.repeat(110_000) }))).status).toBe(413);
    expect(await writesSnapshot()).toEqual(before);
  });

  it('stores a request sent twice within a minute once, answering both with one reference', async () => {
    const body = fresh();
    const [a, b] = await Promise.all([post(body), post(body, freshAddress())]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ra, rb] = [await json<{ reference: string }>(a), await json<{ reference: string }>(b)];
    expect(rb.reference).toBe(ra.reference);
    h.clock.advance(59_000);
    const c = await post(body);
    expect((await json<{ reference: string }>(c)).reference).toBe(ra.reference);
    expect(await rows('email = ?', [body.email])).toHaveLength(1);
    const mail = await h.database.client.execute({ sql: 'select id from mail_outbox where to_address = ?', args: [body.email] });
    expect(mail.rows).toHaveLength(1);

    // A minute after the first, the same details are a new request.
    h.clock.advance(1_001);
    const d = await post(body);
    expect(d.status).toBe(201);
    expect((await json<{ reference: string }>(d)).reference).not.toBe(ra.reference);
    expect(await rows('email = ?', [body.email])).toHaveLength(2);
    h.clock.set(T0);
  });

  it('treats a changed detail as a different request', async () => {
    const body = fresh();
    const a = await json<{ reference: string }>(await post(body));
    const b = await json<{ reference: string }>(await post({ ...body, noClaimsBonusYears: '5' }));
    expect(b.reference).not.toBe(a.reference);
  });

  it(`allows ${QUOTE_ADDRESS_RULE.limit} new requests per address an hour, then 429 with Retry-After; other addresses are unaffected`, async () => {
    const address = freshAddress();
    for (let i = 0; i < QUOTE_ADDRESS_RULE.limit; i++) expect((await post(fresh(), address)).status).toBe(201);
    const before = await writesSnapshot();
    const over = await post(fresh(), address);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await json<ErrorBody>(over)).error).toBe('Too many attempts. Please wait and try again.');
    expect(await writesSnapshot()).toEqual({ ...before });
    expect((await post(fresh())).status).toBe(201);
    h.clock.advance(60 * 60_000);
    try {
      // The start date must still be ahead of the moved clock: 10 July is.
      expect((await post(fresh(), address)).status).toBe(201);
    } finally {
      h.clock.set(T0);
    }
  });

  it('answers a filled honeypot like success but stores and sends nothing', async () => {
    const before = await writesSnapshot();
    const res = await post(fresh({ website: 'https://spam.example' }));
    expect(res.status).toBe(201);
    expect((await json<{ reference: string }>(res)).reference).toMatch(REFERENCE);
    expect(await writesSnapshot()).toEqual(before);
  });

  it('keeps hostile text as plain data', async () => {
    const res = await post(fresh({ firstName: '<img src=x onerror=alert(1)>', address: "1 Road'); DROP TABLE quote_requests;--" }));
    expect(res.status).toBe(201);
    const { reference } = await json<{ reference: string }>(res);
    const [row] = await rows('reference = ?', [reference]);
    expect(row!['first_name']).toBe('<img src=x onerror=alert(1)>');
    expect(JSON.parse(String(row!['details'])).address).toBe("1 Road'); DROP TABLE quote_requests;--");
  });
});

describe('quotes.submit (tRPC)', () => {
  it('stores through the same service and schema', async () => {
    const body = fresh();
    const result = await h.trpc(undefined, freshAddress()).quotes.submit(body as never);
    expect(result).toEqual({ reference: expect.stringMatching(REFERENCE), message: SUBMITTED });
    expect((await rows('email = ?', [body.email]))[0]).toMatchObject({ reference: result.reference, status: 'new' });
  });

  it('refuses bad input as BAD_REQUEST with the same messages, writing nothing', async () => {
    const before = await writesSnapshot();
    const err = await h
      .trpc(undefined, freshAddress())
      .quotes.submit(fresh({ security: 'Alarm & Immobiliser ', policyStartDay: '29', policyStartMonth: '2', policyStartYear: '2027' }) as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
    const dates = await h
      .trpc(undefined, freshAddress())
      .quotes.submit(fresh({ policyStartDay: '29', policyStartMonth: '2', policyStartYear: '2027' }) as never)
      .catch((e: unknown) => e);
    expect((dates as TRPCError).code).toBe('BAD_REQUEST');
    expect(JSON.stringify((dates as TRPCError).cause ?? dates)).toContain('That date does not exist');
    expect(await writesSnapshot()).toEqual(before);
  });
});

describe('staff see it', () => {
  it('in GET /api/admin/quotes, searchable by reference, with the details on opening', async () => {
    await h.addUser({ username: 'quotestaff', isAdmin: true });
    const token = await h.tokenFor('quotestaff');
    const body = fresh({ lastName: 'Quoteworthy' });
    const { reference } = await json<{ reference: string }>(await post(body));
    const list = await h.request('GET', `/api/admin/quotes?search=${reference}`, { token });
    expect(list.status).toBe(200);
    const items = await json<Array<{ id: number; reference: string; status: string; lastName: string }>>(list);
    expect(items).toEqual([expect.objectContaining({ reference, status: 'new', lastName: 'Quoteworthy' })]);
    const one = await json<{ details: Record<string, unknown> }>(await h.request('GET', `/api/admin/quotes/${items[0]!.id}`, { token }));
    expect(one.details).toMatchObject({ regNumber: 'AB12 CDE', coverType: 'Comprehensive' });
  });
});
