// Request bodies are JSON, declared as such (docs/api.md#conventions): a body sent as text/plain, form-encoded,
// multipart or with no Content-Type answers 415 at both doors and writes nothing. Those are the types a web
// page on another origin may send without asking first (a "simple" request, fetch(..., { mode: 'no-cors' })),
// so accepting them let any page make its visitors' browsers register accounts and send quote and callback
// requests. A request without a body is not checked (GET, DELETE, a POST such as logout).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { listen, type Listening } from './listen';

let h: Harness;
let admin: string;
let quoteId: number;
let server: Listening;
let port: number;

const UNSUPPORTED = { error: messages.unsupportedMediaType };

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'boss', isOwner: true });
  admin = await h.tokenFor('boss');
  expect((await h.request('POST', '/api/quotes', { body: validQuote, headers: { 'x-forwarded-for': '10.9.0.1' } })).status).toBe(201);
  quoteId = Number((await h.database.client.execute('select max(id) id from quote_requests')).rows[0]!['id']);
  server = await listen(h.app);
  port = server.port;
});
afterAll(async () => {
  await server.close();
  await h.close();
});

/** Every table a refused request must leave as it was. */
async function snapshot(): Promise<string> {
  const tables = ['users', 'policies', 'quote_requests', 'callback_requests', 'request_notes', 'mail_outbox', 'audit_logs', 'throttle', 'one_time_tokens', 'revoked_tokens'];
  // One statement: on a libSQL server each is a round trip, and this runs twice for every request sent.
  const rs = await h.database.client.execute(`select ${tables.map((t) => `(select count(*) from ${t}) ${t}`).join(', ')}, (select total(count) from throttle) hits`);
  return JSON.stringify(rs.rows[0]);
}

