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
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/** The same, as one object (lower-case names), for an answer built with all its headers (complete-answer.ts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(HEADERS.map(([name, value]) => [name.toLowerCase(), value]));

const complete = new WeakSet<Response>();

/**
 * An answer made with every header already in place (http/complete-answer.ts): this middleware, and app.ts's for
 * the API, add nothing to it.
 */
export function markComplete(res: Response): Response {
  complete.add(res);
  return res;
}
export const hasAllHeaders = (res: Response): boolean => complete.has(res);

/** Every response, including errors and static files, carries these. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (hasAllHeaders(c.res)) return;
  const h = c.res.headers;
  for (const [name, value] of HEADERS) h.set(name, value);
  h.delete('X-Powered-By');
};
