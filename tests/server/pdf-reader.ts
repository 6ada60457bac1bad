// Just enough PDF reading for the certificate tests: streams located by /Length and inflated, literal
// strings unescaped, and the text each Tj / TJ / ' operator shows, with its baseline.
import { inflateSync } from 'node:zlib';

export const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

export interface Stream {
  dict: string;
  /** Decoded content, one char per byte. */
  data: string;
  /** Where the raw stream bytes sit in the file. */
  start: number;
  end: number;
}

/** Every stream in the file, located by its /Length (never by searching for "endstream"). */
export function streams(bytes: Uint8Array): Stream[] {
  const pdf = latin1(bytes);
  const found: Stream[] = [];
  // The dictionary of one object ("n 0 obj << ... >> stream"), never reaching back into an earlier object.
  const re = /\d+ 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(pdf); m; m = re.exec(pdf)) {
    const dict = m[1] ?? '';
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = m.index + m[0].length;
    const raw = bytes.subarray(start, start + length);
    const data = /\/FlateDecode/.test(dict) ? latin1(inflateSync(raw)) : latin1(raw);
    found.push({ dict, data, start, end: start + length });
    re.lastIndex = start + length;
  }
  return found;
}

/** The file with each stream's bytes replaced (by its decoded content, or dropped). */
export function replaceStreams(bytes: Uint8Array, by: (s: Stream) => string): string {
  const pdf = latin1(bytes);
  let out = '';
  let at = 0;
  for (const s of streams(bytes)) {
    out += pdf.slice(at, s.start) + by(s);
    at = s.end;
  }
  return out + pdf.slice(at);
}

/** What a reader sees: every stream decoded in place. */
export const expandedPdf = (bytes: Uint8Array): string => replaceStreams(bytes, (s) => s.data);
/** Only the object syntax, as written: stream bytes (binary once compressed) left out. */
export const objectsOnly = (bytes: Uint8Array): string => replaceStreams(bytes, () => '');

/** Reads a literal string starting at the '(' at `at`; returns the unescaped bytes and the end index. */
export function readLiteral(src: string, at: number): { value: string; end: number } {
  const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  let value = '';
  let depth = 1;
  let i = at + 1;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (c === '\\') {
      const next = src[i + 1] ?? '';
      const octal = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
      if (octal) {
        value += String.fromCharCode(parseInt(octal[0], 8));
        i += 1 + octal[0].length;
        continue;
      }
      if (next === '\n') value += '';
      else value += simple[next] ?? next; // covers \( \) \\
      i += 2;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return { value, end: i + 1 };
    value += c;
    i++;
  }
  throw new Error('unterminated string literal');
}

// WinAnsi 0x80-0x9F as a viewer shows them ('\uFFFD' where the encoding leaves a gap). Spelled out here
// because Node's TextDecoder treats 'windows-1252' as ISO-8859-1 and returns C1 control characters.
const WIN_ANSI_80_9F = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

/** WinAnsi bytes (one char per byte) to the characters a PDF viewer shows. */
export const fromWinAnsi = (s: string): string =>
  s.replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_80_9F[c.charCodeAt(0) - 0x80] ?? c);

export interface ShownText {
  text: string;
  /** Baseline in PDF user space (points from the bottom of the page). */
  y: number;
}

/** Pulls the strings shown by Tj / TJ / ' with the baseline each was drawn on. */
export function extractText(content: string): ShownText[] {
  const out: ShownText[] = [];
  const operands: Array<string | number | string[]> = [];
  let array: string[] | null = null;
  let lineY = 0;
  let leading = 0;
  let i = 0;
  while (i < content.length) {
    const c = content[i] ?? '';
    if (/\s/.test(c)) { i++; continue; }
    if (c === '(') {
      const { value, end } = readLiteral(content, i);
      if (array) array.push(value);
      else operands.push(value);
      i = end;
      continue;
    }
    if (c === '[') { array = []; i++; continue; }
    if (c === ']') { operands.push(array ?? []); array = null; i++; continue; }
    const token = /^[^\s()[\]<>/]+|^\/[^\s()[\]<>/]*/.exec(content.slice(i))?.[0] ?? c;
    i += token.length;
    if (array) continue; // kerning numbers inside a TJ array
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token)) { operands.push(Number(token)); continue; }
    if (token.startsWith('/')) { operands.push(token); continue; }
    // An operator: apply it to the text state, then drop its operands.
    const n = (k: number): number => Number(operands[operands.length - k]);
    if (token === 'BT') lineY = 0;
    else if (token === 'Td' || token === 'TD') lineY += n(1);
    else if (token === 'TL') leading = n(1);
    else if (token === 'T*') lineY -= leading;
    else if (token === 'Tj' || token === "'" || token === 'TJ') {
      if (token === "'") lineY -= leading;
      const arg = operands[operands.length - 1];
      const text = Array.isArray(arg) ? arg.join('') : String(arg);
      out.push({ text: fromWinAnsi(text), y: lineY });
    }
    operands.length = 0;
  }
  return out;
}

