// The home page's initial JavaScript: every script the browser fetches until the home page's heading is
// on screen, gzip-compressed (level 9, as a static server would send it), from a real load of the built
// app in Chromium. Shared by `npm run size` and a browser test that holds the budget.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export const HOME_JS_BUDGET_BYTES = 120 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** A static server for the build with the SPA fallback, on loopback. */
function serveBuild(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
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

export async function measureHomeJs(root: string): Promise<{ scripts: ScriptSize[]; totalGzip: number }> {
  const { server, origin } = await serveBuild(root);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const paths = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') paths.add(new URL(r.url()).pathname);
    });
    await page.goto(origin + '/');
    await page.getByRole('heading', { level: 1, name: 'Temporary Car Insurance' }).waitFor();
    const scripts = [...paths].map((p) => {
      const bytes = readFileSync(join(root, p));
      return { path: p, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
    return { scripts, totalGzip: scripts.reduce((n, s) => n + s.gzip, 0) };
  } finally {
    await browser.close();
    server.close();
  }
}
