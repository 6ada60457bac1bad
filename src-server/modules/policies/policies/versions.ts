// A policy's history (docs/product.md#policy-history): every save is a version naming who, when, and each field's
// old and new value as staff read them; the audit entry names the same changes.
import { desc, eq } from 'drizzle-orm';
import { formatPounds } from '../../../contract/pounds';
import { epochToUkLocal, ukLocalText } from '../../../contract/time';
import type { PolicyVersionView } from '../../../contract/views';
import type { DbOrTx } from '../../../platform/db/client';
import { policyVersions } from '../../../platform/db/schema/index';
import type { Deps } from '../../../deps';
import type { PolicyRow } from './row';

export interface Change {
  field: string;
  from: string | null;
  to: string | null;
}

/** An account as the history names it. */
export const accountText = (userId: number | null) => (userId === null ? null : `#${userId}`);

/** The fields staff see, by the name the history gives them. */
const FIELDS: ReadonlyArray<readonly [string, (p: PolicyRow) => string | null]> = [
  ['account', (p) => accountText(p.userId)],
  ['holder', (p) => p.holderName],
  ['vehicle', (p) => p.carModel],
  ['driver', (p) => p.driverName],
  ['licence', (p) => p.licenseNumber],
  ['registration', (p) => p.registration],
  ['start', (p) => ukLocalText(p.startDate, p.startTime)],
  ['end', (p) => ukLocalText(p.endDate, p.endTime)],
  ['status', (p) => p.status],
  ['product', (p) => p.product],
  ['premium', (p) => (p.premiumPence === null ? null : formatPounds(p.premiumPence / 100))],
  // A cancellation set for later (docs/product.md#cancelling-and-voiding): when it takes effect, UK time.
  ['cancels', (p) => (p.cancelsAt === null ? null : instantText(p.cancelsAt))],
];

function instantText(ms: number): string {
  const { date, time } = epochToUkLocal(ms);
  return ukLocalText(date, time);
}

/** What moved from `before` (null: the policy is new) to `after`, field by field. */
export function changesBetween(before: PolicyRow | null, after: PolicyRow): Change[] {
  return FIELDS.map(([field, read]) => ({ field, from: before && read(before), to: read(after) })).filter((c) => c.from !== c.to);
}

/** 'end 2 Dec 2026 23:59 -> 9 Dec 2026 23:59; status active -> cancelled', for the audit entry. */
export const changesText = (changes: Change[]) => changes.map((c) => `${c.field} ${c.from ?? 'none'} -> ${c.to ?? 'none'}`).join('; ');

export async function recordVersion(tx: DbOrTx, policyId: number, at: number, by: { username: string; userId?: number | null }, changes: Change[], reason: string | null = null): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(policyVersions).values({ policyId, at, username: by.username, userId: by.userId ?? null, changes: JSON.stringify(changes), reason });
}

/** Newest first. */
export async function versionsOf(deps: Deps, policyId: number): Promise<PolicyVersionView[]> {
  const rows = await deps.db.select().from(policyVersions).where(eq(policyVersions.policyId, policyId)).orderBy(desc(policyVersions.id));
  return rows.map((r) => ({ id: r.id, timestamp: new Date(r.at).toISOString(), username: r.username, changes: JSON.parse(r.changes) as Change[], reason: r.reason }));
}
