// The product summary (docs/product.md#policy-documents): one page for the policy's product, the IPID's questions
// answered from contract/product-summary.ts. Fixed wording only, so its wrapping is measured once per process.
import { brand } from '../../../contract/brand';
import { SUMMARY_INTRO, productSummaries } from '../../../contract/product-summary';
import type { Product } from '../../../contract/products';
import {
  SIZE,
  block,
  cleanValue,
  drawFooter,
  fileIdOf,
  issuedFooter,
  MARGIN,
  newDocument,
  pdfBytes,
  section,
  toWinAnsi,
  wording,
  type Cursor,
} from '../../../platform/pdf';

export const SUMMARY_TITLE = 'Insurance Product Information Document';

export interface SummaryData {
  policyNumber: string;
  product: Product;
  issuedAt: number;
}

/** Fixed lines under a heading wrap to at most this many: the longest answer takes three. */
const SUMMARY_LINES = 4;

export function renderSummaryPdf(d: SummaryData): Uint8Array {
  const summary = productSummaries[d.product] as (typeof productSummaries)[Product] | undefined;
  if (!summary) throw new RangeError(`Unknown product: ${JSON.stringify(d.product)}`);
  const policyNumber = cleanValue(d.policyNumber, 40);
  const doc = newDocument({
    title: `${summary.title}: product summary`,
    subject: SUMMARY_TITLE,
    issuedAt: d.issuedAt,
    fileId: fileIdOf('summary', d.policyNumber, d.product, d.issuedAt),
  });
  // One page, as an IPID is: its wording is ours and fixed, so it is written to fit.
  const cur: Cursor = { doc, y: MARGIN, limit: drawFooter(doc, issuedFooter(d.issuedAt)) };
  block(cur, `${summary.title}: product summary`, { size: SIZE.title, bold: true, maxLines: 1, gapAfter: 4, constant: true });
  block(cur, toWinAnsi(`${SUMMARY_TITLE}. Insurer: ${brand.insurerName}. Arranged by ${brand.legalName}.`), { size: SIZE.link, maxLines: 2, gapAfter: 2, constant: true });
  block(cur, `For policy ${policyNumber}`, { size: SIZE.link, maxLines: 1, gapAfter: 6 });
  block(cur, toWinAnsi(SUMMARY_INTRO), { size: SIZE.link, maxLines: 3, gapAfter: 10, constant: true });
  for (const s of summary.sections) {
    section(cur, s.heading, s.lines.map((line) => ({ ...wording(toWinAnsi(`• ${line}`)), maxLines: SUMMARY_LINES })), { size: SIZE.link, gap: 6 });
  }
  return pdfBytes(doc);
}
