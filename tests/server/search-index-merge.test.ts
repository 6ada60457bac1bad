// The search indexes are merged in small steps by the minute housekeeping (src-server/platform/db/search-index.ts,
// docs/operations.md#housekeeping): policies added one by one leave many FTS5 segments; the scheduled job merges
// them (usermerge 2, drizzle/0009_search_index_merge.sql), a run's steps are bounded and the next run carries on,
// and every search answers the same rows and totals before and after. Each step runs off the main thread in the
// write queue's turn.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PolicyView } from '../../src-server/contract/views';
import { mergeSearchIndexes, mergeStep, searchIndexShape } from '../../src-server/platform/db/search-index';
import type { Caller } from '../../src-server/deps';
import { addClientLog, listLogs } from '../../src-server/modules/reporting/logs/service';
import { createPolicy, listPolicies } from '../../src-server/modules/policies/policies/service';
import { runMaintenance } from '../../src-server/maintenance';
import { startScheduler } from '../../src-server/platform/scheduler';
import { createHarness, validPolicy, type Harness } from './harness';

let h: Harness;
let admin: Caller;

/** Policies added through the service, each in its own transaction (each leaves a segment in policies_fts). */
async function addPolicies(n: number, from: number): Promise<PolicyView[]> {
  const added: PolicyView[] = [];
  for (let i = from; i < from + n; i++) {
    const name = `Merriweather ${['Quill', 'Fernsby', 'Hollowmere'][i % 3]} ${i}`;
    added.push(await createPolicy(h.deps, admin, { ...validPolicy, userId: null, holderName: name, driverName: name, registration: `MW${String(i % 90).padStart(2, '0')} QRS`, premium: null }));
  }
  return added;
}

const TERMS = ['merriweather', 'fernsby', 'hollowmere 1', 'MW1', 'quill 3', 'nothing-like-this'];
/** Every term's first page (ids) and total, paged 7 at a time so the totals are counted, not read off a page. */
async function searches(): Promise<Record<string, { ids: number[]; total: number }>> {
  const out: Record<string, { ids: number[]; total: number }> = {};
  for (const term of TERMS) {
    const page = await listPolicies(h.deps, admin, { limit: 7, offset: 3, search: term });
    out[term] = { ids: page.items.map((p) => p.id), total: page.total };
  }
  const logs = await listLogs(h.deps, admin, { limit: 7, offset: 0, search: 'Created new policy' });
  out['log: Created new policy'] = { ids: logs.items.map((l) => l.id), total: logs.total };
  return out;
}

beforeAll(async () => {
  h = await createHarness();
  const id = await h.addUser({ username: 'merger', isAdmin: true });
  admin = { id, username: 'merger', isAdmin: true, isOwner: false, jti: 'merge-test', exp: 0 };
});
afterAll(() => h.close());

describe('search index merge steps', () => {
  it('the scheduled housekeeping merges the segments left by single inserts, and every search answers the same', async () => {
    const added = await addPolicies(60, 0);
    const grown = await searchIndexShape(h.database.db, 'policies_fts');
    // FTS5's own automerge leaves several segments behind single-row transactions.
    expect(grown.segments).toBeGreaterThanOrEqual(4);
    const before = await searches();
    expect(before['merriweather']!.total).toBe(60);
    expect(before['fernsby']!.total).toBe(20);
    expect(before['MW1']!.ids.length).toBeGreaterThan(0);

    // The job main.ts schedules every minute (scheduler.ts), run now as at start-up.
    const runs: Awaited<ReturnType<typeof runMaintenance>>[] = [];
    const scheduler = startScheduler({ job: async () => void runs.push(await runMaintenance(h.deps)), logger: pino({ level: 'silent' }) });
    await scheduler.runNow();
    await scheduler.stop();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.mergeSteps).toBeGreaterThan(0);

    const merged = await searchIndexShape(h.database.db, 'policies_fts');
    expect(merged.segments).toBeLessThan(grown.segments);
    expect(merged.segments).toBeLessThanOrEqual(3);
    expect(merged.merging).toBe(false);
    expect(await searches()).toEqual(before);
    // The newest first, as before the merge.
    expect((await listPolicies(h.deps, admin, { limit: 3, offset: 0, search: 'merriweather' })).items.map((p) => p.id)).toEqual(
      added.slice(-3).reverse().map((p) => p.id),
    );
    // Nothing left: the next run merges nothing.
    expect((await runMaintenance(h.deps)).mergeSteps).toBe(0);
  });

  it('stops after its step budget and the next run carries on; a merged index answers a step with no work', async () => {
    await addPolicies(40, 100);
    for (let i = 0; i < 20; i++) await addClientLog(h.deps, admin, { action: `Merge budget note ${i}`, level: 'info' });
    const before = await searches();
    let t = 0;
    const first = await mergeSearchIndexes(h.deps, { maxSteps: 1, now: () => (t += 4) });
    expect(first).toEqual({ steps: 1, longestStepMs: 4, done: false });
    let runs = 1;
    for (;;) {
      const next = await mergeSearchIndexes(h.deps, { maxSteps: 1 });
      if (next.done) break;
      expect(++runs).toBeLessThan(50);
    }
    expect(runs).toBeGreaterThan(1);
    expect(await searches()).toEqual(before);
    expect((await listLogs(h.deps, admin, { limit: 5, offset: 0, search: 'budget note 1' })).total).toBe(11);
    for (const table of ['users_fts', 'policies_fts', 'audit_logs_fts'] as const) {
      expect((await searchIndexShape(h.database.db, table)).merging, table).toBe(false);
      expect(await mergeStep(h.deps, table), table).toBe(false);
    }
  });

  it('runs each step off the main thread in the write queue’s turn: earlier writes commit first, later ones wait', async () => {
    await addPolicies(5, 200);
    const order: string[] = [];
    const original = h.deps.hot.maintenanceWrite.bind(h.deps.hot);
    const spy = vi.spyOn(h.deps.hot, 'maintenanceWrite').mockImplementation(async (statements) => {
      order.push('merge starts');
      const changed = await original(statements);
      order.push('merge ends');
      return changed;
    });
    try {
      const before = h.deps.write(async () => void order.push('earlier write'));
      const step = mergeStep(h.deps, 'policies_fts');
      const after = h.deps.write(async () => void order.push('later write'));
      await Promise.all([before, step, after]);
      expect(await step).toBe(true);
      expect(order).toEqual(['earlier write', 'merge starts', 'merge ends', 'later write']);
      expect(spy.mock.calls[0]![0]).toEqual(["INSERT INTO policies_fts(policies_fts, rank) VALUES('merge', 64)"]);
    } finally {
      spy.mockRestore();
    }
  });
});
