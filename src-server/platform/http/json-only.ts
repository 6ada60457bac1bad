// Request bodies must be declared as JSON (docs/api.md#conventions): the types a page on another origin may send
// without a CORS preflight would otherwise let any site act in its visitors' name. A request without a body is not checked.
import type { MiddlewareHandler } from 'hono';
import { messages } from '../../contract/messages';

/** `application/json`, any case, with at most a UTF-8 charset: JSON is UTF-8 (RFC 8259). */
export function isJsonContentType(header: string): boolean {
  const [type, ...params] = header.split(';');
  if (type?.trim().toLowerCase() !== 'application/json') return false;
  return params.every((param) => {
    const eq = param.indexOf('=');
    const name = (eq === -1 ? param : param.slice(0, eq)).trim().toLowerCase();
    return name === '' || (name === 'charset' && /^"?utf-?8"?$/i.test(param.slice(eq + 1).trim()));
  });
}

/** Methods whose requests carry no body the server reads: never refused for their Content-Type. */
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 415 `{ error }` for a body not declared as JSON; after the body limit, so a body read here is at most 100 KB. */
export const jsonBodiesOnly: MiddlewareHandler = async (c, next) => {
  if (BODYLESS.has(c.req.method)) return next();
  const type = c.req.header('content-type');
  if (type !== undefined && isJsonContentType(type)) {
    // tRPC itself takes only a lower-case 'application/json…' (and, unasked, multipart and octet-stream,
    // refused above); the media type is case-insensitive (RFC 9110), so it is handed on in that form.
    if (!type.startsWith('application/json')) c.req.raw.headers.set('content-type', 'application/json');
    return next();
  }
  if (!(await hasBody(c.req.raw, () => c.req.arrayBuffer()))) return next();
  return c.json({ error: messages.unsupportedMediaType }, 415);
};

async function hasBody(raw: Request, read: () => Promise<ArrayBuffer>): Promise<boolean> {
  const length = raw.headers.get('content-length');
  if (length !== null && !raw.headers.has('transfer-encoding') && /^\s*\d+\s*$/.test(length)) return Number(length) > 0;
  if (raw.body === null) return false;
  return (await read()).byteLength > 0;
}
