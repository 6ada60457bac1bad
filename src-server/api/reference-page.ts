// The API reference page (GET /api/docs), its script and the documentation routes' answers (docs/api.md#openapi).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono, type Handler } from 'hono';
import type { AppEnv } from '../platform/http/context';
import type { Deps } from '../deps';

/** The reference page's script: a vendored copy (vendor/…/README), pinned by the npm file's integrity hash. */
export const SCALAR_VERSION = '1.46.4';
export const SCALAR_SCRIPT = `/api/docs/scalar-api-reference-${SCALAR_VERSION}.js`;
export const SCALAR_SCRIPT_SRI = 'sha384-BbTs28WithFYxTDCiH0YPK5tv3MflhBVpABoMjfb9UqXa/hegSE9I4THoddKejMF';
const SCALAR_FILE = `vendor/scalar-api-reference-${SCALAR_VERSION}/standalone.js`;

/** The vendored file, looked for upwards from this module (the source tree, or a bundle of the server elsewhere). */
function findScalarFile(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, SCALAR_FILE);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`api-docs: ${SCALAR_FILE} not found above ${fileURLToPath(import.meta.url)}`);
  }
}

/** With its own CSP: inline parts by hash; `sandbox` (no allow-same-origin) keeps any script from the token and API. */
export type ReferencePage = Awaited<ReturnType<typeof writeReferencePage>>;

/** Page-lived stand-ins for localStorage and sessionStorage, which throw in the sandbox and Scalar reads at start. */
const STORAGE_SHIM = `
      (function () {
        ['localStorage', 'sessionStorage'].forEach(function (name) {
          try { return void window[name]; } catch (e) { /* sandboxed: replaced below */ }
          var data = new Map();
          var storage = {
            get length() { return data.size; },
            key: function (i) { var keys = Array.from(data.keys()); return i < keys.length ? keys[i] : null; },
            getItem: function (k) { return data.has(String(k)) ? data.get(String(k)) : null; },
            setItem: function (k, v) { data.set(String(k), String(v)); },
            removeItem: function (k) { data.delete(String(k)); },
            clear: function () { data.clear(); },
          };
          Object.defineProperty(window, name, { value: storage, configurable: true });
        });
      })();
    `;

const sha = (algorithm: 'sha256' | 'sha384', text: string) => `${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}`;

/** The page is the same for every app of the process (tests build hundreds): written once. */
let referencePage: Promise<ReferencePage> | undefined;
export const buildReferencePage = (): Promise<ReferencePage> => (referencePage ??= writeReferencePage());

async function writeReferencePage() {
  // Written by the package's own middleware, as a request would get it.
  const scalar = Scalar({
    url: '/api/openapi.json',
    pageTitle: 'Kerbside Cover API',
    cdn: SCALAR_SCRIPT,
    // Fonts from fonts.scalar.com otherwise: the page's own CSP allows no font origin.
    withDefaultFonts: false,
    // Trying a request from a sandboxed page would be cross-origin (no CORS on the API) and needs the bearer token:
    // the page is a reference only.
    hideTestRequestButton: true,
    hideClientButton: true,
    showDeveloperTools: 'never',
    telemetry: false,
    agent: { disabled: true },
    documentDownloadType: 'json',
  });
  const written = await (await new Hono().get('/', scalar).request('/')).text();

  // Missing from a deployment: start-up stops here rather than serving a page that stays blank.
  const scriptFile = findScalarFile();
  const tag = `<script src="${SCALAR_SCRIPT}"></script>`;
  if (written.split(tag).length !== 2) throw new Error('api-docs: the Scalar page no longer loads its script as expected');
  const html = written.replace(tag, `<script>${STORAGE_SHIM}</script>\n    <script src="${SCALAR_SCRIPT}" integrity="${SCALAR_SCRIPT_SRI}" crossorigin="anonymous"></script>`);

  const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  if (inlineScripts.length === 0) throw new Error('api-docs: the Scalar page has no inline configuration script');
  const csp = [
    "default-src 'none'",
    // 'self' is this server's origin (the URL's), though the sandboxed page's own origin is opaque.
    `script-src 'self' ${inlineScripts.map((s) => `'${sha('sha256', s)}'`).join(' ')}`,
    // Scalar adds <style> elements as it renders, which no hash can name; styles run no script. No 'unsafe-eval':
    // Scalar tries eval once and carries on without it.
    "style-src 'unsafe-inline'",
    // The document (/api/openapi.json); no image or font is loaded (withDefaultFonts: false).
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    'sandbox allow-scripts allow-popups',
  ].join('; ');
  // The script, as it is and gzip-compressed (3.5 MB and 1 MB), read and compressed on its first request: plain byte
  // arrays, which a Response takes as they are on every request.
  let script: { raw: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> } | undefined;
  const readScript = () => {
    const bytes = readFileSync(scriptFile);
    return { raw: new Uint8Array(bytes), gzip: new Uint8Array(gzipSync(bytes, { level: 9 })) };
  };
  return { html, csp, script: () => (script ??= readScript()) };
}

/** What the REST door needs besides the services: the documentation routes answer from these. */
export interface RestEnv {
  deps: Deps;
  /** The OpenAPI document of every route, as JSON (api/openapi-document.ts): built on first use, then kept. */
  documentJson(): string;
  referencePage: ReferencePage;
}

/** Both are public and the same for everyone until the next deploy. */
const CACHE_CONTROL = 'public, max-age=300';

/** GET /api/openapi.json: the document, readable from any origin (the sandboxed page fetches it from its own). */
export const documentAnswer = (env: RestEnv): Handler<AppEnv> => (c) =>
  c.body(env.documentJson(), 200, {
    'cache-control': CACHE_CONTROL,
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  });

/** GET /api/docs: the page, with the Content-Security-Policy it alone carries. */
export const pageAnswer = ({ referencePage: page }: RestEnv): Handler<AppEnv> => (c) =>
  c.body(page.html, 200, { 'cache-control': CACHE_CONTROL, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.csp });

/** The page's script, gzip-compressed for a client that takes it. */
export const scriptAnswer = ({ referencePage: page }: RestEnv): Handler<AppEnv> => (c) => {
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const script = page.script();
  return c.body(gzip ? script.gzip : script.raw, 200, {
    'content-type': 'text/javascript; charset=utf-8',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    vary: 'Accept-Encoding',
    // Its name changes with its version.
    'cache-control': 'public, max-age=31536000, immutable',
    // Fetched with integrity (so in CORS mode) by the sandboxed page, whose origin is its own.
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  });
};
