import type { MiddlewareHandler } from 'hono';

// 'self' only: no inline script or style, no third-party origin. blob: lets the certificate viewer show a
// PDF fetched with the bearer token; data: covers small inline images the bundler may emit.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()'],
];

/** The same, as one object (lower-case names), for checking answers. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(HEADERS.map(([name, value]) => [name.toLowerCase(), value]));

/** Every response carries these, unless its handler set its own (the reference page's CSP, its public files' CORP). */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const h = c.res.headers;
  for (const [name, value] of HEADERS) if (!h.has(name)) h.set(name, value);
  h.delete('X-Powered-By');
};
