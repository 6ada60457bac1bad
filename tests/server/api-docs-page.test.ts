// GET /api/docs (docs/api.md#openapi): the reference page, the one answer with a Content-Security-Policy of its own:
// sandboxed without allow-same-origin, scripts only from this server (the vendored Scalar bundle, checked by Subresource
// Integrity) and its own inline parts by hash. Every other answer keeps the strict policy of http/security-headers.ts.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALAR_SCRIPT, SCALAR_SCRIPT_SRI } from '../../src-server/api/reference-page';
import { SECURITY_HEADERS } from '../../src-server/platform/http/security-headers';
import { createHarness, type Harness } from './harness';

let h: Harness;
let page: Response;
let html: string;
let csp: Map<string, string[]>;

/** A policy as directive -> its sources. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

beforeAll(async () => {
  h = await createHarness();
  page = await h.request('GET', '/api/docs');
  html = await page.clone().text();
  csp = directives(page.headers.get('content-security-policy') ?? '');
});
afterAll(() => h.close());

describe('GET /api/docs', () => {
  it('answers the reference page, HTML, for anyone', async () => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>Kerbside Cover API</title>');
    // It renders the document this server serves.
    expect(html).toContain('"url": "/api/openapi.json"');
    expect((await h.request('GET', '/api/docs', { token: 'not.a.token' })).status).toBe(200);
  });

  it('loads the one pinned script with Subresource Integrity', () => {
    expect(SCALAR_SCRIPT).toMatch(/^\/api\/docs\/scalar-api-reference-\d+\.\d+\.\d+\.js$/);
    expect(SCALAR_SCRIPT_SRI).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const external = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)];
    expect(external.map((m) => m[1])).toEqual([SCALAR_SCRIPT]);
    expect(external[0]![0]).toContain(`integrity="${SCALAR_SCRIPT_SRI}"`);
    expect(external[0]![0]).toContain('crossorigin="anonymous"');
  });

  it('serves that script itself: the bytes the integrity hash names, gzip or not, cached for good, readable by the sandboxed page', async () => {
    const sri = (bytes: Uint8Array) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
    const plain = await h.request('GET', SCALAR_SCRIPT, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const bytes = new Uint8Array(await plain.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1_000_000);
    expect(sri(bytes)).toBe(SCALAR_SCRIPT_SRI);
    const gzipped = await h.request('GET', SCALAR_SCRIPT, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const packed = new Uint8Array(await gzipped.arrayBuffer());
    expect(packed.byteLength).toBeLessThan(bytes.byteLength / 2);
    expect(sri(gunzipSync(packed))).toBe(SCALAR_SCRIPT_SRI);
    for (const res of [plain, gzipped]) {
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
    }
  });

  it('has a policy of its own: sandboxed without allow-same-origin, nothing but this server’s script and its own inline scripts by hash', () => {
    expect(csp.get('sandbox')).toEqual(['allow-scripts', 'allow-popups']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThanOrEqual(2);
    const hashes = inline.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    for (const [name, value] of [
      ['frame-ancestors', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'none'"],
      ['object-src', "'none'"],
    ] as const) {
      expect(csp.get(name), name).toEqual([value]);
    }
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).not.toMatch(/unsafe-eval|allow-same-origin|\*/);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('keeps every other security header', () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (name !== 'content-security-policy') expect(page.headers.get(name), name).toBe(value);
    }
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('every other answer', () => {
  it('keeps the strict policy: the document, API answers and errors, unknown paths', async () => {
    const strict = SECURITY_HEADERS['content-security-policy'];
    expect(strict).toContain("script-src 'self'");
    for (const [method, path] of [
      ['GET', '/api/openapi.json'],
      ['GET', '/api/health'],
      ['GET', '/api/me'],
      ['GET', '/api/docs/more'],
      ['POST', '/api/docs'],
      ['GET', '/api/nope'],
      ['GET', '/nope'],
    ] as const) {
      const res = await h.request(method, path);
      const policy = res.headers.get('content-security-policy');
      expect(policy, `${method} ${path}`).toBe(strict);
      expect(policy, `${method} ${path}`).not.toContain('sandbox');
      expect(policy, `${method} ${path}`).not.toContain('cdn.jsdelivr.net');
    }
  });
});
