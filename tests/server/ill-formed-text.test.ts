// Ill-formed UTF-16 (a lone surrogate: half of a character, which no keyboard types but a script or a broken paste
// can send) in any string of any input is a 400 with a clear message, at both doors (docs/product.md#text-fields).
// Sign-in too, where the throttle makes its keys from the name as typed: they must not throw (a 500) on it.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottleKeys } from '../../src-server/platform/auth/throttle';
import { messages } from '../../src-server/contract/messages';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, validPolicy, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';

const LONE = '\ud800';
const BROKEN = messages.brokenText;

let h: Harness;
let owner: string;
let addressCounter = 0;
const address = () => `192.0.2.${++addressCounter}`;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'boss', isOwner: true });
  owner = await h.tokenFor('boss');
});
afterAll(() => h.close());

async function snapshot(): Promise<string> {
  const tables = ['users', 'policies', 'quote_requests', 'callback_requests', 'mail_outbox', 'audit_logs', 'throttle'];
  return (await Promise.all(tables.map(async (t) => String((await h.database.client.execute(`select count(*) n from ${t}`)).rows[0]!['n'])))).join(',');
}

/** A 400 naming the field, with the message for broken text. */
async function refused(res: Response, field: string | null): Promise<void> {
  const body = await json<ErrorBody>(res);
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error).toBe(messages.invalidInput);
  if (field === null) expect(body.details?.formErrors).toEqual([BROKEN]);
  else expect(body.details?.fieldErrors?.[field], JSON.stringify(body)).toEqual([BROKEN]);
}

describe('REST', () => {
  const cases: Array<{ label: string; method: string; path: string; body?: unknown; field: string | null; admin?: boolean }> = [
    { label: 'sign-in name', method: 'POST', path: '/api/login', body: { username: LONE, password: 'whatever-it-is' }, field: 'username' },
    { label: 'sign-in name with a letter after the half', method: 'POST', path: '/api/login', body: { username: `ann${LONE}x`, password: 'whatever-it-is' }, field: 'username' },
    { label: 'sign-in password (not under the text rule)', method: 'POST', path: '/api/login', body: { username: 'boss', password: `pass${LONE}word` }, field: 'password' },
    { label: 'registration username', method: 'POST', path: '/api/register', body: { username: `ann${LONE}`, email: 'ann@example.test', password: 'longenough1' }, field: 'username' },
    { label: 'registration password', method: 'POST', path: '/api/register', body: { username: 'annie', email: 'annie@example.test', password: `longenough${LONE}` }, field: 'password' },
    { label: 'quote first name', method: 'POST', path: '/api/quotes', body: { ...validQuote, firstName: `Ann${LONE}` }, field: 'firstName' },
    { label: 'quote honeypot (not under the text rule)', method: 'POST', path: '/api/quotes', body: { ...validQuote, website: LONE }, field: 'website' },
    { label: 'callback name', method: 'POST', path: '/api/callbacks', body: { name: `Priya${LONE}`, email: 'p@example.test', phone: '07700 900123', reasonForContact: 'other' }, field: 'name' },
    { label: 'password reset request', method: 'POST', path: '/api/password-reset/request', body: { email: `ann${LONE}@example.test` }, field: 'email' },
    { label: 'password reset confirm token', method: 'POST', path: '/api/password-reset/confirm', body: { token: `${'a'.repeat(30)}${LONE}`, password: 'longenough1' }, field: 'token' },
    { label: 'password reset confirm password', method: 'POST', path: '/api/password-reset/confirm', body: { token: 'a'.repeat(40), password: `longenough${LONE}` }, field: 'password' },
    { label: 'a low half alone, in a field the schema ignores', method: 'POST', path: '/api/register', body: { username: 'annie2', email: 'annie2@example.test', password: 'longenough1', isAdmin: ['x', '\udc00'] }, field: 'isAdmin' },
    { label: 'policy holder name', method: 'POST', path: '/api/admin/policies', body: { ...validPolicy, holderName: `Ann${LONE}` }, field: 'holderName', admin: true },
  ];

  it.each(cases)('$label: 400, nothing written', async (c) => {
    const before = await snapshot();
    const res = await h.request(c.method, c.path, { body: c.body, token: c.admin ? owner : undefined, headers: { 'x-forwarded-for': address() } });
    await refused(res, c.field);
    expect(await snapshot()).toBe(before);
  });

  it('a JSON body that is one broken string is refused as a whole', async () => {
    await refused(await h.request('POST', '/api/login', { rawBody: '"\\ud800"', headers: { 'x-forwarded-for': address() } }), null);
  });

  it('a query or a path cannot carry one: its bytes never decode to a broken string, and are answered as text', async () => {
    // A URL is bytes; a lone surrogate has no UTF-8 form, so its would-be bytes stay percent-encoded as sent.
    expect(await expectJson(h.request('GET', '/api/admin/users?search=%ED%A0%80', { token: owner }), 200)).toMatchObject({ total: 0 });
    expect((await h.request('GET', '/api/verify/%ED%A0%80', {})).status).toBe(404);
  });
});

describe('tRPC', () => {
  it('account.login with a broken name is BAD_REQUEST, not INTERNAL_SERVER_ERROR', async () => {
    const err = await h
      .trpc(undefined, address())
      .account.login({ username: LONE, password: 'whatever-it-is' })
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
  });

  it('over HTTP: 400 with the field message, for a public procedure and a staff search', async () => {
    const body = await expectJson<{ error: { message: string; data: { details: { fieldErrors: Record<string, string[]> } } } }>(h.request('POST', '/trpc/account.login', { body: { username: LONE, password: 'whatever-it-is' }, headers: { 'x-forwarded-for': address() } }), 400);
    expect(body.error.message).toBe(messages.invalidInput);
    expect(body.error.data.details.fieldErrors['username']).toEqual([BROKEN]);

    expect((await h.request('GET', `/trpc/admin.users.list?input=${encodeURIComponent(JSON.stringify({ search: 'x' })).replace('x', '%5Cud800')}`, { token: owner })).status).toBe(400);
    const callback = await h.request('POST', '/trpc/callbacks.request', {
      rawBody: '{"name":"Priya","email":"p@example.test","phone":"07700 900123","reasonForContact":"other","website":"\\udfff"}',
      headers: { 'x-forwarded-for': address() },
    });
    expect(callback.status).toBe(400);
  });
});

describe('the sign-in throttle on its own', () => {
  it('makes keys from broken text without throwing, and keeps them apart from well-formed ones', () => {
    const keys = [LONE, '\udc00', '\ufffd', '%ud800', `a${LONE}`, '😀'].map((name) => loginThrottleKeys.pair(name, '192.0.2.1'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(() => loginThrottleKeys.known(1, '\udc00')).not.toThrow();
  });
});