let addressCounter = 0;
const nextAddress = () => `10.20.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

/** Sends `body` (already text) with exactly the Content-Type given; `null` sends none at all. */
function send(method: string, path: string, body: string | null, contentType: string | null, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextAddress() };
  if (contentType !== null) headers['content-type'] = contentType;
  if (token) headers['authorization'] = `Bearer ${token}`;
  // Bytes, not a string: a string body would make the Request add 'text/plain;charset=UTF-8' itself.
  return Promise.resolve(h.app.request(path, { method, headers, ...(body !== null ? { body: new TextEncoder().encode(body) } : {}) }));
}

const registration = (n: string) => ({ username: `ctype${n}`, email: `ctype${n}@example.test`, password: 'longenough1' });
const callback = { name: 'Cross Site', email: 'victim@example.test', phone: '07700 900123', reasonForContact: 'other' };

/** The public writes a page on another origin could aim its visitors' browsers at, and the admin ones. */
const WRITES: Array<{ label: string; method: string; path: () => string; body: unknown; token?: () => string }> = [
  { label: 'POST /api/register', method: 'POST', path: () => '/api/register', body: registration('x') },
  { label: 'POST /api/quotes', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, email: 'victim@example.test' } },
  { label: 'POST /api/callbacks', method: 'POST', path: () => '/api/callbacks', body: callback },
  { label: 'POST /api/login', method: 'POST', path: () => '/api/login', body: { username: 'boss', password: 'wrong-password' } },
  { label: 'POST /api/password-reset/request', method: 'POST', path: () => '/api/password-reset/request', body: { email: 'boss@example.test' } },
  { label: 'POST /api/password-reset/confirm', method: 'POST', path: () => '/api/password-reset/confirm', body: { token: 'x'.repeat(43), password: 'longenough1' } },
  { label: 'POST /api/admin/logs', method: 'POST', path: () => '/api/admin/logs', body: { action: 'Cross-site entry' }, token: () => admin },
  { label: 'POST /api/admin/policies', method: 'POST', path: () => '/api/admin/policies', body: validPolicy, token: () => admin },
  { label: 'PUT /api/admin/quotes/:id', method: 'PUT', path: () => `/api/admin/quotes/${quoteId}`, body: { status: 'closed' }, token: () => admin },
  { label: 'POST /api/admin/quotes/:id/notes', method: 'POST', path: () => `/api/admin/quotes/${quoteId}/notes`, body: { text: 'Cross-site note' }, token: () => admin },
  { label: 'POST /api/nowhere', method: 'POST', path: () => '/api/nowhere', body: {} },
  { label: 'account.register', method: 'POST', path: () => '/trpc/account.register', body: registration('y') },
  { label: 'quotes.submit', method: 'POST', path: () => '/trpc/quotes.submit', body: { ...validQuote, email: 'victim@example.test' } },
  { label: 'callbacks.request', method: 'POST', path: () => '/trpc/callbacks.request', body: callback },
  { label: 'admin.logs.add', method: 'POST', path: () => '/trpc/admin.logs.add', body: { action: 'Cross-site entry' }, token: () => admin },
  { label: 'batch of callbacks.request', method: 'POST', path: () => '/trpc/callbacks.request,callbacks.request?batch=1', body: { 0: callback, 1: callback } },
];

/** What a browser may send from another origin without a preflight, and other types that are not JSON. */
const NOT_JSON: Array<string | null> = [
  null,
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'text/json',
  'application/jsonx',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json, text/plain',
  '',
];

describe('a body that is not declared as JSON', () => {
  it.each(WRITES)('$label answers 415 { error } for every non-JSON Content-Type and writes nothing', async (route) => {
    for (const type of NOT_JSON) {
      const before = await snapshot();
      const res = await send(route.method, route.path(), JSON.stringify(route.body), type, route.token?.());
      expect(res.status, `${route.label} as ${type}`).toBe(415);
      expect(await json(res), `${route.label} as ${type}`).toEqual(UNSUPPORTED);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await snapshot(), `${route.label} as ${type} wrote`).toBe(before);
    }
  });

  it('answers 415 before the body is looked at: form fields are not read as input', async () => {
    const before = await snapshot();
    expect((await send('POST', '/api/register', 'username=formuser&email=form%40example.test&password=longenough1', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect(await snapshot()).toBe(before);
  });
});

describe('JSON, as it may be declared', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset="UTF-8"', 'application/json;charset=UTF8', 'application/json ; charset=utf-8'])(
    '%s is read',
    async (type) => {
      const n = String(addressCounter);
      await expectStatus(send('POST', '/api/register', JSON.stringify(registration(n)), type), 201);
      await expectStatus(send('POST', '/trpc/account.register', JSON.stringify(registration(`${n}t`)), type), 200);
    },
  );
});

describe('requests without a body are not checked', () => {
  it('a GET with a stray Content-Type is answered as usual', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      expect((await send('GET', '/api/health', null, type)).status, String(type)).toBe(200);
      expect((await send('GET', '/api/admin/stats', null, type, admin)).status, String(type)).toBe(200);
      expect((await send('GET', '/trpc/admin.stats', null, type, admin)).status, String(type)).toBe(200);
    }
  });

  it('a DELETE with no body and no Content-Type is answered as usual', async () => {
    const policy = await json<{ id: number }>(await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, status: 'pending' } }));
    expect((await send('DELETE', `/api/admin/policies/${policy.id}`, null, null, admin)).status).toBe(200);
  });

  it('a POST with an empty body is the route’s to answer: logout works, a route that needs a body says it is not JSON', async () => {
    await h.addUser({ username: 'leaver' });
    for (const type of [null, 'text/plain']) {
      for (const body of [null, '']) {
        const token = await h.tokenFor('leaver');
        const res = await send('POST', '/api/logout', body, type, token);
        expect(res.status, `logout ${String(body)} ${String(type)}`).toBe(200);
        expect((await send('GET', '/api/me', null, null, token)).status).toBe(401);
      }
      for (const body of [null, '']) {
        const before = await snapshot();
        const res = await send('POST', '/api/register', body, type);
        expect(res.status, `register ${String(body)} ${String(type)}`).toBe(400);
        expect((await json<{ error: string }>(res)).error).toBe(messages.malformedJson);
        expect(await snapshot()).toBe(before);
      }
    }
  });
});

describe('over HTTP, as a browser on another origin sends it', () => {
  it('fetch with a string body (text/plain, as mode: no-cors sends) answers 415 and registers nobody', async () => {
    const before = await snapshot();
    expect(await expectJson(fetch(`http://127.0.0.1:${port}/api/register`, { method: 'POST', body: JSON.stringify(registration('fetch')) }), 415)).toEqual(UNSUPPORTED);
    expect((await fetch(`http://127.0.0.1:${port}/api/callbacks`, { method: 'POST', body: new URLSearchParams({ name: 'x', email: 'victim@example.test' }) })).status).toBe(415);
    const multipart = new FormData();
    multipart.set('name', 'x');
    expect((await fetch(`http://127.0.0.1:${port}/trpc/callbacks.request`, { method: 'POST', body: multipart })).status).toBe(415);
    expect(await snapshot()).toBe(before);
  });

  it('a body with no Content-Type at all, by length or chunked, answers 415', async () => {
    const before = await snapshot();
    for (const chunked of [false, true]) {
      const status = await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ ...callback, email: 'chunked@example.test' });
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/api/callbacks', headers: chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(status, chunked ? 'chunked' : 'by length').toBe(415);
    }
    expect(await snapshot()).toBe(before);
  });

  it('JSON declared as JSON still works over HTTP', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(callback),
    });
    expect(res.status).toBe(201);
    const trpc = await fetch(`http://127.0.0.1:${port}/trpc/account.register`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(registration('overhttp')),
    });
    expect(trpc.status, await trpc.clone().text()).toBe(200);
  });
});
