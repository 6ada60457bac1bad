// Which request paths name the API, however spelt (docs/api.md#errors, docs/product.md#not-found): `//api/…`,
// `/API/…` or `/api%2f…` match no route, and answer the API's JSON 404, not the SPA page a proxy might take for it.

const API_PREFIXES = new Set(['api', 'trpc']);
/** Rounds of percent-decoding: enough for %252F (encoded twice) and a little more, bounded for a hostile path. */
const DECODE_ROUNDS = 4;

/** Decodes every well-formed %XX run (%2F included); a malformed one is kept as written. */
function decodeLoosely(path: string): string {
  return path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * True when `rawPath` (a URL's path, as received) names /api or /trpc once percent-decoded (repeatedly),
 * with backslashes read as slashes, empty and dot segments resolved, letter case ignored, and a segment's
 * `;parameters` and trailing dots, spaces and NULs dropped, as some servers and proxies do.
 */
export function namesApiPath(rawPath: string): boolean {
  let path = rawPath;
  for (let round = 0; round < DECODE_ROUNDS; round++) path = decodeLoosely(path);
  const segments: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    const segment = raw.trim();
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  const first = segments[0];
  if (first === undefined) return false;
  // eslint-disable-next-line no-control-regex -- a trailing NUL is dropped by some servers, so it is dropped here too
  const name = first.split(';')[0]!.replace(/[.\s\u0000]+$/, '').toLowerCase();
  return API_PREFIXES.has(name);
}
