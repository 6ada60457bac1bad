// What every policy document's PDF shares (docs/product.md#policy-documents): A4 in points, standard Helvetica, text
// made safe for it, wrapped blocks that never overprint the footer, and the footer of brand facts. Standard fonts
// and compressed streams keep a render to a few milliseconds (docs/performance.md#the-certificate-pdf). User
// strings go through `cleanValue` / `toWinAnsi`: jsPDF otherwise switches a whole string to garbled UCS-2 bytes.
import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';
import { brand, brandAddressOneLine } from '../../contract/brand';
import { epochToUkLocal, isCalendarDate } from '../../contract/time';
import { useZlibForFlate } from './flate';

// Streams compressed by node:zlib, not jsPDF's byte-by-byte string building (pdf-flate.ts says why).
useZlibForFlate(jsPDF);

/** The 27 characters WinAnsi places in 0x80-0x9F; jsPDF maps these Unicode code points to those bytes. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export const ELLIPSIS = '…';

/** Text for a standard font: non-WinAnsi becomes '?' (U+0080-U+009F too: jsPDF emits them raw), line breaks spaces. */
export function toWinAnsi(text: string): string {
  let out = '';
  // NFC so a decomposed 'e' + diaeresis becomes WinAnsi 'ë', not 'e?'; by code point so an emoji is one '?', not two.
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRAS.has(ch)) out += ch;
    else if (cp === 0x09 || cp === 0x0a || cp === 0x0d) out += ' ';
    else out += '?';
  }
  return out;
}

/** Longest value (in code points) we ever lay out; bounds the work done on hostile multi-megabyte input. */
export const MAX_VALUE_CHARS = 200;

function clipChars(text: string, max: number): string {
  // Slice first so normalisation and iteration never see more than a bounded prefix.
  const prefix = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const chars = Array.from(prefix.normalize('NFC'));
  return chars.length > max ? chars.slice(0, max - 1).join('') + ELLIPSIS : chars.join('');
}

/** A user-supplied value, ready to draw: bounded, WinAnsi-safe, on one logical line. */
export function cleanValue(text: string, max = MAX_VALUE_CHARS): string {
  return toWinAnsi(clipChars(text, max)).replace(/\s+/g, ' ').trim();
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** "09:00 on 1 July 2026 (UK time)" by parsing alone (no zone conversion to shift the hour); malformed input throws. */
export function formatUkDateTime(date: string, time: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t || !isCalendarDate(date)) throw new RangeError(`Invalid certificate date/time: ${JSON.stringify(`${date} ${time}`)}`);
  return `${t[1]}:${t[2]} on ${Number(d[3])} ${MONTHS[Number(d[2]) - 1]} ${d[1]} (UK time)`;
}

