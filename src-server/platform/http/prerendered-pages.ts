// The prerendered public pages (docs/product.md#public-pages): read, pointed at PUBLIC_URL and compressed once at
// start-up, answered from memory; the app's other paths get its shell, any other path the 404 page.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { PRERENDER_ORIGIN, PRERENDERED_DIR, type PrerenderManifest } from '../../contract/public-pages';

interface Page {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

function compressed(html: string): Page {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** A route path ('/verify/$code') as a test of request paths; like the client router, case and a trailing slash do not matter. */
function pathPattern(routePath: string): RegExp {
  const parts = routePath
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('$') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${parts.join('/')}/?$`, 'i');
}

/** Null when the build has no prerendered pages (an older build): the server then answers the shell everywhere. */
export function loadPrerenderedPages(staticRoot: string, publicUrl: string) {
  const dir = join(staticRoot, PRERENDERED_DIR);
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const read = (file: string) => compressed(readFileSync(join(dir, file), 'utf8').replaceAll(PRERENDER_ORIGIN, publicUrl));
  const pages = new Map(Object.entries(manifest.pages).map(([path, file]) => [path, read(file)]));
  const appPaths = manifest.appPaths.map(pathPattern);
  const shells = Object.entries(manifest.shells ?? {}).map(([routePath, file]) => ({ pattern: pathPattern(routePath), page: read(file) }));
  return {
    /** The page built for this exact path, if any. */
    page: (path: string) => pages.get(path),
    notFound: read(manifest.notFound),
    /** Whether the client app has a route for the path (it then answers with its shell). */
    isAppPath: (path: string) => appPaths.some((pattern) => pattern.test(path)),
    /** The shell built for the app route the path belongs to (the route's code preloaded), if the build wrote one. */
    shell: (path: string) => shells.find((s) => s.pattern.test(path))?.page,
    /** Whether the path names the build's prerendered/ folder itself, which is never served as files. */
    isBuildFile: (path: string) => path.toLowerCase().startsWith(`/${PRERENDERED_DIR}/`) || path.toLowerCase() === `/${PRERENDERED_DIR}`,
  };
}

/** Answers a page with the best encoding the client accepts, revalidated on every visit (no-cache + ETag). */
export function sendPage(c: Context, page: Page, status: 200 | 404 = 200): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ETag: page.etag,
  };
  if (status === 200 && c.req.header('if-none-match') === page.etag) return c.body(null, 304, headers);
  const accepted = c.req.header('accept-encoding') ?? '';
  const [body, encoding] = /\bbr\b/.test(accepted) ? [page.br, 'br'] : /\bgzip\b/.test(accepted) ? [page.gzip, 'gzip'] : [page.identity, null];
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(new Uint8Array(body), status, headers);
}
