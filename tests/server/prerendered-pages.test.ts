// The prerendered public pages as the server answers them (docs/product.md#public-pages,
// src-server/platform/http/prerendered-pages.ts): a small built client in a temp folder (the shell, one asset and a
// prerendered/ folder with its manifest, two pages and the 404 page), no Vite build. Each page is answered from
// memory with its canonical link pointed at PUBLIC_URL, compressed as the client accepts, revalidated by ETag;
// a path the client app has a route for gets the shell; any other path gets the 404 page with status 404; the API
// keeps its JSON 404; a build without prerendered/ (an older one) answers the shell everywhere.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CreatedApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { PRERENDER_ORIGIN, type PrerenderManifest } from '../../src-server/contract/public-pages';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { T0, TEST_SECRET } from './harness';
import { expectJson } from './answers';
import { listen, type Listening } from './listen';
import { freshDatabase, type TestDatabase } from './test-database';

const PUBLIC_URL = 'https://cover.example.test';
const SHELL = '<!doctype html><html><head><title>Kerbside Cover</title></head><body><div id="root"></div>SHELL</body></html>';
const ASSET = 'console.log("app")';

/** A prerendered page as scripts/prerender.tsx writes it; repeated text so compression has something to do. */
function builtPage(path: string | null, title: string, h1: string): string {
  const head = [
    `<title data-prerendered-head>${title}</title>`,
    `<meta name="description" content="About ${title}" data-prerendered-head />`,
    path ? `<link rel="canonical" href="${PRERENDER_ORIGIN}${path}" data-prerendered-head />` : '',
  ].join('');
  const root = path ? ` data-prerendered="${path}"` : ' data-prerendered-replace';
  const filler = '<p>Temporary car insurance, learner cover and business use, from an hour to a month.</p>'.repeat(20);
  return `<!doctype html><html lang="en-GB"><head>${head}</head><body><div id="root"${root}><main><h1>${h1}</h1>${filler}</main></div></body></html>`;
}

const MANIFEST: PrerenderManifest = {
  pages: { '/': 'home.html', '/faq': 'faq.html' },
  notFound: '404.html',
  appPaths: ['/', '/admin', '/admin/users', '/dashboard', '/faq', '/login', '/verify', '/verify/$code'],
};

let dir: string;
let store: TestDatabase;
let database: Database;
/** Serves the folder with prerendered/. */
let withPages: CreatedApp;
/** Serves a folder like an older build: the shell and assets, no prerendered/. */
let olderBuild: CreatedApp;
/** withPages over real HTTP, as the server runs it. */
let server: Listening;
let port: number;

