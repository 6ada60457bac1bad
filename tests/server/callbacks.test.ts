// Callback requests (docs/product.md#callback-requests, docs/api.md#errors): stored with a reference, logged, confirmed by e-mail; validated field by field; a honeypot
// that bots cannot detect; 5 requests per client address an hour.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../src-server/contract/brand';
import { contactReasons, normaliseUkPhone } from '../../src-server/contract/callback';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';

const RECEIVED = 'Your callback request has been received. Our team will contact you within 24 hours.';
const REFERENCE = /^CB-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

let h: Harness;
let addressCounter = 0;
/** A fresh client address, so the per-address throttle stays out of tests that are not about it. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

const valid = {
  name: 'Priya Patel',
  email: 'priya@example.test',
  phone: '07700 900123',
  reasonForContact: 'policies',
  // T0 is 2026-07-01 13:00 in the UK (BST).
  callbackDate: '2026-07-02T10:30',
  insuranceType: 'temporary',
};

function post(body: unknown, address = freshAddress()) {
  return h.request('POST', '/api/callbacks', { body, headers: { 'x-forwarded-for': address } });
}

async function rows(where = '1', args: string[] = []) {
  return (await h.database.client.execute({ sql: `select * from callback_requests where ${where} order by id`, args })).rows;
}

async function count(table: string): Promise<number> {
  return Number((await h.database.client.execute(`select count(*) n from ${table}`)).rows[0]!['n']);
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('POST /api/callbacks', () => {
  it('stores the request as new, logs it and queues a confirmation to the customer', async () => {
    const body = await expectJson<{ reference: string; message: string }>(post({ ...valid, email: 'happy@example.test' }), 201);
    expect(body.message).toBe(RECEIVED);
    expect(body.reference).toMatch(REFERENCE);

    const stored = await rows('email = ?', ['happy@example.test']);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      reference: body.reference,
      status: 'new',
      name: 'Priya Patel',
      phone: '07700900123',
      reason_for_contact: 'policies',
      insurance_type: 'temporary',
      callback_date: '2026-07-02T10:30',
      created_at: T0,
    });

    const log = await h.database.client.execute({ sql: 'select level, created_at from audit_logs where action = ?', args: [`Callback requested: ${body.reference}`] });
    expect(log.rows).toEqual([expect.objectContaining({ level: 'info', created_at: T0 })]);

    const mail = await h.database.client.execute({ sql: 'select subject, text_body from mail_outbox where to_address = ?', args: ['happy@example.test'] });
    expect(mail.rows).toHaveLength(1);
    const text = String(mail.rows[0]!['text_body']);
    expect(String(mail.rows[0]!['subject'])).toContain(body.reference);
    for (const part of [brand.name, body.reference, 'We will contact you within 24 hours', brand.phones.support, 'Thursday 2 July 2026 at 10:30 (UK time)']) {
      expect(text).toContain(part);
    }
  });

  it('needs only the required fields; empty optional ones are stored as nothing', async () => {
    expect((await post({ name: 'Min Imal', email: 'minimal@example.test', phone: '+44 (0)20 7946 0000', reasonForContact: 'other', callbackDate: '', insuranceType: '', website: '' })).status).toBe(201);
    expect((await rows('email = ?', ['minimal@example.test']))[0]).toMatchObject({ phone: '02079460000', callback_date: null, insurance_type: null });
  });

  it.each(contactReasons)('accepts the reason %s', async (reason) => {
    expect((await post({ ...valid, email: `reason-${reason}@example.test`, reasonForContact: reason })).status).toBe(201);
    expect((await rows('email = ?', [`reason-${reason}@example.test`]))[0]?.['reason_for_contact']).toBe(reason);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['name', { name: undefined }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: '07700 900123 ext 4' }],
    ['phone', { phone: '+1 202 555 0100' }],
    ['phone', { phone: '077009001234567' }],
    ['phone', { phone: undefined }],
    ['reasonForContact', { reasonForContact: 'complaints' }],
    ['reasonForContact', { reasonForContact: '' }],
    ['reasonForContact', { reasonForContact: undefined }],
    ['callbackDate', { callbackDate: '2026-02-30T10:00' }],
    ['callbackDate', { callbackDate: '2026-07-02T25:00' }],
    ['callbackDate', { callbackDate: 'tomorrow' }],
    ['callbackDate', { callbackDate: '2026-06-30T10:00' }],
    // 12:59 UK time is 11:59 UTC: a minute before T0 (13:00 BST).
    ['callbackDate', { callbackDate: '2026-07-01T12:59' }],
    ['insuranceType', { insuranceType: 'van' }],
  ])('answers 400 naming %s for %j, and stores nothing', async (field, change) => {
    const before = await count('callback_requests');
    const mailsBefore = await count('mail_outbox');
    const body = await expectJson<ErrorBody>(post({ ...valid, ...change }), 400);
    expect(body.error).toBe('Some of the details are not valid');
    expect(Object.keys(body.details?.fieldErrors ?? {})).toEqual([field]);
    expect(body.details?.fieldErrors?.[field]?.[0]).toEqual(expect.any(String));
    expect(await count('callback_requests')).toBe(before);
    expect(await count('mail_outbox')).toBe(mailsBefore);
  });

  it('says what is wrong in words a person can act on', async () => {
    const res = await post({ ...valid, phone: '12345', callbackDate: '2026-06-30T10:00' });
    const body = await json<ErrorBody>(res);
    expect(body.details?.fieldErrors?.['phone']).toEqual(['Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000']);
    const past = await json<ErrorBody>(await post({ ...valid, callbackDate: '2026-06-30T10:00' }));
    expect(past.details?.fieldErrors?.['callbackDate']).toEqual(['Choose a callback time that has not passed yet']);
    const impossible = await json<ErrorBody>(await post({ ...valid, callbackDate: '2026-02-30T10:00' }));
    expect(impossible.details?.fieldErrors?.['callbackDate']).toEqual(['Enter a real date and time']);
  });

  it('accepts the current minute in UK time (13:00 BST is T0)', async () => {
    expect((await post({ ...valid, callbackDate: '2026-07-01T13:00' })).status).toBe(201);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await h.request('POST', '/api/callbacks', { rawBody: '{"name":', headers: { 'x-forwarded-for': freshAddress() } });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('answers a filled honeypot as if stored, but stores, logs and sends nothing', async () => {
    const [requests, logs, mails] = [await count('callback_requests'), await count('audit_logs'), await count('mail_outbox')];
    const body = await expectJson<{ reference: string; message: string }>(post({ ...valid, email: 'bot@example.test', website: 'http://spam.example' }), 201);
    expect(Object.keys(body).sort()).toEqual(['message', 'reference']);
    expect(body.message).toBe(RECEIVED);
    expect(body.reference).toMatch(REFERENCE);
    expect(await count('callback_requests')).toBe(requests);
    expect(await count('audit_logs')).toBe(logs);
    expect(await count('mail_outbox')).toBe(mails);
  });

  it('allows 5 requests per address an hour: the 6th answers 429 with Retry-After; other addresses are unaffected', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect((await post({ ...valid, email: `busy${i}@example.test` }, address)).status).toBe(201);
    const before = await count('callback_requests');
    const sixth = await post({ ...valid, email: 'busy5@example.test' }, address);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await json(sixth)).toEqual({ error: 'Too many attempts. Please wait and try again.' });
    expect(await count('callback_requests')).toBe(before);

    // A filled honeypot is throttled the same way: a bot learns nothing from the answers either.
    expect((await post({ ...valid, website: 'x' }, address)).status).toBe(429);
    expect((await post({ ...valid, email: 'elsewhere@example.test' }, '203.0.113.8')).status).toBe(201);

    h.clock.advance(60 * 60_000);
    try {
      // The preferred time must still be ahead of the moved clock.
      expect((await post({ ...valid, email: 'later@example.test', callbackDate: '2026-07-03T09:00' }, address)).status).toBe(201);
    } finally {
      h.clock.set(T0);
    }
  });
});

describe('callbacks.request (tRPC)', () => {
  it('stores a request and answers the reference and message', async () => {
    const result = await h.trpc(undefined, freshAddress()).callbacks.request({ ...valid, email: 'trpc@example.test' } as never);
    expect(result.message).toBe(RECEIVED);
    expect(result.reference).toMatch(REFERENCE);
    expect((await rows('email = ?', ['trpc@example.test']))[0]).toMatchObject({ reference: result.reference, status: 'new' });
  });

  it('refuses bad input and a past time with BAD_REQUEST and field details', async () => {
    for (const [field, change] of [
      ['email', { email: 'nope' }],
      ['callbackDate', { callbackDate: '2026-06-01T09:00' }],
    ] as const) {
      try {
        await h.trpc(undefined, freshAddress()).callbacks.request({ ...valid, ...change } as never);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(TRPCError);
        expect((err as TRPCError).code).toBe('BAD_REQUEST');
      }
      // The HTTP door carries the details (the error formatter), as the form reads them.
      const body = await expectJson<{ error: { data: { details: { fieldErrors: Record<string, string[]> } } } }>(h.request('POST', '/trpc/callbacks.request', { body: { ...valid, ...change }, headers: { 'x-forwarded-for': freshAddress() } }), 400);
      expect(Object.keys(body.error.data.details.fieldErrors)).toEqual([field]);
    }
  });

  it('is throttled per address like the REST door, with TOO_MANY_REQUESTS', async () => {
    const caller = h.trpc(undefined, '203.0.113.99');
    for (let i = 0; i < 5; i++) await caller.callbacks.request({ ...valid, email: `t${i}@example.test` } as never);
    await expect(caller.callbacks.request(valid as never)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('normaliseUkPhone', () => {
  it.each([
    ['07700 900123', '07700900123'],
    ['(020) 7946-0000', '02079460000'],
    ['+44 7700 900123', '07700900123'],
    ['+44 (0)20 7946 0000', '02079460000'],
    ['01632 96072', '0163296072'],
  ])('%s -> %s', (input, out) => {
    expect(normaliseUkPhone(input)).toBe(out);
  });
  it.each(['', '7700900123', '+33 1 23 45 67 89', '0770090012345', '07700 9OO123', '+4407700900123+'])('refuses %j', (input) => {
    expect(normaliseUkPhone(input)).toBeNull();
  });
});
