// Paths that are, or decode or normalise to, /api or /trpc never get the app's HTML: they answer JSON as every
// unknown API path does (docs/api.md#errors, docs/product.md#not-found). Checked on an app that serves a built
// client (the SPA fallback in place), through app.request and through a real HTTP server with raw request
// targets (a browser or fetch would normalise them before sending).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CreatedApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { openDatabase, type Database } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { namesApiPath } from '../../src-server/platform/http/api-paths';
import { T0, TEST_SECRET } from './harness';
import { listen, type Listening } from './listen';
import { freshDatabase, type TestDatabase } from './test-database';

const SPA = '<!doctype html><html><body>Kerbside SPA</body></html>';

let dir: string;
let store: TestDatabase;
let database: Database;
let created: CreatedApp;
let server: Listening;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kerbside-paths-'));
  const staticRoot = join(dir, 'client');
  mkdirSync(join(staticRoot, 'assets'), { recursive: true });
  writeFileSync(join(staticRoot, 'index.html'), SPA);
  writeFileSync(join(staticRoot, 'assets', 'app.js'), 'console.log(1)');
  store = await freshDatabase(dir);
  database = await openDatabase({ url: store.url });
  await migrateDatabase(database.db);
  created = await createApp({ database, jwtSecret: TEST_SECRET, clock: manualClock(T0), logger: pino({ level: 'silent' }), staticRoot });
  server = await listen(created.app);
  port = server.port;
});
afterAll(async () => {
  await server.close();
  database.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A request with the target sent exactly as written (no client-side normalisation). */
function raw(method: string, target: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

// Each names the API in a way the router does not take literally.
const NOT_FOUND = [
  '//api/admin/users',
  '///api/admin/users',
  '/API/admin/users',
  '/Api/health',
  '/api%2fadmin/users',
  '/api%2Fadmin%2Fusers',
  '/api%252fadmin/users',
  '/%2fapi/admin/users',
  '/api./admin/users',
  '/api../admin/users',
  '/api%2e/admin/users',
  '/api;x/admin/users',
  '/API',
  '/API/',
  '//api',
  '/api%2f',
  '//trpc/account.me',
  '/TRPC/account.me',
  '/trpc%2faccount.me',
  '/Trpc',
  '/%74rpc%2Fadmin.stats',
];

describe('the SPA fallback is still there for pages', () => {
  it('serves the app for a page path and its assets', async () => {
    for (const path of ['/', '/dashboard', '/admin/users', '/apiary', '/api-docs', '/trpcx']) {
      const res = await created.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('Kerbside SPA');
    }
    expect(await (await created.app.request('/assets/app.js')).text()).toBe('console.log(1)');
  });
});

describe('API-looking paths answer JSON, never the app', () => {
  it.each(NOT_FOUND)('%s answers 404 { error } (app.request)', async (path) => {
    for (const method of ['GET', 'HEAD', 'POST']) {
      const res = await created.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      if (method !== 'HEAD') expect(await res.json(), `${method} ${path}`).toEqual({ error: 'Not found' });
    }
  });

  it.each(NOT_FOUND)('%s answers 404 { error } over HTTP, the target sent raw', async (path) => {
    const res = await raw('GET', path);
    expect(res.status, path).toBe(404);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ error: 'Not found' });
  });

  // Targets that resolve to a real route once normalised (dot segments, %61 for 'a') get that route's own
  // JSON answer (here: sign in first); those that resolve to nothing get the 404. Never HTML.
  it.each([
    '/api/./admin/users',
    '/api/admin/./users',
    '/api/admin/users/.',
    '/x/../api/admin/users',
    '/api/x/../admin/users',
    '/%61pi/admin/users',
    '/api/admin/users/',
    '/api//admin/users',
    '/api/%2e/admin/users',
    '/%2e%2e/api/admin/users',
    '/api/',
    '/api/.',
    '/trpc/',
    '/trpc/./account.me',
  ])('%s answers JSON, never the app', async (path) => {
    const viaApp = await created.app.request(path);
    for (const res of [await raw('GET', path), { status: viaApp.status, type: viaApp.headers.get('content-type') ?? '', body: await viaApp.text() }]) {
      expect([401, 404], `${path} -> ${res.status} ${res.body.slice(0, 80)}`).toContain(res.status);
      expect(res.type, path).toMatch(/^application\/json/);
      expect(res.body).not.toContain('Kerbside SPA');
    }
  });
});

describe('namesApiPath', () => {
  it('reads what a path names after decoding and normalising', () => {
    for (const path of [...NOT_FOUND, '/api', '/api/', '/trpc', '/trpc/x', '/a/../api/x', '/api\\admin', '/%252561pi/x', '/api%00/x', '/ api/x']) {
      expect(namesApiPath(path), path).toBe(true);
    }
    for (const path of ['/', '/apiary', '/api-docs', '/trpcx', '/dashboard', '/assets/api.js', '/admin/api', '/%zz', '/x/api']) {
      expect(namesApiPath(path), path).toBe(false);
    }
  });
});
