// Quote requests (docs/product.md#what-the-server-does-with-a-request: stored once with a reference and status new, a
// confirmation e-mail, an audit entry, validated again with the server's clock, duplicates within a minute
// stored once, 429 for one address's abusive volume), through REST and tRPC, and seen by staff: the product,
// the requested start (UK time) and the cover length stored as columns and in the details, each product's
// age range and cover lengths refused with field messages and nothing written.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_ADDRESS_RULE } from '../../src-server/modules/requests/quotes/service';
import { validLearner, validProductAnswers, validQuote } from '../fixtures/quote';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';

const SUBMITTED = 'Quote request submitted! Thank you.';
const REFERENCE = /^QR-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

let h: Harness;
let addressCounter = 0;
/** A fresh client address, so the per-address throttle stays out of tests that are not about it. */
const freshAddress = () => `203.0.113.${++addressCounter}`;
let emailCounter = 0;
/** A request unlike any other (its e-mail), so the duplicate rule stays out of tests that are not about it. */
// Every product's own answers too, so a test changing the product need not add them (the server keeps the product's).
const fresh = (overrides: Record<string, unknown> = {}) => ({ ...validQuote, ...validProductAnswers, email: `quote${++emailCounter}@example.test`, ...overrides });

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
    const answer = await expectJson<{ reference: string; message: string }>(post(body), 201);
    expect(answer.message).toBe(SUBMITTED);
    expect(answer.reference).toMatch(REFERENCE);

    const [row] = await rows('reference = ?', [answer.reference]);
    expect(row).toMatchObject({
      status: 'new',
      product: 'temporary',
      // 09:00 on 10 July 2026, UK time (BST): 08:00 UTC.
      requested_start_at: Date.UTC(2026, 6, 10, 8, 0),
      duration_value: 3,
      duration_unit: 'days',
      first_name: 'Amelia',
      last_name: 'Fletcher',
      email: 'happy.quote@example.test',
      phone: '07700900123',
      postcode: 'LS1 4DY',
      created_at: T0,
    });
    const details = JSON.parse(String(row!['details'])) as Record<string, unknown>;
    expect(details).toMatchObject({
      product: 'temporary',
      policyStartTime: '09:00',
      durationValue: 3,
      durationUnit: 'days',
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
    expect(text).toContain('Hello,');
    expect(text).toContain('within 24 hours');
    expect(text).toContain('Product: Temporary car cover');
    expect(text).toContain('Cover to start: Fri 10 Jul 2026, 09:00 BST');
    expect(text).toContain('Cover length: 3 days');
  });

  it('stores a winter start as GMT, and each product with its own cover length', async () => {
    const body = fresh({ product: 'learner', dateOfBirth: '2009-07-01', policyStartDay: '31', policyStartMonth: '1', policyStartYear: '2027', policyStartTime: '17:30', durationValue: '5', durationUnit: 'months' });
    const { reference } = await expectJson<{ reference: string }>(post(body), 201);
    expect((await rows('reference = ?', [reference]))[0]).toMatchObject({
      product: 'learner',
      requested_start_at: Date.UTC(2027, 0, 31, 17, 30),
      duration_value: 5,
      duration_unit: 'months',
    });
    const mail = await h.database.client.execute({ sql: 'select text_body from mail_outbox where to_address = ?', args: [body.email] });
    const text = String(mail.rows[0]!['text_body']);
    expect(text).toContain('Product: Learner driver cover');
    expect(text).toContain('Cover to start: Sun 31 Jan 2027, 17:30 GMT');
    expect(text).toContain('Cover length: 5 months');

    const business = fresh({ product: 'business', policyStartTime: '13:00', policyStartDay: '1', durationValue: '1', durationUnit: 'hours' });
    expect((await post(business)).status).toBe(400);
    expect((await post({ ...business, durationValue: '24' })).status).toBe(201);
  });

  it('stores a learner’s request without the no-claims answers, which step 2 does not ask a learner; other products need them', async () => {
    const { noClaimsBonusYears: _y, noClaimsBonusProtected: _p, ...withoutNoClaims } = fresh();
    const learner = { ...withoutNoClaims, ...validLearner, dateOfBirth: '2008-03-01', licenceNumber: 'FLETC053018A99AB' };
    const { reference } = await expectJson<{ reference: string }>(post(learner), 201);
    const details = JSON.parse(String((await rows('reference = ?', [reference]))[0]!['details'])) as Record<string, unknown>;
    expect(details).toMatchObject({ product: 'learner', supervisorName: 'Dan Fletcher', coverType: 'Comprehensive' });
    expect(details).not.toHaveProperty('noClaimsBonusYears');
    expect(details).not.toHaveProperty('noClaimsBonusProtected');
    // Sent anyway (typed before the product was changed to learner): not kept either.
    const sentAnyway = await post({ ...learner, email: `quote${++emailCounter}@example.test`, noClaimsBonusYears: '4', noClaimsBonusProtected: 'No' });
    const again = JSON.parse(String((await rows('reference = ?', [(await json<{ reference: string }>(sentAnyway)).reference]))[0]!['details'])) as Record<string, unknown>;
    expect(again).not.toHaveProperty('noClaimsBonusYears');

    const before = await writesSnapshot();
    expect((await expectJson<ErrorBody>(post({ ...withoutNoClaims, email: `quote${++emailCounter}@example.test` }), 400)).details?.fieldErrors).toEqual({
      noClaimsBonusYears: ['Choose your years of no claims bonus'],
      noClaimsBonusProtected: ['Choose whether your no claims bonus is protected'],
    });
    expect(await writesSnapshot()).toEqual(before);
  });

  it('refuses bad input with 400 and field details, and writes nothing', async () => {
    const before = await writesSnapshot();
    const body = await expectJson<ErrorBody>(post(fresh({ postcode: '12345', keptOvernight: 'Garaged', value: '-1', firstName: '' })), 400);
    expect(body.details?.fieldErrors).toMatchObject({
      postcode: ['Enter a full UK postcode, such as SW1A 1AA'],
      keptOvernight: ['Choose where the vehicle is kept overnight'],
      value: ['Enter an amount of 0 or more'],
      firstName: ['First name is required'],
    });
    expect(await writesSnapshot()).toEqual(before);
  });

  it('refuses a learner request for someone aged 66 with the age message, and writes nothing', async () => {
    const before = await writesSnapshot();
    // 66 on the harness's day (1 July 2026).
    const body = await expectJson<ErrorBody>(post(fresh({ product: 'learner', dateOfBirth: '1960-03-14' })), 400);
    expect(body.error).toBe('Some of the details are not valid');
    expect(body.details?.fieldErrors).toEqual({ dateOfBirth: ['Learner driver cover is for drivers aged 17 to 50'] });
    expect(await writesSnapshot()).toEqual(before);
    // The same driver may ask for temporary cover (18 to 75).
    expect((await post(fresh({ product: 'temporary', dateOfBirth: '1960-03-14' }))).status).toBe(201);
  });

  it('applies the clock’s rules with the server’s clock: age ranges, the start, the cover length', async () => {
    const before = await writesSnapshot();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ policyStartDay: '30', policyStartMonth: '6' }, 'policyStartDay', 'Choose a start date from today onwards'],
      [{ policyStartDay: '31', policyStartMonth: '9' }, 'policyStartDay', 'That date does not exist: check the day and month'],
      [{ policyStartYear: '2036' }, 'policyStartYear', 'Choose a year from the list'],
      // The harness's clock reads 13:00 BST on 1 July.
      [{ policyStartDay: '1', policyStartMonth: '7', policyStartTime: '12:59' }, 'policyStartTime', 'Choose a start time that has not passed yet'],
      [{ product: 'temporary', dateOfBirth: '2008-07-02' }, 'dateOfBirth', 'Temporary car cover is for drivers aged 18 to 75'],
      [{ product: 'business', dateOfBirth: '1950-07-01' }, 'dateOfBirth', 'Business use cover is for drivers aged 18 to 75'],
      [{ product: 'learner', dateOfBirth: '2009-07-02' }, 'dateOfBirth', 'Learner driver cover is for drivers aged 17 to 50'],
      [{ product: 'temporary', durationValue: '31', durationUnit: 'days' }, 'durationValue', 'Temporary car cover runs from 1 hour to 30 days'],
      [{ product: 'temporary', durationValue: '0', durationUnit: 'hours' }, 'durationValue', 'Temporary car cover runs from 1 hour to 30 days'],
      [{ product: 'temporary', durationValue: '1', durationUnit: 'months' }, 'durationValue', 'Temporary car cover runs from 1 hour to 30 days'],
      [{ product: 'learner', durationValue: '23', durationUnit: 'hours' }, 'durationValue', 'Learner driver cover runs from 1 day to 5 months'],
      [{ product: 'learner', durationValue: '6', durationUnit: 'months' }, 'durationValue', 'Learner driver cover runs from 1 day to 5 months'],
      [{ product: 'business', durationValue: '5', durationUnit: 'weeks' }, 'durationValue', 'Business use cover runs from 1 day to 30 days'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(fresh(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors, JSON.stringify(change)).toEqual({ [field]: [message] });
    }
    expect(await writesSnapshot()).toEqual(before);
    // On the day itself, from this minute, the same request is fine; so are each product's limits exactly.
    expect((await post(fresh({ policyStartDay: '1', policyStartMonth: '7', policyStartTime: '13:00' }))).status).toBe(201);
    expect((await post(fresh({ product: 'temporary', durationValue: '30', durationUnit: 'days' }))).status).toBe(201);
    expect((await post(fresh({ product: 'learner', durationValue: '5', durationUnit: 'months' }))).status).toBe(201);
  });

  it('refuses a missing product, a malformed start time and a cover length that is not a whole number of hours, days, weeks or months', async () => {
    const before = await writesSnapshot();
    expect((await expectJson<ErrorBody>(post(fresh({ product: 'annual', policyStartTime: '9am', durationValue: '1.5', durationUnit: 'years' })), 400)).details?.fieldErrors).toEqual({
      product: ['Choose which cover you want'],
      policyStartTime: ['Enter the start time as HH:MM on the 24-hour clock, such as 09:00 or 17:30'],
      durationValue: ['Enter a whole number, such as 3'],
      durationUnit: ['Choose hours, days, weeks or months'],
    });
    const { product: _p, policyStartTime: _t, durationValue: _v, durationUnit: _u, ...old } = fresh();
    expect(Object.keys((await expectJson<ErrorBody>(post(old), 400)).details?.fieldErrors ?? {}).sort()).toEqual(['durationUnit', 'durationValue', 'policyStartTime', 'product']);
    expect(await writesSnapshot()).toEqual(before);
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
    expect((await expectJson<{ reference: string }>(post(body), 201)).reference).not.toBe(ra.reference);
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
    expect((await expectJson<{ reference: string }>(post(fresh({ website: 'https://spam.example' })), 201)).reference).toMatch(REFERENCE);
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
    expect(result).toEqual({ reference: expect.stringMatching(REFERENCE), message: SUBMITTED, outcome: { decision: 'referred', message: 'A specialist will look at this' } });
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

  it('refuses a learner aged 66 and a bad cover length as BAD_REQUEST with the field messages, writing nothing', async () => {
    const before = await writesSnapshot();
    for (const [change, field, message] of [
      [{ product: 'learner', dateOfBirth: '1960-03-14' }, 'dateOfBirth', 'Learner driver cover is for drivers aged 17 to 50'],
      [{ product: 'business', durationValue: '31', durationUnit: 'days' }, 'durationValue', 'Business use cover runs from 1 day to 30 days'],
      [{ durationValue: '-1' }, 'durationValue', 'Enter a whole number, such as 3'],
    ] as const) {
      const err = await h
        .trpc(undefined, freshAddress())
        .quotes.submit(fresh(change) as never)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe('BAD_REQUEST');
      const text = JSON.stringify((err as TRPCError).cause ?? err);
      expect(text).toContain(field);
      expect(text).toContain(message);
    }
    expect(await writesSnapshot()).toEqual(before);
  });
});

