// GET /api/openapi.json (docs/api.md#openapi): a valid OpenAPI 3.1 document that lists every route the app serves
// under /api, each with a 2xx answer and its error answers described by schemas; the bearer scheme on signed-in
// routes. The route list is the app's own (as tests/server/security.test.ts's table is checked against): a route added
// without a definition fails here.
import { PAYMENTS_WEBHOOK_PATH } from '../../src-server/api/payments-webhook';
import SwaggerParser from '@apidevtools/swagger-parser';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { createApp } from '../../src-server/app';
import { openDatabase } from '../../src-server/platform/db/client';
import { createHarness, type Harness } from './harness';
import { expectJson } from './answers';
import { HTTP_METHODS, operationKeys, operationOf, type OpenApiDocument } from './openapi-contract';

let h: Harness;
let doc: OpenApiDocument;

beforeAll(async () => {
  h = await createHarness();
  doc = await expectJson<OpenApiDocument>(h.request('GET', '/api/openapi.json'), 200);
});
afterAll(() => h.close());

/** Every route the app serves under /api, as 'GET /api/admin/users/{id}'. */
/** The card provider's webhook is served but is no operation: docs/api.md#the-card-providers-webhook describes it. */
const NOT_OPERATIONS = new Set([`POST ${PAYMENTS_WEBHOOK_PATH}`]);

function servedRoutes(): string[] {
  const served = h.app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*') && !NOT_OPERATIONS.has(`${r.method} ${r.path}`))
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(served)].sort();
}

const SCHEMA_REF = /^#\/components\/schemas\/(\w+)$/;

