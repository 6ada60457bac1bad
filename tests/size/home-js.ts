// The public pages' JavaScript, from a real load of the built app in Chromium, gzip-compressed (level 9, as the
// server sends it), in two figures (docs/performance.md#the-public-pages-first-load):
// - initial: every script the page fetches when it is opened and read (until it has loaded and a second more has
//   passed with nobody touching it). The page shows and works as HTML (links, typing) before any script runs; the
//   app loads once the visitor starts to use the page. This is the figure the 90 KB budget holds.
// - until live: every script fetched from opening the page until the app is live on it after the visitor starts to
//   use it (a key press here): React, the router and the page's own code. Reported beside it, not hidden.
// Shared by `npm run size`, `npm run bench` and a browser test.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { PrerenderManifest } from '../../src-server/contract/public-pages';

export const HOME_JS_BUDGET_BYTES = 90 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** A static server for the build: prerendered pages at their paths, files, else the app's shell; on loopback. */
function serveBuild(root: string): Promise<{ server: Server; origin: string }> {
  const manifestFile = join(root, 'prerendered', 'manifest.json');
  const pages = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest).pages : {};
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const page = pages[pathname];
    const path = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    let file = page ? join(root, 'prerendered', page) : join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

export interface ScriptSize {
  path: string;
  raw: number;
  gzip: number;
}

export interface PageJs {
  page: string;
  /** The scripts fetched when the page is opened and only read. */
  scripts: ScriptSize[];
  /** gzip bytes of those. */
  totalGzip: number;
  /** The scripts fetched until the app is live, once the visitor starts to use the page. */
  liveScripts: ScriptSize[];
  /** gzip bytes of those. */
  liveGzip: number;
}

export async function measurePublicJs(root: string, pages: readonly string[] = ['/']): Promise<PageJs[]> {
  const { server, origin } = await serveBuild(root);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const results: PageJs[] = [];
    for (const path of pages) {
      // A new context per page: nothing cached from the page before.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const fetched = () =>
        page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')),
        );
      const sizes = (paths: string[]) =>
        [...new Set(paths)].map((p) => {
          const bytes = readFileSync(join(root, p));
          return { path: p, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
        });
      const total = (scripts: ScriptSize[]) => scripts.reduce((n, s) => n + s.gzip, 0);
      await page.goto(origin + path, { waitUntil: 'load' });
      await page.waitForTimeout(1000);
      const scripts = sizes(await fetched());
      // The visitor starts to use the page; the root layout marks the document once the app is live.
      await page.keyboard.press('Shift');
      await page.locator('html[data-app-live]').waitFor({ state: 'attached' });
      const liveScripts = sizes(await fetched());
      await context.close();
      results.push({ page: path, scripts, totalGzip: total(scripts), liveScripts, liveGzip: total(liveScripts) });
    }
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}
