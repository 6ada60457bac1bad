// The Policy Schedule (docs/product.md#policy-documents): who and what is insured, for how long and for what use,
// the premium with the Insurance Premium Tax inside it, the payments recorded and the balance, and where the
// policy stands (in force, not yet confirmed, cancelled, void). Pure: the service reads the rows.
import { brand } from '../../../contract/brand';
import { coverStateAt } from '../../../contract/cover';
import { documentTitles } from '../../../contract/documents';
import { paymentMethodLabels, type PaymentMethod } from '../../../contract/payments';
import { IPT_RATE_TEXT, premiumParts } from '../../../contract/premium';
import { productLabels, SUPERVISED_BY, useLimitations, type Product, type Supervisor, type VehicleUse } from '../../../contract/products';
import type { PolicyStatus } from '../../../contract/schemas';
import { ukInstantText } from '../../../contract/time';
import {
  CONTENT_WIDTH,
  VALUE_INDENT,
  cleanValue,
  drawBanner,
  drawTitle,
  entryLines,
  fileIdOf,
  formatUkDateTime,
  issuedFooter,
  newDocument,
  pagedCursor,
  pdfBytes,
  section,
  tableRow,
  toWinAnsi,
  value,
  wording,
  type Cursor,
} from '../../../platform/pdf';

export const SCHEDULE_TITLE = documentTitles.schedule;

export interface SchedulePayment {
  at: number;
  method: PaymentMethod;
  reference: string | null;
  /** Negative for a refund. */
  amountPence: number;
}

export interface ScheduleData {
  policyNumber: string;
  status: PolicyStatus;
  product: Product;
  /** The use the request asked for; null: the product's own (a policy staff made). */
  use: VehicleUse | null;
  /** A learner's supervising driver, named as a condition of use; null where none is recorded. */
  supervisor: Supervisor | null;
  holderName: string;
  driverName: string;
  licenseNumber: string;
  registration: string | null;
  carModel: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  startAt: number;
  endAt: number;
  /** When cover ended early or at its end (staff's cancel or expire), null while not ended. */
  endedAt: number | null;
  /** A cancellation set for later, and the reason of a cancellation or voiding. */
  cancelsAt: number | null;
  cancelReason: string | null;
  /** Null where no premium was recorded. */
  premiumPence: number | null;
  payments: readonly SchedulePayment[];
  issuedAt: number;
}

export const SCHEDULE_HEADINGS = {
  status: 'Status',
  holder: 'Policyholder',
  vehicle: 'Vehicle and registration',
  drivers: 'Persons entitled to drive',
  product: 'Product',
  period: 'Period of cover',
  use: 'Limitations as to use',
  premium: 'Premium',
  payments: 'Payments',
  insurer: 'Insurer',
} as const;

export const PENDING_TEXT = 'Not in force until confirmed';
export const VOID_TEXT = 'VOID - this policy was never in force';