/** An instant (issuedAt, a payment), unlike the cover times: here the UK zone (GMT/BST) does matter. */
export function formatIssuedAt(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid issuedAt: ${epochMs}`);
  const { date, time } = epochToUkLocal(epochMs);
  return formatUkDateTime(date, time);
}

export const PAGE_WIDTH = 595.28; // A4 in points
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const VALUE_INDENT = 12;
const LINE_HEIGHT_FACTOR = 1.3;

export const SIZE = { title: 18, subtitle: 11, heading: 10.5, body: 10.5, link: 9, foot: 8 } as const;
/** Line caps chosen so that the worst case (every value at its cap) still ends above the footer. */
export const MAX_LINES = { value: 3, fixed: 6, foot: 3 } as const;

export interface Cursor {
  doc: jsPDF;
  /** Top of the next block, in points from the top of the page. */
  y: number;
  /** Nothing in the body may be drawn below this line (the footer starts under it). */
  limit: number;
  /** A document of several pages starts a new one when a block does not fit; without it, the block is cut short. */
  turnPage?: () => boolean;
}

export interface BlockStyle {
  size: number;
  bold?: boolean;
  indent?: number;
  maxLines: number;
  gapAfter?: number;
  /** Fixed wording only: its wrapping never changes, so it is measured once per process. */
  constant?: boolean;
  /** Narrower than the content width (the header's text beside the QR code). */
  width?: number;
}

export function setFont(doc: jsPDF, size: number, bold = false): void {
  doc.setFont('helvetica', bold ? 'bold' : 'normal');
  doc.setFontSize(size);
}

export const lineHeight = (size: number): number => size * LINE_HEIGHT_FACTOR;

/** Wraps to the width and keeps at most maxLines, ending the last kept line with an ellipsis. */
export function wrap(doc: jsPDF, text: string, width: number, maxLines: number): string[] {
  const lines = (doc.splitTextToSize(text, width) as string[]).map((l) => l.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(maxLines, 0));
  let cut = kept.pop();
  if (cut === undefined) return kept;
  while (cut.length > 0 && doc.getTextWidth(cut + ELLIPSIS) > width) cut = cut.slice(0, -1);
  kept.push(cut.trimEnd() + ELLIPSIS);
  return kept;
}

// Only fixed wording (`constant`) is cached, so the map is bounded by the wording of the documents' own files.
const wrapCache = new Map<string, string[]>();

export function wrapOnce(doc: jsPDF, text: string, width: number, maxLines: number, style: BlockStyle): string[] {
  if (!style.constant) return wrap(doc, text, width, maxLines);
  const key = `${style.size}|${style.bold ? 'b' : 'n'}|${width}|${maxLines}|${text}`;
  let lines = wrapCache.get(key);
  if (!lines) wrapCache.set(key, (lines = wrap(doc, text, width, maxLines)));
  return lines;
}

/** Starts a new page when `height` points do not fit below the cursor and the document may have another page. */
export function keepRoom(cur: Cursor, height: number): void {
  if (cur.turnPage && cur.y + height > cur.limit) cur.turnPage();
}

/** Draws a wrapped block and advances the cursor; cut short rather than overprint the footer. */
export function block(cur: Cursor, text: string, style: BlockStyle): void {
  const { doc } = cur;
  const indent = style.indent ?? 0;
  const lh = lineHeight(style.size);
  const width = (style.width ?? CONTENT_WIDTH) - indent;
  if (cur.turnPage && text !== '') {
    setFont(doc, style.size, style.bold);
    keepRoom(cur, wrapOnce(doc, text, width, style.maxLines, style).length * lh);
  }
  const room = Math.floor((cur.limit - cur.y) / lh);
  if (room <= 0 || text === '') return;
  setFont(doc, style.size, style.bold);
  const lines = wrapOnce(doc, text, width, Math.min(style.maxLines, room), style);
  // jsPDF positions text by baseline; ~0.8 of the size puts the cap height at the block's top edge.
  // A copy, so nothing jsPDF does to its argument can reach the cached array.
  doc.text(lines.slice(), MARGIN + indent, cur.y + style.size * 0.8);
  cur.y += lines.length * lh + (style.gapAfter ?? 0);
}

/** A line under a heading: fixed wording may use more lines than a user-supplied value, and is cached. */
export interface Entry {
  text: string;
  maxLines: number;
  constant: boolean;
}

// A blank line under a heading would read as if the field had been left off the document by mistake.
export const value = (text: string): Entry => ({ text: text || 'Not stated', maxLines: MAX_LINES.value, constant: false });
export const wording = (text: string): Entry => ({ text, maxLines: MAX_LINES.fixed, constant: true });

/** A heading and its lines; on a document of several pages the heading never stays alone at a page's foot. */
export function section(cur: Cursor, heading: string, entries: readonly Entry[], style: LinesStyle = {}): void {
  const size = style.size ?? SIZE.body;
  const first = entries[0];
  if (cur.turnPage && first) {
    setFont(cur.doc, size);
    const firstLines = wrapOnce(cur.doc, first.text, CONTENT_WIDTH - VALUE_INDENT, first.maxLines, { ...first, size }).length;
    keepRoom(cur, lineHeight(SIZE.heading) + 2 + firstLines * lineHeight(size));
  }
  block(cur, heading, { size: SIZE.heading, bold: true, maxLines: 1, gapAfter: 2, constant: true });
  entryLines(cur, entries, style);
}

/** Lines under a heading: body size with an 11-point gap before the next heading unless told. */
export interface LinesStyle {
  size?: number;
  gap?: number;
}

/** Lines indented as under a heading, the last one followed by the gap before the next heading. */
export function entryLines(cur: Cursor, entries: readonly Entry[], { size = SIZE.body, gap = 11 }: LinesStyle = {}): void {
  entries.forEach((entry, i) => {
    const gapAfter = i === entries.length - 1 ? gap : 1;
    block(cur, entry.text, { ...entry, size, indent: VALUE_INDENT, gapAfter });
  });
}

/** The label column of a fact row (a question as the wizard asked it). */
const FACT_LABEL_WIDTH = 210;

/** A fact as two columns, its label (bold) beside its value, each wrapped in its own column. */
export function factRow(cur: Cursor, label: string, text: string): void {
  const { doc } = cur;
  const lh = lineHeight(SIZE.body);
  const valueWidth = CONTENT_WIDTH - VALUE_INDENT - FACT_LABEL_WIDTH;
  setFont(doc, SIZE.body, true);
  const labelLines = wrap(doc, label, FACT_LABEL_WIDTH - 8, 2);
  setFont(doc, SIZE.body);
  const valueLines = wrap(doc, text || 'Not stated', valueWidth, MAX_LINES.value);
  const rows = Math.max(labelLines.length, valueLines.length);
  keepRoom(cur, rows * lh);
  if (cur.y + rows * lh > cur.limit) return;
  const baseline = cur.y + SIZE.body * 0.8;
  setFont(doc, SIZE.body, true);
  doc.text(labelLines, MARGIN + VALUE_INDENT, baseline);
  setFont(doc, SIZE.body);
  doc.text(valueLines, MARGIN + VALUE_INDENT + FACT_LABEL_WIDTH, baseline);
  cur.y += rows * lh + 2;
}

/** The broker, its regulator and its phone: the first lines of every document's footer. */
export function brandFooterEntries(): Entry[] {
  return [
    `Arranged by ${brand.legalName}, ${brandAddressOneLine()}`,
    brand.regulatorStatement,
    `Customer support: ${brand.phones.support}`,
  ].map((line) => ({ text: toWinAnsi(line), maxLines: MAX_LINES.foot, constant: true }));
}

/** Draws the footer from the bottom margin up and returns its top edge, which limits the body. */
export function drawFooter(doc: jsPDF, entries: readonly Entry[]): number {
  setFont(doc, SIZE.foot);
  const wrapped = entries.flatMap((e) => wrapOnce(doc, e.text, CONTENT_WIDTH, e.maxLines, { ...e, size: SIZE.foot }));
  const lh = lineHeight(SIZE.foot);
  const top = PAGE_HEIGHT - MARGIN - wrapped.length * lh;
  doc.setLineWidth(0.5);
  doc.line(MARGIN, top - 8, PAGE_WIDTH - MARGIN, top - 8);
  doc.text(wrapped, MARGIN, top + SIZE.foot * 0.8);
  return top - 16;
}

/** A boxed line across the page (NOT VALID, VOID) with its explanation: no colour or fill, so it photocopies. */
export function drawBanner(cur: Cursor, headline: string, explanation: string): void {
  const { doc } = cur;
  const text = toWinAnsi(headline);
  const pad = 8;
  let size = 16;
  setFont(doc, size, true);
  while (size > 10 && doc.getTextWidth(text) > CONTENT_WIDTH - 2 * pad) setFont(doc, --size, true);
  const height = pad + lineHeight(size) + lineHeight(SIZE.link) + pad;
  doc.setLineWidth(2.5);
  doc.rect(MARGIN, cur.y, CONTENT_WIDTH, height, 'S');
  doc.text(text, PAGE_WIDTH / 2, cur.y + pad + size * 0.8, { align: 'center' });
  setFont(doc, SIZE.link);
  doc.text(explanation, PAGE_WIDTH / 2, cur.y + pad + lineHeight(size) + SIZE.link * 0.8, { align: 'center' });
  cur.y += height + 16;
}

// Drops jsPDF's Arabic-shaping and bidi plugins from this document only: identity on WinAnsi text, and ~40% of a
// render's allocation (docs/performance.md#the-certificate-pdf). If jsPDF's internals change, nothing matches.
export function skipRtlTextPlugins(doc: jsPDF): void {
  const events = doc.internal.events;
  const topics = events.getTopics();
  for (const topic of ['preProcessText', 'postProcessText']) {
    for (const [token, [handler]] of Object.entries(topics[topic] ?? {})) {
      const isArabicShaper = handler === doc.processArabic;
      const isBidiReorder = Function.prototype.toString.call(handler).includes('doBidiReorder');
      if (isArabicShaper || isBidiReorder) events.unsubscribe(token);
    }
  }
}

export interface NewDocument {
  title: string;
  subject: string;
  /** When the PDF is made (epoch ms): its creation date, so the same data gives the same bytes. */
  issuedAt: number;
  /** Stable per document and issuance (an md5 hex), so re-rendering gives identical bytes (useful for ETags). */
  fileId: string;
}

/** An empty A4 document set up as every policy document is. */
export function newDocument(opts: NewDocument): jsPDF {
  // compress: customer text never appears raw in the file, where a holder named "/JavaScript" or "endstream" would
  // trip mail and antivirus keyword heuristics. putOnlyUsedFonts: otherwise all 14 standard fonts are written.
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true, putOnlyUsedFonts: true });
  skipRtlTextPlugins(doc);
  doc.setProperties({ title: opts.title, subject: opts.subject, author: brand.legalName, creator: brand.legalName });
  doc.setCreationDate(new Date(opts.issuedAt));
  doc.setFileId(opts.fileId);
  doc.setLanguage('en-GB');
  doc.setLineHeightFactor(LINE_HEIGHT_FACTOR);
  doc.setTextColor(0, 0, 0);
  doc.setDrawColor(0, 0, 0);
  return doc;
}

/** At most this many pages: every value is bounded, so only a hostile row could ask for more, and it is cut short. */
const MAX_PAGES = 6;

/**
 * A cursor for a document of several pages: each page gets the footer, and once all pages are done `finish` numbers
 * them ('Page 1 of 2') at the foot's right.
 */
export function pagedCursor(doc: jsPDF, footer: readonly Entry[]): { cur: Cursor; finish: () => void } {
  const cur: Cursor = { doc, y: MARGIN, limit: drawFooter(doc, footer) };
  let pages = 1;
  cur.turnPage = () => {
    if (pages >= MAX_PAGES) return false;
    doc.addPage();
    pages++;
    cur.limit = drawFooter(doc, footer);
    cur.y = MARGIN;
    return true;
  };
  const finish = () => {
    if (pages === 1) return;
    setFont(doc, SIZE.foot);
    for (let page = 1; page <= pages; page++) {
      doc.setPage(page);
      doc.text(`Page ${page} of ${pages}`, PAGE_WIDTH - MARGIN, MARGIN / 2, { align: 'right' });
    }
  };
  return { cur, finish };
}

/** The PDF's bytes. */
export const pdfBytes = (doc: jsPDF): Uint8Array => new Uint8Array(doc.output('arraybuffer'));

/** A document's title and the line under it (the policy number). */
export function drawTitle(cur: Cursor, title: string, subtitle: string): void {
  block(cur, title, { size: SIZE.title, bold: true, maxLines: 1, gapAfter: 4, constant: true });
  block(cur, subtitle, { size: SIZE.subtitle, maxLines: 1, gapAfter: 14 });
}

/** The footer of a document made now: the brand's lines and when it was made. */
export function issuedFooter(issuedAt: number): Entry[] {
  return [...brandFooterEntries(), { text: `Issued ${formatIssuedAt(issuedAt)}`, maxLines: 1, constant: false }];
}

/** Stable per document and issuance, so re-rendering the same data gives identical bytes. */
export function fileIdOf(...parts: ReadonlyArray<string | number | null>): string {
  return createHash('md5').update(parts.map((p) => String(p ?? '')).join('\u0000')).digest('hex');
}

/** One row of a table: each cell cut to its column on one line; `right` cells are aligned to their column's right. */
export function tableRow(cur: Cursor, cells: readonly string[], widths: readonly number[], opts: { bold?: boolean; right?: readonly number[] } = {}): void {
  const { doc } = cur;
  const lh = lineHeight(SIZE.body);
  keepRoom(cur, lh);
  if (cur.y + lh > cur.limit) return;
  setFont(doc, SIZE.body, opts.bold);
  let x = MARGIN + VALUE_INDENT;
  cells.forEach((cell, i) => {
    const width = widths[i] ?? 0;
    const [line = ''] = wrap(doc, cell, width - 6, 1);
    const right = opts.right?.includes(i) ?? false;
    doc.text(line, right ? x + width - 6 : x, cur.y + SIZE.body * 0.8, right ? { align: 'right' } : undefined);
    x += width;
  });
  cur.y += lh + 1;
}
