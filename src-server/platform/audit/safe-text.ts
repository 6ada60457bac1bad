// Text a person typed, made safe to quote in an audit entry (docs/product.md#audit-log). A sign-in's username
// is logged before anything has validated it, so it may hold line breaks (a forged second entry in an export
// or a terminal), bidi overrides (text that reads differently from what is stored), invisible characters or a
// very long string. Pure and dependency-free, so any writer of the log can use it.

/** How many characters of typed text an entry quotes by default. */
export const SAFE_LOG_TEXT_MAX = 64;

/**
 * Control characters (C0, DEL, C1), format characters (bidi embeddings, overrides and isolates, zero-width
 * characters, the BOM), line and paragraph separators, and lone surrogates.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * `text` with every unsafe character written as a visible `\uXXXX` escape (and a backslash as `\\`, so an
 * escape in the entry always means the escaped character was there), at most `max` characters long (code
 * points), with '…' marking a cut. Escaping rather than dropping keeps the evidence of what was tried; a cut
 * drops whole characters, so it never leaves half an escape.
 */
export function safeLogText(text: string, max = SAFE_LOG_TEXT_MAX): string {
  const pieces: string[] = [];
  let length = 0;
  // for..of walks code points, so a surrogate pair stays whole; a lone surrogate comes as one unit.
  for (const ch of text) {
    const piece = ch === '\\' ? '\\\\' : UNSAFE.test(ch) ? escapeUnits(ch) : ch;
    const pieceLength = piece === ch ? 1 : piece.length;
    if (length + pieceLength > max) {
      // Room for the '…': drop whole pieces from the end until it fits.
      while (pieces.length > 0 && length + 1 > max) length -= codePoints(pieces.pop()!);
      return `${pieces.join('')}…`;
    }
    pieces.push(piece);
    length += pieceLength;
  }
  return pieces.join('');
}

const codePoints = (piece: string) => [...piece].length;

/** `\uXXXX` for each UTF-16 unit of `ch` (escapes are ASCII, so their length is their code points). */
function escapeUnits(ch: string): string {
  let escaped = '';
  for (let i = 0; i < ch.length; i++) escaped += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}
