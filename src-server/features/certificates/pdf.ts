// The UK Certificate of Motor Insurance (docs/product.md#certificates): one A4 page, every value bounded; standard
// Helvetica and vector QR squares, so a render is fast and small (docs/performance.md#the-certificate-pdf). User
// strings go through `toWinAnsi`: jsPDF otherwise switches a whole string to garbled UCS-2 bytes.

import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';
import QRCode from 'qrcode';
import { brand, brandAddressOneLine } from '../../contract/brand';
import { productLimitations, type Product } from '../../contract/products';
import { epochToUkLocal, isCalendarDate, ukInstantText } from '../../contract/time';
import { useZlibForFlate } from './pdf-flate';

// Streams compressed by node:zlib, not jsPDF's byte-by-byte string building (pdf-flate.ts says why).
useZlibForFlate(jsPDF);

export interface CertificateData {
  policyNumber: string; // e.g. "KC-7Q4M2XHP"
  registration: string | null; // vehicle registration mark, optional
  carModel: string; // vehicle description
  holderName: string;
  driverName: string;
  licenseNumber: string;
  startDate: string; // UK local date 'YYYY-MM-DD'
  startTime: string; // UK local time 'HH:MM' (24h)
  endDate: string;
  endTime: string;
  /** Sets section 6, the limitations as to use. */
  product: Product;
  /** The short link the QR code encodes, `{PUBLIC_URL}/verify/{code}`; null prints neither. */
  verifyUrl: string | null;
  /** When the cover ended (epoch ms) for a certificate kept as a record; null while cover is in force or to come. */
  endedAt: number | null;
  issuedAt: number; // epoch ms when the PDF was made
}

export const CERTIFICATE_TITLE = 'Certificate of Motor Insurance';

export const CERTIFICATE_HEADINGS = [
  '1. Registration mark or description of vehicle',
  '2. Name of policyholder',
  '3. Effective date and time of commencement of insurance',
  '4. Date and time of expiry of insurance',
  '5. Persons or classes of persons entitled to drive',
  '6. Limitations as to use',
] as const;

export const DRIVING_CONDITION =
  'Provided that the person driving holds a licence to drive the vehicle and is not disqualified from ' +
  'holding or obtaining such a licence.';

export const NOT_VALID_EXPLANATION =
  'This certificate is kept as a record of cover that has ended. It is not evidence of insurance.';

export const VERIFY_PROMPT = 'To check whether this cover is in force now, scan the code or visit:';

export const CERTIFICATION_STATEMENT =
  'I hereby certify that the policy to which this certificate relates satisfies the requirements of the ' +
  'relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, ' +
  'the Island of Jersey and the Island of Alderney.';

/** The 27 characters WinAnsi places in 0x80-0x9F; jsPDF maps these Unicode code points to those bytes. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const ELLIPSIS = '…';

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
const MAX_VALUE_CHARS = 200;
/** The driver's name shares its line budget with the licence number, so it gets less room. */
const MAX_DRIVER_NAME_CHARS = 120;

function clipChars(text: string, max: number): string {
  // Slice first so normalisation and iteration never see more than a bounded prefix.
  const prefix = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const chars = Array.from(prefix.normalize('NFC'));
  return chars.length > max ? chars.slice(0, max - 1).join('') + ELLIPSIS : chars.join('');
}

