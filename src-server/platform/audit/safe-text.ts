// Text a person typed, made safe to quote in an audit entry (docs/product.md#audit-log): an unvalidated sign-in name
// may forge a line, reorder text or be huge. Dependency-free, so any writer of the log can use it.

/** How many characters of typed text an entry quotes by default. */
export const SAFE_LOG_TEXT_MAX = 64;

/** Control and format characters, line and paragraph separators, and lone surrogates. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** `text` with unsafe characters as visible `\uXXXX` escapes (backslash as `\\`), cut at `max` code points with '…'. */
export function safeLogText(text: string, max = SAFE_LOG_TEXT_MAX): string {
  const pieces: string[] = [];
  let length = 0;
  // for..of walks code points, so a surrogate pair stays whole; a lone surrogate comes as one unit.
  for (const ch of text) {
    // An unsafe character as `\uXXXX` for each of its UTF-16 units (ASCII, so its length is its code points).
    const piece =
      ch === '\\' ? '\\\\' : UNSAFE.test(ch) ? ch.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('') : ch;
    const pieceLength = piece === ch ? 1 : piece.length;
    if (length + pieceLength > max) {
      // Room for the '…': drop whole pieces from the end until it fits.
      while (pieces.length > 0 && length + 1 > max) length -= [...pieces.pop()!].length;
      return `${pieces.join('')}…`;
    }
    pieces.push(piece);
    length += pieceLength;
  }
  return pieces.join('');
}
