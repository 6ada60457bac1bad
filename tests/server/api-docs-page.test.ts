// GET /api/docs (docs/api.md#openapi): the reference page, the one answer with a Content-Security-Policy of its own:
// sandboxed without allow-same-origin, scripts only from the pinned CDN file (checked by Subresource Integrity) and its
// own inline parts by hash. Every other answer keeps the strict policy of http/security-headers.ts.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALAR_SCRIPT, SCALAR_SCRIPT_SRI } from '../../src-server/features/api-docs/rest';
import { SECURITY_HEADERS } from '../../src-server/http/security-headers';
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
    expect(SCALAR_SCRIPT).toMatch(/^https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference@\d+\.\d+\.\d+\/dist\/browser\/standalone\.js$/);
    expect(SCALAR_SCRIPT_SRI).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const external = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)];
    expect(external.map((m) => m[1])).toEqual([SCALAR_SCRIPT]);
    expect(external[0]![0]).toContain(`integrity="${SCALAR_SCRIPT_SRI}"`);
    expect(external[0]![0]).toContain('crossorigin="anonymous"');
  });

  it('has a policy of its own: sandboxed without allow-same-origin, nothing but the CDN file and its own inline scripts by hash', () => {
    expect(csp.get('sandbox')).toEqual(['allow-scripts', 'allow-popups']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThanOrEqual(2);
    const hashes = inline.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
    expect(csp.get('script-src')).toEqual([SCALAR_SCRIPT, ...hashes]);
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