export function pageText(bytes: Uint8Array): ShownText[] {
  return streams(bytes)
    .filter((s) => !/\/Subtype|\/Type\s*\/XRef/.test(s.dict))
    .flatMap((s) => extractText(s.data));
}

/** Shown text in reading order (top of the page first), as one whitespace-normalised string. */
function inReadingOrder(shown: readonly ShownText[]): string {
  return shown
    .map((t, index) => ({ ...t, index }))
    .sort((a, b) => b.y - a.y || a.index - b.index)
    .map((t) => t.text)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** All shown text in reading order (top of the page first), as one whitespace-normalised string: for one page. */
export function readingOrder(bytes: Uint8Array): string {
  return inReadingOrder(pageText(bytes));
}

/** Each page's text in reading order, page by page (jsPDF writes one content stream per page, in page order). */
export function pagesText(bytes: Uint8Array): string[] {
  return streams(bytes)
    .filter((s) => !/\/Subtype|\/Type\s*\/XRef/.test(s.dict))
    .map((s) => inReadingOrder(extractText(s.data)));
}

/** The file with every literal string removed, so names and operators can be counted honestly. */
export function withoutStrings(pdf: string): string {
  let out = '';
  let i = 0;
  while (i < pdf.length) {
    if (pdf[i] === '(') {
      i = readLiteral(pdf, i).end;
      out += '()';
    } else {
      out += pdf[i];
      i++;
    }
  }
  return out;
}

/** A rectangle as drawn, in PDF user space (points, y up from the bottom of the page). */
export interface DrawnRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The rectangles a content stream paints with `re`: those filled (f, f*, F) and those stroked (S), each through
 * the scaling and translation in force (cm inside q ... Q). Rotations are not expected and not handled.
 */
export function drawnRects(bytes: Uint8Array): { filled: DrawnRect[]; stroked: DrawnRect[] } {
  const filled: DrawnRect[] = [];
  const stroked: DrawnRect[] = [];
  for (const s of streams(bytes).filter((st) => !/\/Subtype|\/Type\s*\/XRef/.test(st.dict))) {
    // Text operands can hold anything: drop the strings first, so only operators and numbers remain.
    const tokens = withoutStrings(s.data).split(/\s+/).filter(Boolean);
    let ctm = [1, 0, 0, 1, 0, 0];
    const saved: number[][] = [];
    let path: DrawnRect[] = [];
    let operands: number[] = [];
    for (const token of tokens) {
      if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token)) {
        operands.push(Number(token));
        continue;
      }
      if (token === 'q') saved.push(ctm);
      else if (token === 'Q') ctm = saved.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (token === 'cm') {
        const [a, b, c, d, e, f] = operands.slice(-6) as [number, number, number, number, number, number];
        const [A, B, C, D, E, F] = ctm as [number, number, number, number, number, number];
        ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
      } else if (token === 're') {
        const [x, y, w, h] = operands.slice(-4) as [number, number, number, number];
        const [a, , , d, e, f] = ctm as [number, number, number, number, number, number];
        const x0 = a * x + e;
        const y0 = d * y + f;
        const x1 = a * (x + w) + e;
        const y1 = d * (y + h) + f;
        path.push({ x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) });
      } else if (token === 'f' || token === 'f*' || token === 'F') {
        filled.push(...path);
        path = [];
      } else if (token === 'S' || token === 's') {
        stroked.push(...path);
        path = [];
      } else if (token === 'n' || token === 'B' || token === 'B*' || token === 'b' || token === 'b*') {
        path = [];
      }
      operands = [];
    }
  }
  return { filled, stroked };
}

/**
 * Reads a QR code's module matrix back from the squares drawn for it: the module is the height of a run, the
 * symbol's side the extent of the runs; row 0 is the top. Answers rows of 0/1.
 */
export function qrMatrixFrom(rects: readonly DrawnRect[]): number[][] {
  if (rects.length === 0) return [];
  const module = Math.min(...rects.map((r) => r.h));
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.max(...rects.map((r) => r.y + r.h));
  const size = Math.round((Math.max(...rects.map((r) => r.x + r.w)) - left) / module);
  const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => 0));
  for (const r of rects) {
    const row = Math.round((top - (r.y + r.h)) / module);
    const first = Math.round((r.x - left) / module);
    const count = Math.round(r.w / module);
    for (let rows = 0; rows < Math.round(r.h / module); rows++) {
      for (let col = first; col < first + count; col++) matrix[row + rows]![col] = 1;
    }
  }
  return matrix;
}