/** A user-supplied value, ready to draw: bounded, WinAnsi-safe, on one logical line. */
function cleanValue(text: string, max = MAX_VALUE_CHARS): string {
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

/** issuedAt is an instant, unlike the cover times, so here the UK zone (GMT/BST) does matter. */
export function formatIssuedAt(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid issuedAt: ${epochMs}`);
  const { date, time } = epochToUkLocal(epochMs);
  return formatUkDateTime(date, time);
}

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const VALUE_INDENT = 12;
const LINE_HEIGHT_FACTOR = 1.3;

const SIZE = { title: 18, subtitle: 11, heading: 10.5, body: 10.5, link: 9, foot: 8 } as const;
/** Line caps chosen so that the worst case (every value at its cap) still ends above the footer. */
const MAX_LINES = { value: 3, fixed: 6, foot: 3 } as const;

/** The QR code's side, near enough (its modules are whole quarter points): about 30 mm, easy for a phone. */
const QR_TARGET_SIZE = 84;
/** Between the header's text and the code: more than the 4-module quiet zone a reader needs. */
const QR_GAP = 16;

interface Cursor {
  doc: jsPDF;
  /** Top of the next block, in points from the top of the page. */
  y: number;
  /** Nothing in the body may be drawn below this line (the footer starts under it). */
  limit: number;
}

interface BlockStyle {
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

function setFont(doc: jsPDF, size: number, bold = false): void {
  doc.setFont('helvetica', bold ? 'bold' : 'normal');
  doc.setFontSize(size);
}

const lineHeight = (size: number): number => size * LINE_HEIGHT_FACTOR;

/** Wraps to the width and keeps at most maxLines, ending the last kept line with an ellipsis. */
function wrap(doc: jsPDF, text: string, width: number, maxLines: number): string[] {
  const lines = (doc.splitTextToSize(text, width) as string[]).map((l) => l.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(maxLines, 0));
  let cut = kept.pop();
  if (cut === undefined) return kept;
  while (cut.length > 0 && doc.getTextWidth(cut + ELLIPSIS) > width) cut = cut.slice(0, -1);
  kept.push(cut.trimEnd() + ELLIPSIS);
  return kept;
}

// Only fixed wording (`constant`) is cached, so the map is bounded by the wording in this file.
const wrapCache = new Map<string, string[]>();

function wrapOnce(doc: jsPDF, text: string, width: number, maxLines: number, style: BlockStyle): string[] {
  if (!style.constant) return wrap(doc, text, width, maxLines);
  const key = `${style.size}|${style.bold ? 'b' : 'n'}|${width}|${maxLines}|${text}`;
  let lines = wrapCache.get(key);
  if (!lines) wrapCache.set(key, (lines = wrap(doc, text, width, maxLines)));
  return lines;
}

/** Draws a wrapped block and advances the cursor; cut short rather than overprint the footer. */
function block(cur: Cursor, text: string, style: BlockStyle): void {
  const { doc } = cur;
  const indent = style.indent ?? 0;
  const lh = lineHeight(style.size);
  const room = Math.floor((cur.limit - cur.y) / lh);
  if (room <= 0 || text === '') return;
  setFont(doc, style.size, style.bold);
  const lines = wrapOnce(doc, text, (style.width ?? CONTENT_WIDTH) - indent, Math.min(style.maxLines, room), style);
  // jsPDF positions text by baseline; ~0.8 of the size puts the cap height at the block's top edge.
  // A copy, so nothing jsPDF does to its argument can reach the cached array.
  doc.text(lines.slice(), MARGIN + indent, cur.y + style.size * 0.8);
  cur.y += lines.length * lh + (style.gapAfter ?? 0);
}

/** A line under a heading: fixed wording may use more lines than a user-supplied value, and is cached. */
interface Entry {
  text: string;
  maxLines: number;
  constant: boolean;
}

// A blank line under a heading would read as if the field had been left off the certificate by mistake.
const value = (text: string): Entry => ({ text: text || 'Not stated', maxLines: MAX_LINES.value, constant: false });
const wording = (text: string): Entry => ({ text, maxLines: MAX_LINES.fixed, constant: true });

function section(cur: Cursor, heading: string, entries: readonly Entry[]): void {
  block(cur, heading, { size: SIZE.heading, bold: true, maxLines: 1, gapAfter: 2, constant: true });
  entries.forEach((entry, i) => {
    const gapAfter = i === entries.length - 1 ? 11 : 1;
    block(cur, entry.text, { ...entry, size: SIZE.body, indent: VALUE_INDENT, gapAfter });
  });
}

/** When the PDF was made; a record of ended cover says so, so today's date never reads as current cover. */
function issuedLine(issuedAt: number, endedAt: number | null): string {
  if (endedAt === null) return `Issued ${formatIssuedAt(issuedAt)}`;
  return `Printed ${ukInstantText(issuedAt)} as a record of cover that ended ${ukInstantText(endedAt)}; not valid as evidence of insurance.`;
}

function footerEntries(data: CertificateData): Entry[] {
  const fixed = [
    `Arranged by ${brand.legalName}, ${brandAddressOneLine()}`,
    brand.regulatorStatement,
    `Customer support: ${brand.phones.support}`,
  ].map((line) => ({ text: toWinAnsi(line), maxLines: MAX_LINES.foot, constant: true }));
  return [...fixed, { text: toWinAnsi(issuedLine(data.issuedAt, data.endedAt)), maxLines: 2, constant: false }];
}

/** Draws the footer from the bottom margin up and returns its top edge, which limits the body. */
function drawFooter(doc: jsPDF, entries: readonly Entry[]): number {
  setFont(doc, SIZE.foot);
  const wrapped = entries.flatMap((e) => wrapOnce(doc, e.text, CONTENT_WIDTH, e.maxLines, { ...e, size: SIZE.foot }));
  const lh = lineHeight(SIZE.foot);
  const top = PAGE_HEIGHT - MARGIN - wrapped.length * lh;
  doc.setLineWidth(0.5);
  doc.line(MARGIN, top - 8, PAGE_WIDTH - MARGIN, top - 8);
  doc.text(wrapped, MARGIN, top + SIZE.foot * 0.8);
  return top - 16;
}

/** The boxed NOT VALID line of an ended policy's certificate: no colour or fill, so it photocopies. */
function drawNotValidBanner(cur: Cursor, endedAt: number): void {
  const { doc } = cur;
  const text = toWinAnsi(`NOT VALID - cover ended ${ukInstantText(endedAt)}`);
  const pad = 8;
  let size = 16;
  setFont(doc, size, true);
  while (size > 10 && doc.getTextWidth(text) > CONTENT_WIDTH - 2 * pad) setFont(doc, --size, true);
  const height = pad + lineHeight(size) + lineHeight(SIZE.link) + pad;
  doc.setLineWidth(2.5);
  doc.rect(MARGIN, cur.y, CONTENT_WIDTH, height, 'S');
  doc.text(text, PAGE_WIDTH / 2, cur.y + pad + size * 0.8, { align: 'center' });
  setFont(doc, SIZE.link);
  doc.text(NOT_VALID_EXPLANATION, PAGE_WIDTH / 2, cur.y + pad + lineHeight(size) + SIZE.link * 0.8, { align: 'center' });
  cur.y += height + 16;
}

const utf8 = new TextEncoder();

/** The QR code's dark modules as PDF rectangles in module units, one per horizontal run, joined once. */
function qrRuns(size: number, dark: Uint8Array): string {
  const runs: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!dark[row * size + col]) continue;
      const start = col;
      while (col + 1 < size && dark[row * size + col + 1]) col++;
      runs.push(`${start} ${row} ${col + 1 - start} 1 re\n`);
    }
  }
  return runs.join('');
}

// The QR code of `url` as black squares, top-right corner at (right, top); answers the side in points. One path in
// whole module units under one scaling, so runs meet without seams; falls back to rect() if jsPDF hides its writer.
function drawQrCode(doc: jsPDF, url: string, right: number, top: number): number {
  // One byte-mode segment: qrcode's search for the best mode mix allocates heavily and sets the p95.
  const { size, data } = QRCode.create([{ data: utf8.encode(url), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
  // A whole number of quarter points per module keeps every edge exact in the file.
  const module = Math.max(0.25, Math.floor((QR_TARGET_SIZE / size) * 4) / 4);
  const side = size * module;
  const left = right - side;
  doc.setFillColor(0, 0, 0);
  const write = (doc.internal as unknown as { write?: (content: string) => void }).write;
  if (typeof write === 'function') {
    // PDF space runs bottom-up: the scaling flips y so that row 0 is the top row.
    write(`q ${module} 0 0 ${-module} ${left.toFixed(2)} ${(PAGE_HEIGHT - top).toFixed(2)} cm\n${qrRuns(size, data)}f Q`);
    return side;
  }
  for (const run of qrRuns(size, data).split('\n').filter(Boolean)) {
    const [col, row, width] = run.split(' ').map(Number) as [number, number, number];
    doc.rect(left + col * module, top + row * module, width * module, module, null);
  }
  doc.fill();
  return side;
}

/** Title and certificate number on the left; the QR code at the right with its short link under the title. */
function drawHeader(cur: Cursor, policyNumber: string, verifyUrl: string | null): void {
  const top = cur.y;
  const link = verifyUrl === null ? '' : cleanValue(verifyUrl);
  const qrSide = link === '' ? 0 : drawQrCode(cur.doc, link, PAGE_WIDTH - MARGIN, top);
  const width = CONTENT_WIDTH - (qrSide > 0 ? qrSide + QR_GAP : 0);
  block(cur, CERTIFICATE_TITLE, { size: SIZE.title, bold: true, maxLines: 1, gapAfter: 4, constant: true, width });
  block(cur, `Certificate number: ${policyNumber}`, { size: SIZE.subtitle, maxLines: 1, gapAfter: 10, width });
  if (link !== '') {
    block(cur, VERIFY_PROMPT, { size: SIZE.link, maxLines: 2, gapAfter: 1, constant: true, width });
    block(cur, link, { size: SIZE.link, bold: true, maxLines: 2, width });
  }
  cur.y = Math.max(cur.y, top + qrSide) + 16;
}

/** A registration mark is a few characters (the API takes 10 at most): one line, whatever arrives. */
const MAX_REGISTRATION_CHARS = 20;

function vehicleEntries(data: CertificateData): Entry[] {
  const registration = cleanValue(data.registration ?? '', MAX_REGISTRATION_CHARS);
  const entries = registration === '' ? [] : [{ ...value(registration), maxLines: 1 }];
  const vehicle = cleanValue(data.carModel);
  return entries.length > 0 && vehicle === '' ? entries : [...entries, value(vehicle)];
}

/** The certification statement and the insurer's name, as they close the body. */
const CLOSING: ReadonlyArray<readonly [string, BlockStyle]> = [
  [CERTIFICATION_STATEMENT, { size: SIZE.body, maxLines: MAX_LINES.fixed, gapAfter: 6, constant: true }],
  [toWinAnsi(`Authorised insurer: ${brand.insurerName}`), { size: SIZE.body, bold: true, maxLines: 2, constant: true }],
];

function closingHeight(doc: jsPDF): number {
  let height = 0;
  for (const [text, style] of CLOSING) {
    setFont(doc, style.size, style.bold);
    height += wrapOnce(doc, text, CONTENT_WIDTH, style.maxLines, style).length * lineHeight(style.size) + (style.gapAfter ?? 0);
  }
  return height;
}

// Drops jsPDF's Arabic-shaping and bidi plugins from this document only: identity on WinAnsi text, and ~40% of a
// render's allocation (docs/performance.md#the-certificate-pdf). If jsPDF's internals change, nothing matches.
function skipRtlTextPlugins(doc: jsPDF): void {
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

/** Stable per issuance, so re-rendering the same certificate gives identical bytes (useful for ETags). */
function fileIdFor(data: CertificateData): string {
  return createHash('md5').update(`${data.policyNumber}\u0000${data.issuedAt}\u0000${data.endedAt ?? ''}`).digest('hex');
}

export function renderCertificatePdf(data: CertificateData): Uint8Array {
  // Validate and format the dates before drawing anything, so bad data fails fast and loudly.
  const commencement = formatUkDateTime(data.startDate, data.startTime);
  const expiry = formatUkDateTime(data.endDate, data.endTime);
  const policyNumber = cleanValue(data.policyNumber, 40);
  const limitations = productLimitations[data.product] as readonly string[] | undefined;
  if (!limitations) throw new RangeError(`Unknown product: ${JSON.stringify(data.product)}`);
  if (data.endedAt !== null && !Number.isFinite(data.endedAt)) throw new RangeError(`Invalid endedAt: ${data.endedAt}`);

  // compress: customer text never appears raw in the file, where a holder named "/JavaScript" or "endstream" would
  // trip mail and antivirus keyword heuristics. putOnlyUsedFonts: otherwise all 14 standard fonts are written.
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true, putOnlyUsedFonts: true });
  skipRtlTextPlugins(doc);
  doc.setProperties({
    title: `Certificate ${policyNumber}${data.endedAt === null ? '' : ' - NOT VALID'}`,
    subject: CERTIFICATE_TITLE,
    author: brand.legalName,
    creator: brand.legalName,
  });
  doc.setCreationDate(new Date(data.issuedAt));
  doc.setFileId(fileIdFor(data));
  doc.setLanguage('en-GB');
  doc.setLineHeightFactor(LINE_HEIGHT_FACTOR);
  doc.setTextColor(0, 0, 0);
  doc.setDrawColor(0, 0, 0);

  const limit = drawFooter(doc, footerEntries(data));
  const cur: Cursor = { doc, y: MARGIN, limit };

  if (data.endedAt !== null) drawNotValidBanner(cur, data.endedAt);
  drawHeader(cur, policyNumber, data.verifyUrl);

  // Room for the closing is kept back, so over-long values are cut short and it always prints in full.
  const closing = closingHeight(doc);
  cur.limit -= closing;
  const [h1, h2, h3, h4, h5, h6] = CERTIFICATE_HEADINGS;
  section(cur, h1, vehicleEntries(data));
  section(cur, h2, [value(cleanValue(data.holderName))]);
  section(cur, h3, [value(commencement)]);
  section(cur, h4, [value(expiry)]);
  const driver = `${cleanValue(data.driverName, MAX_DRIVER_NAME_CHARS)} (licence number ${cleanValue(data.licenseNumber, 40)})`;
  section(cur, h5, [value(driver), wording(DRIVING_CONDITION)]);
  section(cur, h6, limitations.map((line) => wording(toWinAnsi(line))));
  cur.limit += closing;

  for (const [text, style] of CLOSING) block(cur, text, style);

  return new Uint8Array(doc.output('arraybuffer'));
}
