// The Statement of Fact (docs/product.md#policy-documents): what the customer told us in the quote request the policy
// was issued from, when and how they accepted it, and the declaration that it is true. A policy staff set up directly
// (no request) states the facts recorded on it, and says so. Pure: the service reads the rows.
import { brand } from '../../../contract/brand';
import { documentTitles } from '../../../contract/documents';
import type { AcceptanceChannel } from '../../../contract/payments';
import { productLabels, type Product } from '../../../contract/products';
import type { Answer } from '../../../contract/statement-of-fact';
import { ukInstantText } from '../../../contract/time';
import {
  cleanValue,
  drawTitle,
  factRow,
  keepRoom,
  lineHeight,
  SIZE,
  fileIdOf,
  formatUkDateTime,
  issuedFooter,
  newDocument,
  pagedCursor,
  pdfBytes,
  section,
  toWinAnsi,
  value,
  wording,
} from '../../../platform/pdf';

export const STATEMENT_TITLE = documentTitles['statement-of-fact'];

/** At most this many answers: the wizard asks about 35; an older or hostile row's extra keys are cut. */
const MAX_ANSWERS = 80;

export interface StatementRequest {
  reference: string;
  /** When the request was made (epoch ms). */
  createdAt: number;
  answers: readonly Answer[];
  acceptedAt: number | null;
  acceptedVia: AcceptanceChannel | null;
  acceptedBy: string | null;
}

export interface StatementPolicy {
  holderName: string;
  driverName: string;
  licenseNumber: string;
  registration: string | null;
  carModel: string;
  product: Product;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export interface StatementData {
  policyNumber: string;
  /** The request the policy was issued from; null for a policy staff set up directly. */
  request: StatementRequest | null;
  policy: StatementPolicy;
  issuedAt: number;
}

export const STATEMENT_HEADINGS = {
  source: 'Where these facts come from',
  answers: 'Your answers',
  facts: 'The facts recorded on your policy',
  acceptance: 'Your acceptance',
  declaration: 'Your declaration',
} as const;

export const DECLARATION =
  'You confirmed that the answers above are true and complete to the best of your knowledge and belief. Under the Consumer ' +
  'Insurance (Disclosure and Representations) Act 2012 you must take reasonable care to answer fully and accurately: check this ' +
  'statement, and tell us at once if anything in it is wrong or changes. A wrong answer may mean the insurer changes your terms, ' +
  'refuses or reduces a claim, or cancels your policy.';

export const STAFF_TAKEN =
  'This policy was taken by our staff directly, not from a quote request made online: these are the facts recorded on it when it was set up.';

/** 'Accepted online by alice on Wed 1 Jul 2026, 09:00 BST', or that no acceptance is recorded. */
export function acceptanceLine(r: StatementRequest): string {
  if (r.acceptedAt === null) return 'No acceptance recorded yet.';
  const by = r.acceptedBy ? cleanValue(r.acceptedBy, 80) : null;
  const when = ukInstantText(r.acceptedAt);
  if (r.acceptedVia === 'phone') return `Accepted by phone on ${when}${by ? `, recorded by ${by}` : ''}.`;
  return `Accepted online on ${when}${by ? ` by ${by}` : ''}.`;
}

function policyFacts(p: StatementPolicy): [string, string][] {
  return [
    ['Policyholder', cleanValue(p.holderName)],
    ['Driver', `${cleanValue(p.driverName, 120)} (licence number ${cleanValue(p.licenseNumber, 40)})`],
    ['Vehicle', cleanValue(p.carModel)],
    ['Registration', cleanValue(p.registration ?? '', 20) || 'Not stated'],
    ['Product', productLabels[p.product]],
    ['Cover', `From ${formatUkDateTime(p.startDate, p.startTime)} to ${formatUkDateTime(p.endDate, p.endTime)}`],
  ];
}

export function renderStatementPdf(d: StatementData): Uint8Array {
  const policyNumber = cleanValue(d.policyNumber, 40);
  const facts = d.request ? d.request.answers.slice(0, MAX_ANSWERS).map((a): [string, string] => [cleanValue(a.label, 80), cleanValue(a.text)]) : policyFacts(d.policy);
  const doc = newDocument({
    title: `${STATEMENT_TITLE} ${policyNumber}`,
    subject: STATEMENT_TITLE,
    issuedAt: d.issuedAt,
    fileId: fileIdOf('statement-of-fact', d.policyNumber, d.issuedAt),
  });
  const { cur, finish } = pagedCursor(doc, issuedFooter(d.issuedAt));
  drawTitle(cur, STATEMENT_TITLE, `Policy number: ${policyNumber}`);

  const h = STATEMENT_HEADINGS;
  const r = d.request;
  const source = r
    ? `Your quote request ${cleanValue(r.reference, 40)}, made ${ukInstantText(r.createdAt)}, from which this policy was issued.`
    : STAFF_TAKEN;
  section(cur, h.source, [r ? value(toWinAnsi(source)) : wording(toWinAnsi(source))]);
  keepRoom(cur, 3 * lineHeight(SIZE.body));
  section(cur, r ? h.answers : h.facts, []);
  for (const [label, text] of facts) factRow(cur, label, text);
  cur.y += 9;
  if (r) section(cur, h.acceptance, [value(toWinAnsi(acceptanceLine(r)))]);
  section(cur, h.declaration, [wording(toWinAnsi(DECLARATION)), wording(toWinAnsi(`If anything is wrong, call us on ${brand.phones.support} or e-mail ${brand.emails.policies}.`))]);
  finish();
  return pdfBytes(doc);
}
