// "Generate Report" (docs/product.md#generate-report): a CSV of every policy, then of every claim, each read 1,000 at a
// time by keyset (never OFFSET) and streamed, so a million policies never sit in memory at once.
import { asc, eq, gt, inArray, max, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { brand } from '../../../contract/brand';
import { claimKindLabels } from '../../../contract/claim';
import { epochToUkLocal } from '../../../contract/time';
import type { AdminStats } from '../../../contract/views';
import { claimPhotos, claims, policies, policyPayments, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { logEvent } from '../../../platform/audit/log';
import { getStats } from '../stats/service';

export const REPORT_PAGE_SIZE = 1000;
const REPORT_LOG_ACTION = 'Generated system report';

/** A spreadsheet would run these as formulas (OWASP "CSV Injection"); a leading ' makes them text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formula injection, then quoted per RFC 4180 (every cell, quotes doubled). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One record, CRLF-terminated as RFC 4180 says. */
function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Pence as pounds with two decimals ('1234.50'), computed in whole numbers; blank where none was recorded. */
export function premiumCell(pence: number | null): string {
  if (pence === null) return '';
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type PolicyRow = typeof policies.$inferSelect;
/** What a policy's payments come to (refunds negative) and when the last was recorded (docs/product.md#payments). */
interface Paid {
  pence: number;
  lastAt: number | null;
}
const NOTHING_PAID: Paid = { pence: 0, lastAt: null };

const ukMinute = (ms: number) => {
  const local = epochToUkLocal(ms);
  return `${local.date} ${local.time}`;
};

/** The report's columns, in order: each heading and its cell of a policy, its owner's username and its payments. */
const COLUMNS: [string, (p: PolicyRow, username: string | null, paid: Paid) => string | number | null][] = [
  ['Policy number', (p) => p.policyNumber],
  ['Username', (_, username) => username ?? 'N/A'],
  ['Policyholder', (p) => p.holderName],
  ['Vehicle', (p) => p.carModel],
  ['Registration', (p) => p.registration ?? ''],
  ['Driver', (p) => p.driverName],
  ['Licence number', (p) => p.licenseNumber],
  ['Start date', (p) => p.startDate],
  ['Start time', (p) => p.startTime],
  ['End date', (p) => p.endDate],
  ['End time', (p) => p.endTime],
  ['Status', (p) => p.status],
  ['Product', (p) => p.product],
  ['Premium', (p) => premiumCell(p.premiumPence)],
  ['Amount paid', (_, __, paid) => premiumCell(paid.pence)],
  ['Last payment (UK time)', (_, __, paid) => (paid.lastAt === null ? '' : ukMinute(paid.lastAt))],
];
export const REPORT_HEADER = COLUMNS.map(([heading]) => heading);

/** The row above the claims' header: the claims follow the policies after a blank line. */
export const CLAIMS_SECTION_TITLE = 'Claims';

interface ClaimReportRow {
  claim: typeof claims.$inferSelect;
  policyNumber: string;
  username: string;
  holderName: string;
  assignee: string | null;
  photos: number;
}

/**
 * The claims' columns: what staff track a claim by, never the customer's own words (description, injuries, other
 * people's details), which the console shows with each read logged (docs/product.md#audit-log).
 */
const CLAIM_COLUMNS: [string, (r: ClaimReportRow) => string | number][] = [
  ['Reference', (r) => r.claim.reference],
  ['Policy number', (r) => r.policyNumber],
  ['Username', (r) => r.username],
  ['Policyholder', (r) => r.holderName],
  ['What happened', (r) => claimKindLabels[r.claim.kind]],
  ['Occurred (UK time)', (r) => ukMinute(r.claim.occurredAt)],
  ['Reported (UK time)', (r) => ukMinute(r.claim.createdAt)],
  ['Someone hurt', (r) => (r.claim.injuries ? 'Yes' : 'No')],
  ['Photos', (r) => r.photos],
  ['Status', (r) => r.claim.status],
  ['Due (UK time)', (r) => ukMinute(r.claim.dueAt)],
  ['Assigned to', (r) => r.assignee ?? ''],
];
export const CLAIMS_REPORT_HEADER = CLAIM_COLUMNS.map(([heading]) => heading);

const claimOwner = alias(users, 'claim_owner');
const claimPhotoCount = sql<number>`(SELECT count(*) FROM ${claimPhotos} WHERE ${claimPhotos.claimId} = ${claims.id})`.mapWith(Number);

/** The claims section: its title and header, then the claims 1,000 at a time by id. */
async function* claimChunks(deps: Deps): AsyncGenerator<string> {
  yield '\r\n' + csvRow([CLAIMS_SECTION_TITLE]) + csvRow(CLAIMS_REPORT_HEADER);
  let afterId = 0;
  for (;;) {
    const page: ClaimReportRow[] = await deps.db
      .select({ claim: claims, policyNumber: policies.policyNumber, username: claimOwner.username, holderName: policies.holderName, assignee: users.username, photos: claimPhotoCount })
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .innerJoin(claimOwner, eq(claimOwner.id, claims.userId))
      .leftJoin(users, eq(users.id, claims.assigneeId))
      .where(gt(claims.id, afterId))
      .orderBy(asc(claims.id))
      .limit(REPORT_PAGE_SIZE);
    if (page.length === 0) return;
    yield page.map((r) => csvRow(CLAIM_COLUMNS.map(([, cell]) => cell(r)))).join('');
    if (page.length < REPORT_PAGE_SIZE) return;
    afterId = page[page.length - 1]!.claim.id;
  }
}

export interface PolicyReport {
  /** e.g. kerbside-report-2026-07-01.csv, dated in the UK. */
  fileName: string;
  /** The CSV text in pieces: the summary and header first, then one piece per 1,000 policies. */
  chunks: AsyncIterable<string>;
}

function reportHead(generatedAt: number, stats: AdminStats): string {
  // A UTF-8 byte-order mark, so spreadsheet programs read names such as "Zoë" correctly.
  return (
    '\uFEFF' +
    csvRow([`${brand.name} system report`]) +
    csvRow(['Generated at', new Date(generatedAt).toISOString()]) +
    csvRow(['Generated at (UK time)', ukMinute(generatedAt)]) +
    csvRow(['Total users', stats.totalUsers]) +
    csvRow(['Total policies', stats.totalPolicies]) +
    csvRow(['Active policies', stats.activePolicies]) +
    csvRow(['Pending claims', stats.pendingClaims]) +
    '\r\n' +
    csvRow(REPORT_HEADER)
  );
}

/** The payments of a page of policies, one grouped read (policy_payments_policy_idx). */
async function paidOf(deps: Deps, ids: number[]): Promise<Map<number, Paid>> {
  const rows = await deps.db
    .select({ policyId: policyPayments.policyId, pence: sum(policyPayments.amountPence), lastAt: max(policyPayments.at) })
    .from(policyPayments)
    .where(inArray(policyPayments.policyId, ids))
    .groupBy(policyPayments.policyId);
  return new Map(rows.map((r) => [r.policyId, { pence: Number(r.pence ?? 0), lastAt: r.lastAt }]));
}

/** The head, then the policies 1,000 at a time by id, then the claims. */
async function* reportChunks(deps: Deps, head: string): AsyncGenerator<string> {
  yield head;
  yield* policyChunks(deps);
  yield* claimChunks(deps);
}

async function* policyChunks(deps: Deps): AsyncGenerator<string> {
  let afterId = 0;
  for (;;) {
    const page = await deps.db
      .select({ policy: policies, username: users.username })
      .from(policies)
      .leftJoin(users, eq(users.id, policies.userId))
      .where(gt(policies.id, afterId))
      .orderBy(asc(policies.id))
      .limit(REPORT_PAGE_SIZE);
    if (page.length === 0) return;
    const paid = await paidOf(deps, page.map((r) => r.policy.id));
    let text = '';
    for (const { policy, username } of page) text += csvRow(COLUMNS.map(([, cell]) => cell(policy, username, paid.get(policy.id) ?? NOTHING_PAID)));
    yield text;
    if (page.length < REPORT_PAGE_SIZE) return;
    afterId = page[page.length - 1]!.policy.id;
  }
}

/** Logs 'Generated system report' and answers the report; summary and entry come before the first byte. */
export async function generatePolicyReport(deps: Deps, caller: Caller): Promise<PolicyReport> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  // Read before anything is sent, so a failing database is still an ordinary 500, not a cut-off download.
  const head = reportHead(now, await getStats(deps, caller));
  await logEvent(deps, { action: REPORT_LOG_ACTION, username: caller.username, userId: caller.id });
  return { fileName: `kerbside-report-${epochToUkLocal(now).date}.csv`, chunks: reportChunks(deps, head) };
}

/** The whole report as one string: for small exports and tests; the HTTP route streams instead. */
export async function policyReportText(report: PolicyReport): Promise<string> {
  let text = '';
  for await (const chunk of report.chunks) text += chunk;
  return text;
}

/** The report as a stream, a page at a time; a read failing mid-way cuts it short, so no partial file looks whole. */
export function reportStream(report: PolicyReport, onError: (err: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = report.chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        onError(err);
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
