// The UK Certificate of Motor Insurance (docs/product.md#certificates): one A4 page, every value bounded; standard
// Helvetica and vector QR squares, so a render is fast and small (docs/performance.md#the-certificate-pdf). What the
// policy documents share (safe text, blocks, the footer) is in platform/pdf/kit.ts.

import { createHash } from 'node:crypto';
import type { jsPDF } from 'jspdf';
import QRCode from 'qrcode';
import { brand } from '../../../contract/brand';
import { documentTitles } from '../../../contract/documents';
import { SUPERVISED_BY, useLimitations, type Product, type Supervisor, type VehicleUse } from '../../../contract/products';
import { ukInstantText } from '../../../contract/time';
import {
  CONTENT_WIDTH,
  MARGIN,
  MAX_LINES,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  SIZE,
  block,
  brandFooterEntries,
  cleanValue,
  drawBanner,
  drawFooter,
  formatIssuedAt,
  formatUkDateTime,
  lineHeight,
  newDocument,
  pdfBytes,
  section,
  setFont,
  toWinAnsi,
  value,
  wording,
  wrapOnce,
  type BlockStyle,
  type Cursor,
  type Entry,
} from '../../../platform/pdf';

export { formatIssuedAt, formatUkDateTime, toWinAnsi };

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
  /** With `use`, sets section 6, the limitations as to use (contract/products.ts useLimitations). */
  product: Product;
  /** The use the request asked for; null: the product's own (a policy staff made). */
  use: VehicleUse | null;
  /** A learner's supervising driver, named in section 5 as a condition of use; null where none is recorded. */
  supervisor: Supervisor | null;
  /** The short link the QR code encodes, `{PUBLIC_URL}/verify/{code}`; null prints neither. */
  verifyUrl: string | null;
  /** When the cover ended (epoch ms) for a certificate kept as a record; null while cover is in force or to come. */
  endedAt: number | null;
  issuedAt: number; // epoch ms when the PDF was made
}

export const CERTIFICATE_TITLE = documentTitles.certificate;

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

/** The driver's name shares its line budget with the licence number, so it gets less room. */
const MAX_DRIVER_NAME_CHARS = 120;

/** The QR code's side, near enough (its modules are whole quarter points): about 30 mm, easy for a phone. */
const QR_TARGET_SIZE = 84;
/** Between the header's text and the code: more than the 4-module quiet zone a reader needs. */
const QR_GAP = 16;

/** When the PDF was made; a record of ended cover says so, so today's date never reads as current cover. */
function issuedLine(issuedAt: number, endedAt: number | null): string {
  if (endedAt === null) return `Issued ${formatIssuedAt(issuedAt)}`;
  return `Printed ${ukInstantText(issuedAt)} as a record of cover that ended ${ukInstantText(endedAt)}; not valid as evidence of insurance.`;
}

function footerEntries(data: CertificateData): Entry[] {
  return [...brandFooterEntries(), { text: toWinAnsi(issuedLine(data.issuedAt, data.endedAt)), maxLines: 2, constant: false }];
}

/** The boxed NOT VALID line of an ended policy's certificate. */
function drawNotValidBanner(cur: Cursor, endedAt: number): void {
  drawBanner(cur, `NOT VALID - cover ended ${ukInstantText(endedAt)}`, NOT_VALID_EXPLANATION);
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

/** A learner's supervisor by name, as a condition of use (docs/product.md#certificates); nothing for other products. */
function supervisionEntries(data: CertificateData): Entry[] {
  if (data.product !== 'learner' || data.supervisor === null) return [];
  return [value(`${SUPERVISED_BY} ${cleanValue(data.supervisor.name, MAX_DRIVER_NAME_CHARS)}`)];
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
  const limitations = useLimitations(data.product, data.use);
  if (data.endedAt !== null && !Number.isFinite(data.endedAt)) throw new RangeError(`Invalid endedAt: ${data.endedAt}`);

  const doc = newDocument({
    title: `Certificate ${policyNumber}${data.endedAt === null ? '' : ' - NOT VALID'}`,
    subject: CERTIFICATE_TITLE,
    issuedAt: data.issuedAt,
    fileId: fileIdFor(data),
  });

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
  section(cur, h5, [value(driver), ...supervisionEntries(data), wording(DRIVING_CONDITION)]);
  section(cur, h6, limitations.map((line) => wording(toWinAnsi(line))));
  cur.limit += closing;

  for (const [text, style] of CLOSING) block(cur, text, style);

  return pdfBytes(doc);
}
