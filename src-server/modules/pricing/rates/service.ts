// Rate versions (docs/product.md#rates): the live one prices every request; an owner adds versions, never edits one.
import { desc, eq, lte } from 'drizzle-orm';
import { rateIssues, rateMessages, rateTable, rateVersionInput, type RateTable, type RateVersionView } from '../../../contract/rates';
import { assertOwnerRights } from '../../../platform/auth/permissions';
import { writeLog } from '../../../platform/audit/log';
import type { DbOrTx } from '../../../platform/db/client';
import { rateVersions } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { fieldInvalid, InvalidError } from '../../../errors';
import { messages } from '../../../contract/messages';
import { exampleRateVersion } from './example';

type RateRow = typeof rateVersions.$inferSelect;

export interface LiveRates {
  id: number;
  rates: RateTable;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The rates as stored: validated on the way in, so read back without a second parse. */
const ratesOf = (row: RateRow): RateTable => JSON.parse(row.rates) as RateTable;

/** The version in force at `at`: the latest start at or before it (the later written of two at the same time). */
export async function liveRates(db: DbOrTx, at: number): Promise<LiveRates | null> {
  const [row] = await db.select().from(rateVersions).where(lte(rateVersions.effectiveFrom, at)).orderBy(desc(rateVersions.effectiveFrom), desc(rateVersions.id)).limit(1);
  return row ? { id: row.id, rates: ratesOf(row) } : null;
}

/** One version by id (a price records the version that made it). */
export async function ratesById(db: DbOrTx, id: number): Promise<RateTable | null> {
  const [row] = await db.select().from(rateVersions).where(eq(rateVersions.id, id)).limit(1);
  return row ? ratesOf(row) : null;
}

function viewOf(row: RateRow, liveId: number | null, now: number): RateVersionView {
  const status = row.id === liveId ? 'live' : row.effectiveFrom > now ? 'scheduled' : 'past';
  return {
    id: row.id,
    name: row.name,
    example: row.example,
    status,
    effectiveFrom: iso(row.effectiveFrom),
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    rates: ratesOf(row),
  };
}

/** GET /api/admin/rates and admin.rates.list: every version, newest first, each whole. */
export async function listRateVersions(deps: Deps, caller: Caller): Promise<{ items: RateVersionView[] }> {
  assertOwnerRights(caller);
  const now = deps.clock.now();
  const [rows, live] = await Promise.all([
    deps.db.select().from(rateVersions).orderBy(desc(rateVersions.effectiveFrom), desc(rateVersions.id)),
    liveRates(deps.db, now),
  ]);
  return { items: rows.map((r) => viewOf(r, live?.id ?? null, now)) };
}

/** POST /api/admin/rates and admin.rates.create: a new version, from now or a later time; logged with who and when. */
export async function createRateVersion(deps: Deps, caller: Caller, body: { name: string; effectiveFrom?: string | undefined; rates: Record<string, unknown> }): Promise<RateVersionView> {
  assertOwnerRights(caller);
  const checked = rateTable.safeParse(body.rates);
  if (!checked.success) throw new InvalidError(messages.invalidInput, { formErrors: [], fieldErrors: rateIssues(checked.error) });
  const input = { ...body, rates: checked.data };
  const now = deps.clock.now();
  const effectiveFrom = input.effectiveFrom === undefined ? now : Date.parse(input.effectiveFrom);
  // A minute's grace: a time chosen as "now" in the console reaches the server a moment later.
  if (effectiveFrom < now - 60_000) throw fieldInvalid(messages.invalidInput, { effectiveFrom: rateMessages.effectiveFromPast });
  return deps.write(async (tx) => {
    const [row] = await tx
      .insert(rateVersions)
      .values({ name: input.name, rates: JSON.stringify(input.rates), effectiveFrom: Math.max(effectiveFrom, now), createdAt: now, createdBy: caller.username, createdById: caller.id })
      .returning();
    await writeLog(tx, now, { action: `Rate version ${row!.id} saved: ${input.name}, in force from ${iso(row!.effectiveFrom)}`, username: caller.username, userId: caller.id });
    const live = await liveRates(tx, now);
    return viewOf(row!, live?.id ?? null, now);
  });
}

/**
 * The first start's example version (docs/product.md#rates), so a new install prices out of the box; written only
 * when no version exists. Its name says it is an example until an owner writes the insurer's own.
 */
export async function ensureExampleRates(deps: Deps): Promise<boolean> {
  const [any] = await deps.db.select({ id: rateVersions.id }).from(rateVersions).limit(1);
  if (any) return false;
  const example = rateVersionInput.parse(exampleRateVersion);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const [again] = await tx.select({ id: rateVersions.id }).from(rateVersions).limit(1);
    if (again) return false;
    await tx.insert(rateVersions).values({ name: example.name, example: true, rates: JSON.stringify(rateTable.parse(example.rates)), effectiveFrom: now, createdAt: now, createdBy: 'system' });
    await writeLog(tx, now, { action: `Rate version saved: ${example.name} (the example seeded at first start)`, username: 'system' });
    return true;
  });
}