/** Every object in `value` (depth first), with its JSON pointer. */
function* objectsIn(value: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (value === null || typeof value !== 'object') return;
  if (!Array.isArray(value)) yield [pointer, value as Record<string, unknown>];
  for (const [k, v] of Object.entries(value)) yield* objectsIn(v, `${pointer}/${k}`);
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    // validate() dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Kerbside Cover API', version });
  });

  it('lists every /api route the app serves, and no other', () => {
    expect(operationKeys(doc).sort()).toEqual(servedRoutes());
    expect(h.app.routes.some((r) => r.method === 'POST' && r.path === PAYMENTS_WEBHOOK_PATH)).toBe(true);
    expect(operationKeys(doc)).not.toContain(`POST ${PAYMENTS_WEBHOOK_PATH}`);
    // The original client's calls (docs/api.md#rest-routes) among them.
    for (const key of [
      'POST /api/login',
      'POST /api/register',
      'GET /api/user/policies',
      'GET /api/admin/users/{id}/policies',
      'GET /api/policies/{policyNumber}/certificate',
      'GET /api/admin/users',
      'GET /api/admin/policies',
      'GET /api/admin/logs',
      'POST /api/admin/users',
      'PUT /api/admin/users/{id}',
      'DELETE /api/admin/users/{id}',
      'POST /api/admin/policies',
      'PUT /api/admin/policies/{id}',
      'DELETE /api/admin/policies/{id}',
      'POST /api/admin/logs',
    ]) {
      expect(operationOf(doc, key), key).toBeTruthy();
    }
  });

  it('gives every operation a 2xx answer with content and a schema for each media type', () => {
    for (const key of operationKeys(doc)) {
      const ok = Object.entries(operationOf(doc, key)!.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(ok.length, key).toBeGreaterThan(0);
      for (const [status, answer] of ok) {
        expect(Object.keys(answer.content ?? {}).length, `${key} ${status}`).toBeGreaterThan(0);
        for (const [mediaType, media] of Object.entries(answer.content ?? {})) expect(media.schema, `${key} ${status} ${mediaType}`).toBeTruthy();
      }
    }
  });

  it('describes every error answer with a schema: one of the error shapes, by reference', () => {
    const errorShapes = new Set(['Error', 'Forbidden', 'InputError', 'ServerError', 'RegisterInputError', 'RegisterError', 'ClaimLimit']);
    for (const key of operationKeys(doc)) {
      const responses = operationOf(doc, key)!.responses;
      // Every route can fail on our side.
      expect(responses['500'], key).toBeTruthy();
      for (const [status, answer] of Object.entries(responses).filter(([s]) => /^[45]\d\d$/.test(s))) {
        const ref = String(answer.content?.['application/json']?.schema?.['$ref'] ?? '');
        expect(errorShapes.has(SCHEMA_REF.exec(ref)?.[1] ?? ''), `${key} ${status}: ${ref}`).toBe(true);
      }
      if (responses['429'] || responses['503']) expect(Object.keys(responses['429']?.headers ?? responses['503']?.headers ?? {}), key).toContain('Retry-After');
    }
    // The error shapes are the real body's: `error` always, a text.
    for (const name of errorShapes) expect((doc.components.schemas[name] as { required?: string[] }).required, name).toContain('error');
  });

  it('puts the bearer scheme on the signed-in routes (those answering 401) and on no public one', () => {
    expect(doc.components.securitySchemes?.['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const signedIn = operationKeys(doc).filter((key) => operationOf(doc, key)!.security);
    for (const key of operationKeys(doc)) {
      const operation = operationOf(doc, key)!;
      // POST /api/login answers 401 to a wrong password, its second step to a wrong code, the passkey sign-in to a
      // refused passkey: public, but not without their 401.
      if (key === 'POST /api/login' || key === 'POST /api/login/second-factor' || key === 'POST /api/login/passkey') continue;
      expect(Boolean(operation.security), key).toBe(Boolean(operation.responses['401']));
      if (operation.security) expect(operation.security, key).toEqual([{ bearerAuth: [] }]);
    }
    expect(signedIn).toContain('GET /api/user/policies');
    expect(signedIn.filter((k) => k.includes('/api/admin/'))).toHaveLength(operationKeys(doc).filter((k) => k.includes('/api/admin/')).length);
    // Admin routes refuse a customer.
    for (const key of operationKeys(doc).filter((k) => k.includes('/api/admin/'))) expect(operationOf(doc, key)!.responses['403'], key).toBeTruthy();
  });

  it('tags every operation with a tag the document lists, and gives each a unique operationId', () => {
    const tags = new Set((doc.tags ?? []).map((t) => t.name));
    const ids = operationKeys(doc).map((key) => operationOf(doc, key)!.operationId);
    for (const key of operationKeys(doc)) {
      const operation = operationOf(doc, key)!;
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${key}: ${tag}`).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(Boolean)).toBe(true);
  });

  it("documents path parameters and request bodies from the routes' schemas", () => {
    for (const key of operationKeys(doc)) {
      const operation = operationOf(doc, key)!;
      const inPath = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(operation.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], key).toEqual(inPath);
      if (!key.startsWith('GET ') && operation.responses['400']) {
        // Every write that answers 400 reads a body, described by the schema it parses with.
        const body = operation.requestBody?.content['application/json']?.schema as { type?: string; properties?: object } | undefined;
        if (key.startsWith('POST ') || key.startsWith('PUT ')) expect(body?.type, key).toBe('object');
      }
    }
    // Spot checks against contract/schemas.ts: the fields and rules the routes parse with.
    const policy = operationOf(doc, 'POST /api/admin/policies')!.requestBody!.content['application/json']!.schema as { required: string[]; properties: Record<string, { enum?: string[] }> };
    expect(policy.required).toEqual(expect.arrayContaining(['holderName', 'carModel', 'driverName', 'licenseNumber', 'startDate', 'startTime', 'endDate', 'endTime']));
    expect(policy.properties['status']?.enum).toEqual(['active', 'expired', 'pending', 'cancelled']);
    const list = operationOf(doc, 'GET /api/admin/policies')!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(list).toEqual(['limit', 'offset', 'search']);
    const id = operationOf(doc, 'DELETE /api/admin/users/{id}')!.parameters![0]!;
    expect(id).toMatchObject({ name: 'id', in: 'path', required: true });
  });

  it('names each shared view once and never as nullable itself (nullable uses are `anyOf` with null)', () => {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      const type = (schema as { type?: unknown }).type;
      expect(Array.isArray(type) ? type : [type], `components.schemas.${name}`).not.toContain('null');
    }
    // The generator's other way to write a named view made nullable: an allOf that a null can never satisfy.
    for (const [pointer, node] of objectsIn(doc)) {
      if (!Array.isArray(node['allOf'])) continue;
      const members = node['allOf'] as Record<string, unknown>[];
      expect(members.some((m) => typeof m['$ref'] === 'string') && members.some((m) => JSON.stringify(m['type'] ?? '').includes('null')), pointer).toBe(false);
    }
    const assignee = (doc.components.schemas['QuoteRequestView'] as { properties: Record<string, unknown> }).properties['assignee'];
    expect(assignee).toEqual({ anyOf: [{ $ref: '#/components/schemas/StaffRefView' }, { type: 'null' }] });
  });

  it('is public, readable from any origin and cacheable; the same document each time', async () => {
    const [a, b] = [await h.request('GET', '/api/openapi.json'), await h.request('GET', '/api/openapi.json', { token: 'not.a.token' })];
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await a.text()).toBe(await b.text());
    // Other API answers stay personal.
    const other = await h.request('GET', '/api/health');
    expect(other.headers.get('cache-control')).toBe('no-store');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('names no server without PUBLIC_URL (the document’s own origin), and PUBLIC_URL when it is set', async () => {
    expect(doc.servers).toBeUndefined();
    const database = await openDatabase({ url: 'file::memory:' });
    try {
      const { app } = await createApp({
        database,
        jwtSecret: 'x'.repeat(40),
        logger: pino({ level: 'silent' }),
        staticRoot: null,
        publicUrl: 'https://cover.example',
        apiServerUrl: 'https://cover.example',
      });
      const withServer = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument;
      expect(withServer.servers).toEqual([{ url: 'https://cover.example' }]);
      expect(Object.keys(withServer.paths)).toEqual(Object.keys(doc.paths));
    } finally {
      database.close();
    }
  });

  it('says each route’s own body limit in its 413: 100 KB, and the claim report’s larger one with its photos', () => {
    expect(operationOf(doc, 'POST /api/admin/logs')!.responses['413']?.description).toBe('The request body is over 100 KB');
    const claim = operationOf(doc, 'POST /api/user/claims')!.responses['413']!;
    expect(claim.description).toMatch(/^The body is over 40\.25 MB .*a photo over 3 MB/);
    // The photo's 413 names it in `details`, as a 400 names a field.
    expect(claim.content?.['application/json']?.schema?.['$ref']).toBe('#/components/schemas/InputError');
    expect(String((doc.info as { description?: string }).description)).toContain('100 KB (413), unless its route says more');
  });

  it('uses only the methods the app serves', () => {
    for (const item of Object.values(doc.paths)) for (const method of Object.keys(item)) expect(HTTP_METHODS).toContain(method);
  });
});