function writeRoot(root: string, prerendered: boolean): void {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), SHELL);
  writeFileSync(join(root, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  if (!prerendered) return;
  mkdirSync(join(root, 'prerendered'));
  writeFileSync(join(root, 'prerendered', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(root, 'prerendered', 'home.html'), builtPage('/', 'Home | Kerbside Cover', 'Temporary Car Insurance'));
  writeFileSync(join(root, 'prerendered', 'faq.html'), builtPage('/faq', 'FAQ | Kerbside Cover', 'Frequently asked questions'));
  writeFileSync(join(root, 'prerendered', '404.html'), builtPage(null, 'Page not found | Kerbside Cover', '404 Not Found'));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kerbside-prerendered-'));
  writeRoot(join(dir, 'client'), true);
  writeRoot(join(dir, 'older'), false);
  store = await freshDatabase(dir);
  database = await openDatabase({ url: store.url });
  await migrateDatabase(database.db);
  const common = { database, jwtSecret: TEST_SECRET, clock: manualClock(T0), logger: pino({ level: 'silent' }), publicUrl: PUBLIC_URL };
  withPages = await createApp({ ...common, staticRoot: join(dir, 'client') });
  olderBuild = await createApp({ ...common, staticRoot: join(dir, 'older') });
  server = await listen(withPages.app);
  port = server.port;
});
afterAll(async () => {
  await server.close();
  database.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (app: CreatedApp, path: string, headers: Record<string, string> = {}) => Promise.resolve(app.app.request(path, { headers }));

/** The body as sent (app.request does not decompress), decoded by its Content-Encoding. */
async function decoded(res: Response): Promise<string> {
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeNull();
  return raw.toString('utf8');
}

/** A GET over HTTP: status, headers and the body's bytes as sent. */
function overHttp(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(res: Response, what: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp, what).toContain(directive);
  }
  expect(res.headers.get('strict-transport-security'), what).toMatch(/max-age=31536000/);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('referrer-policy'), what).toBeTruthy();
  expect(res.headers.get('x-powered-by'), what).toBeNull();
}

describe('a prerendered page', () => {
  it.each([
    ['/', 'Temporary Car Insurance', 'Home | Kerbside Cover'],
    ['/faq', 'Frequently asked questions', 'FAQ | Kerbside Cover'],
  ])('%s answers 200 text/html with its own content, revalidated on every visit', async (path, h1, title) => {
    const res = await get(withPages, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const html = await decoded(res);
    expect(html).toContain(`<h1>${h1}</h1>`);
    expect(html).toContain(`<title data-prerendered-head>${title}</title>`);
    expect(html).toContain(`<div id="root" data-prerendered="${path}">`);
    expect(html).not.toContain('SHELL');
  });

  it('carries a canonical link to PUBLIC_URL, never the build placeholder', async () => {
    for (const [path, href] of [
      ['/', `${PUBLIC_URL}/`],
      ['/faq', `${PUBLIC_URL}/faq`],
    ] as const) {
      const html = await decoded(await get(withPages, path));
      expect(html, path).toContain(`<link rel="canonical" href="${href}" data-prerendered-head />`);
      expect(html, path).not.toContain('prerender.invalid');
    }
  });

  it('is the same page whatever the query string', async () => {
    const plain = await decoded(await get(withPages, '/faq'));
    const res = await get(withPages, '/faq?utm_source=mail');
    expect(res.status).toBe(200);
    expect(await decoded(res)).toBe(plain);
  });

  it('answers br, gzip or plain as Accept-Encoding asks, each decompressing to the same HTML', async () => {
    const plain = await get(withPages, '/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await decoded(plain);
    const sizes: Record<string, number> = { identity: Buffer.byteLength(html) };
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
      ['deflate', null],
    ] as const) {
      const res = await get(withPages, '/', { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('etag'), accept).toBe(plain.headers.get('etag'));
      const raw = Buffer.from(await res.clone().arrayBuffer());
      if (encoding) sizes[encoding] = raw.length;
      expect(await decoded(res), accept).toBe(html);
    }
    expect(sizes['br']).toBeLessThan(sizes['identity']!);
    expect(sizes['gzip']).toBeLessThan(sizes['identity']!);
  });

  it('answers 304 with no body to If-None-Match carrying its ETag, and the page again for any other tag', async () => {
    const first = await get(withPages, '/faq', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(etag).not.toBe((await get(withPages, '/')).headers.get('etag'));

    const again = await get(withPages, '/faq', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expectSecurityHeaders(again, '304');

    const stale = await get(withPages, '/faq', { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    expect(await decoded(stale)).toContain('Frequently asked questions');
  });

  it('carries the security headers, CSP included', async () => {
    for (const accept of ['br', 'gzip', '']) expectSecurityHeaders(await get(withPages, '/', { 'accept-encoding': accept }), `/ (${accept})`);
    expectSecurityHeaders(await get(withPages, '/faq'), '/faq');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await withPages.app.request('/faq', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('a path the app has a screen for', () => {
  it.each(['/dashboard', '/dashboard/', '/DASHBOARD', '/verify', '/verify/ABC', '/verify/ABC/', '/ADMIN/users', '/admin/Users', '/admin', '/login'])(
    '%s answers the shell with 200',
    async (path) => {
      const res = await get(withPages, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html, path).toBe(SHELL);
      expectSecurityHeaders(res, path);
    },
  );
});

describe('any other path', () => {
  it.each(['/nope', '/verify/a/b', '/dashboardx', '/admin/users/42', '/faq/more', '/assets/missing.js', '/index.htm'])(
    '%s answers the 404 page with status 404',
    async (path) => {
      const res = await get(withPages, path, { 'accept-encoding': 'gzip' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-encoding'), path).toBe('gzip');
      const html = await decoded(res);
      expect(html, path).toContain('<h1>404 Not Found</h1>');
      expect(html, path).toContain('<div id="root" data-prerendered-replace>');
      expect(html, path).not.toContain('rel="canonical"');
      expectSecurityHeaders(res, path);
    },
  );

  it.each(['/prerendered/home.html', '/prerendered/manifest.json', '/PRERENDERED/faq.html', '/prerendered'])(
    '%s (the build’s own files, placeholders unfilled) answers the 404 page, never the file',
    async (path) => {
      const res = await get(withPages, path);
      expect(res.status, path).toBe(404);
      const html = await decoded(res);
      expect(html, path).toContain('404 Not Found');
      expect(html, path).not.toContain('prerender.invalid');
    },
  );

  it('answers 404 even to If-None-Match carrying the 404 page’s ETag (never a 304 for a missing page)', async () => {
    const first = await get(withPages, '/nope');
    const res = await get(withPages, '/nope', { 'if-none-match': first.headers.get('etag')! });
    expect(res.status).toBe(404);
    expect(await decoded(res)).toContain('404 Not Found');
  });
});

describe('beside the pages', () => {
  it('static files still answer as files', async () => {
    const asset = await get(withPages, '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe(ASSET);
    expectSecurityHeaders(asset, 'asset');
    const robots = await get(withPages, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent');
    const shell = await get(withPages, '/index.html');
    expect(shell.status).toBe(200);
    expect(await shell.text()).toBe(SHELL);
  });

  it.each(['/api/nope', '/api/no/such/route', '/API/nope', '/trpc', '/api'])('%s still answers the API’s JSON 404, not a page', async (path) => {
    const res = await get(withPages, path);
    expect(res.status, path).toBe(404);
    expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
    expect(await res.json(), path).toEqual({ error: 'Not found' });
  });

  it('the API itself still answers', async () => {
    const res = await get(withPages, '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

// Through the Node server: serveStatic sets Cache-Control in its onFound hook, after it has built the Response;
// the header reaches the answer because @hono/node-server's own Response (installed by serve()) shares its
// headers with the context. (Through app.request alone, with the platform's Response, it is lost.)
describe('over HTTP', () => {
  it('a page answers compressed, with its ETag, no-cache and the CSP; 304 on revalidation', async () => {
    const res = await overHttp('/faq', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(res.body).toString('utf8');
    expect(html).toContain('<h1>Frequently asked questions</h1>');
    expect(html).toContain(`href="${PUBLIC_URL}/faq"`);
    const again = await overHttp('/faq', { 'accept-encoding': 'br', 'if-none-match': String(res.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('the shell is revalidated (no-cache) and hashed assets are cached for good', async () => {
    for (const path of ['/dashboard', '/verify/ABC', '/index.html', '/robots.txt']) {
      const res = await overHttp(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    const asset = await overHttp('/assets/app-abc123.js');
    expect(asset.body.toString('utf8')).toBe(ASSET);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('an unknown path answers the 404 page with 404 and the CSP', async () => {
    const res = await overHttp('/verify/a/b');
    expect(res.status).toBe(404);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body.toString('utf8')).toContain('<h1>404 Not Found</h1>');
  });
});

describe('a build without prerendered/ (an older build)', () => {
  it.each(['/', '/faq', '/dashboard', '/verify/ABC', '/nope', '/verify/a/b'])('%s answers the shell with 200', async (path) => {
    const res = await get(olderBuild, path);
    expect(res.status, path).toBe(200);
    expect(await res.text(), path).toBe(SHELL);
    expectSecurityHeaders(res, path);
  });

  it('still serves its files and the API’s JSON 404', async () => {
    expect(await (await get(olderBuild, '/assets/app-abc123.js')).text()).toBe(ASSET);
    expect(await expectJson(get(olderBuild, '/api/nope'), 404)).toEqual({ error: 'Not found' });
  });
});