describe('staff see it', () => {
  it('in GET /api/admin/quotes, searchable by reference, with the details on opening', async () => {
    await h.addUser({ username: 'quotestaff', isAdmin: true });
    const token = await h.tokenFor('quotestaff');
    const body = fresh({ lastName: 'Quoteworthy' });
    const { reference } = await json<{ reference: string }>(await post(body));
    const items = await expectJson<Array<{ id: number; reference: string; status: string; lastName: string }>>(h.request('GET', `/api/admin/quotes?search=${reference}`, { token }), 200);
    expect(items).toEqual([expect.objectContaining({ reference, status: 'new', lastName: 'Quoteworthy' })]);
    const one = await json<{ details: Record<string, unknown> }>(await h.request('GET', `/api/admin/quotes/${items[0]!.id}`, { token }));
    expect(one.details).toMatchObject({ regNumber: 'AB12 CDE', coverType: 'Comprehensive' });
  });

  it('with the product, start time and cover length, through admin.quotes.get and REST alike', async () => {
    await h.addUser({ username: 'quotestaff2', isAdmin: true });
    const token = await h.tokenFor('quotestaff2');
    const body = fresh({ product: 'business', policyStartDay: '2', policyStartMonth: '11', policyStartTime: '07:45', durationValue: '2', durationUnit: 'weeks' });
    const { reference } = await json<{ reference: string }>(await post(body));
    const [row] = await rows('reference = ?', [reference]);
    expect(row).toMatchObject({ product: 'business', requested_start_at: Date.UTC(2026, 10, 2, 7, 45), duration_value: 2, duration_unit: 'weeks' });
    const id = Number(row!['id']);
    const asked = { product: 'business', policyStartDay: 2, policyStartMonth: 11, policyStartYear: 2026, policyStartTime: '07:45', durationValue: 2, durationUnit: 'weeks' };
    const viaTrpc = await h.trpc(token).admin.quotes.get({ id });
    expect(viaTrpc).toMatchObject({ reference, details: asked });
    const viaRest = await json<{ reference: string; details: Record<string, unknown> }>(await h.request('GET', `/api/admin/quotes/${id}`, { token }));
    expect(viaRest).toMatchObject({ reference, details: asked });
  });

  it('still shows a request stored before the wizard asked for the product, start time and length', async () => {
    const token = await h.tokenFor('quotestaff');
    const { product: _p, policyStartTime: _t, durationValue: _v, durationUnit: _u, ...oldDetails } = validQuote;
    const inserted = await h.database.client.execute({
      sql: `insert into quote_requests (reference, status, first_name, last_name, email, phone, postcode, details, fingerprint, created_at, updated_at)
            values ('QR-OLD00001', 'new', 'Olive', 'Older', 'olive@example.test', '07700900123', 'LS1 4DY', ?, 'old', ?, ?) returning id`,
      args: [JSON.stringify({ ...oldDetails, policyStartDay: 10, policyStartMonth: 7, policyStartYear: 2026 }), T0, T0],
    });
    const id = Number(inserted.rows[0]!['id']);
    const one = await expectJson<{ reference: string; details: Record<string, unknown> }>(h.request('GET', `/api/admin/quotes/${id}`, { token }), 200);
    expect(one.reference).toBe('QR-OLD00001');
    expect(one.details).toMatchObject({ regNumber: 'ab12 cde', policyStartDay: 10 });
    expect(one.details).not.toHaveProperty('product');
    expect(await h.trpc(token).admin.quotes.get({ id })).toMatchObject({ reference: 'QR-OLD00001' });
  });
});