/** '£12.50', '-£12.50': a refund's sign before the pound sign. */
export function signedPounds(pence: number): string {
  const abs = Math.abs(pence) / 100;
  const text = `£${abs.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return pence < 0 ? `-${text}` : text;
}

/** Where the policy stands, in words: a banner for what must not be mistaken for cover, then the status lines. */
export function scheduleStatus(d: ScheduleData): { banner: { headline: string; explanation: string } | null; lines: string[] } {
  const reason = d.cancelReason ? [`Reason: ${cleanValue(d.cancelReason)}`] : [];
  const ended = d.endedAt ?? d.endAt;
  switch (d.status) {
    case 'pending':
      return {
        banner: { headline: PENDING_TEXT, explanation: 'Cover starts only once your quote is accepted and paid for and we confirm it.' },
        lines: [`${PENDING_TEXT}: awaiting confirmation.`],
      };
    case 'void':
      return { banner: { headline: VOID_TEXT, explanation: 'It was set up in error and never gave cover.' }, lines: ['Void: never in force.', ...reason] };
    case 'cancelled':
      return {
        banner: { headline: `CANCELLED - cover ended ${ukInstantText(ended)}`, explanation: 'This schedule is kept as a record. It is not evidence of insurance.' },
        lines: [`Cancelled from ${ukInstantText(ended)}.`, ...reason],
      };
    case 'expired':
      return { banner: null, lines: [`Ended ${ukInstantText(ended)}.`] };
    case 'active': {
      const state = coverStateAt(d.status, d.startAt, d.endAt, d.issuedAt);
      const later = d.cancelsAt === null ? [] : [`Cancellation set: cover ends ${ukInstantText(d.cancelsAt)}.`, ...reason];
      if (state === 'ended') return { banner: null, lines: [`Ended ${ukInstantText(d.endAt)}.`] };
      if (state === 'upcoming') return { banner: null, lines: [`Confirmed: cover starts ${formatUkDateTime(d.startDate, d.startTime)}.`, ...later] };
      return { banner: null, lines: ['In force.', ...later] };
    }
  }
}

/** The premium's lines: before tax, the tax, the total; or that none was recorded. */
export function premiumLines(premiumPence: number | null): string[] {
  if (premiumPence === null) return ['No premium recorded.'];
  const { netPence, iptPence, totalPence } = premiumParts(premiumPence);
  return [
    `Premium excluding Insurance Premium Tax: ${signedPounds(netPence)}`,
    `Insurance Premium Tax at ${IPT_RATE_TEXT}: ${signedPounds(iptPence)}`,
    `Total premium (including Insurance Premium Tax): ${signedPounds(totalPence)}`,
  ];
}

/** What was paid, net of refunds, and what the premium leaves: to pay while cover stands or waits, else as a record. */
export function balanceLines(status: PolicyStatus, premiumPence: number | null, payments: readonly SchedulePayment[]): string[] {
  const paid = payments.reduce((sum, p) => sum + p.amountPence, 0);
  const lines = [`Total paid (after any refunds): ${signedPounds(paid)}`];
  if (premiumPence === null) return lines;
  const balance = premiumPence - paid;
  // A cancelled, void or ended policy's difference is settled by its refund, not owed: shown, never asked for.
  const owing = status === 'active' || status === 'pending';
  if (balance === 0) lines.push('Balance: £0.00 (paid in full)');
  else if (balance < 0) lines.push(`Balance: ${signedPounds(-balance)} paid beyond the premium`);
  else lines.push(owing ? `Balance to pay: ${signedPounds(balance)}` : `Premium less payments: ${signedPounds(balance)}`);
  return lines;
}

const TABLE_WIDTHS = [150, 95, 125, CONTENT_WIDTH - VALUE_INDENT - 370] as const;

function paymentsTable(cur: Cursor, payments: readonly SchedulePayment[]): void {
  tableRow(cur, ['Date', 'Method', 'Reference', 'Amount'], TABLE_WIDTHS, { bold: true, right: [3] });
  for (const p of payments) {
    const cells = [ukInstantText(p.at), paymentMethodLabels[p.method] ?? toWinAnsi(String(p.method)), cleanValue(p.reference ?? '', 60) || '–', signedPounds(p.amountPence)];
    tableRow(cur, cells, TABLE_WIDTHS, { right: [3] });
  }
  cur.y += 6;
}

/** A learner's supervisor as a condition of use, with their age and years of full licence where recorded. */
export function supervisionLines(d: Pick<ScheduleData, 'product' | 'supervisor'>): string[] {
  if (d.product !== 'learner' || d.supervisor === null) return [];
  const { name, age, licenceYears } = d.supervisor;
  const facts = [age === null ? null : `aged ${age}`, licenceYears === null ? null : `full licence held for ${licenceYears} ${licenceYears === 1 ? 'year' : 'years'}`].filter(Boolean);
  return [`${SUPERVISED_BY} ${cleanValue(name, 120)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`];
}

function vehicleLine(d: ScheduleData): string {
  const registration = cleanValue(d.registration ?? '', 20);
  const vehicle = cleanValue(d.carModel);
  return [vehicle, registration && `registration ${registration}`].filter(Boolean).join(', ');
}

export function renderSchedulePdf(d: ScheduleData): Uint8Array {
  const commencement = formatUkDateTime(d.startDate, d.startTime);
  const expiry = formatUkDateTime(d.endDate, d.endTime);
  const limitations = useLimitations(d.product, d.use);
  const policyNumber = cleanValue(d.policyNumber, 40);
  const status = scheduleStatus(d);

  const doc = newDocument({
    title: `${SCHEDULE_TITLE} ${policyNumber}${d.status === 'void' ? ' - VOID' : ''}`,
    subject: SCHEDULE_TITLE,
    issuedAt: d.issuedAt,
    fileId: fileIdOf('schedule', d.policyNumber, d.issuedAt),
  });
  const { cur, finish } = pagedCursor(doc, issuedFooter(d.issuedAt));
  if (status.banner) drawBanner(cur, status.banner.headline, status.banner.explanation);
  drawTitle(cur, SCHEDULE_TITLE, `Policy number: ${policyNumber}`);

  const h = SCHEDULE_HEADINGS;
  section(cur, h.status, status.lines.map((line) => value(toWinAnsi(line))));
  section(cur, h.holder, [value(cleanValue(d.holderName))]);
  section(cur, h.vehicle, [value(vehicleLine(d))]);
  section(cur, h.drivers, [value(`${cleanValue(d.driverName, 120)} (licence number ${cleanValue(d.licenseNumber, 40)})`), ...supervisionLines(d).map(value)]);
  section(cur, h.product, [value(productLabels[d.product])]);
  section(cur, h.period, [value(`From ${commencement}`), value(`to ${expiry}`)]);
  section(cur, h.use, limitations.map((line) => wording(toWinAnsi(line))));
  section(cur, h.premium, premiumLines(d.premiumPence).map((line) => value(toWinAnsi(line))));
  const balance = balanceLines(d.status, d.premiumPence, d.payments).map((line) => value(toWinAnsi(line)));
  if (d.payments.length === 0) section(cur, h.payments, [value('No payments recorded.'), ...balance]);
  else {
    section(cur, h.payments, []);
    paymentsTable(cur, d.payments);
    entryLines(cur, balance);
  }
  section(cur, h.insurer, [wording(toWinAnsi(`Underwritten by ${brand.insurerName}. This schedule forms part of your policy, with your Certificate of Motor Insurance and your Statement of Fact.`))]);
  finish();
  return pdfBytes(doc);
}
