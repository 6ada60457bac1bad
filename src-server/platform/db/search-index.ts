// Upkeep of the trigram search indexes (docs/operations.md#housekeeping): every write leaves a small FTS5 segment and
// a search reads them all, so housekeeping merges in steps (usermerge 2: migration 0009), never 'optimize' (seconds
// under the write lock). A step can hold the lock ~1 s when the largest segments meet, so steps run on a thread of
// their own in the write queue's turn (HotReads.maintenanceWrite). Figures: docs/operations.md#benchmarks.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Client } from '@libsql/client';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import type { FtsTable, HotReads } from './hot-reads';
import type { WriteQueue } from './writer';

/** What a merge step needs: the write queue, and the thread it runs on (HotReads.maintenanceWrite). */
export interface MergeDeps {
  write: WriteQueue;
  hot: Pick<HotReads, 'maintenanceWrite'>;
}

export const SEARCH_INDEXES: readonly FtsTable[] = ['users_fts', 'policies_fts', 'audit_logs_fts'];

/** Pages one merge step writes before it stops at the next term: a few milliseconds a step at 1M rows. */
export const MERGE_STEP_PAGES = 64;
/** Merge steps per housekeeping run, across the indexes: ~1 s of work at most, and normally a few steps. */
export const MERGE_MAX_STEPS = 100;

export async function optimizeSearchIndexes(client: Client): Promise<void> {
  for (const table of SEARCH_INDEXES) await client.execute(`INSERT INTO ${table}(${table}) VALUES('optimize')`);
}

/**
 * One merge step on `table` in its own write transaction; true when it merged something (total_changes >= 2, as
 * FTS5 documents). A negative count starts merging everything into one, carried on by positive steps.
 */
export async function mergeStep(deps: MergeDeps, table: FtsTable, pages = MERGE_STEP_PAGES): Promise<boolean> {
  // `table` is one of SEARCH_INDEXES and `pages` a whole number: nothing here comes from a request.
  const statement = `INSERT INTO ${table}(${table}, rank) VALUES('merge', ${Math.trunc(pages)})`;
  // Off the main thread, in the write queue's turn (HotReads.maintenanceWrite).
  return deps.write.outside(async () => (await deps.hot.maintenanceWrite([statement])) >= 2);
}

export interface MergeOptions {
  pagesPerStep?: number;
  maxSteps?: number;
  /** Milliseconds, for the step timings only. */
  now?: () => number;
  /** Told of every step as it ends (the benchmark's timings). */
  onStep?: (table: FtsTable, ms: number, merged: boolean) => void;
}

/**
 * Merge steps on every search index until nothing is left or `maxSteps` merged something; the next run carries on.
 * Answers the steps that merged something, the longest step (ms, a no-op included), and whether every index was left
 * with nothing to merge (false: the step budget ran out first).
 */
export async function mergeSearchIndexes(deps: MergeDeps, options: MergeOptions = {}) {
  const pages = options.pagesPerStep ?? MERGE_STEP_PAGES;
  const maxSteps = options.maxSteps ?? MERGE_MAX_STEPS;
  const now = options.now ?? (() => performance.now());
  let steps = 0;
  let longestStepMs = 0;
  for (const table of SEARCH_INDEXES) {
    for (;;) {
      if (steps >= maxSteps) return { steps, longestStepMs, done: false };
      const started = now();
      const merged = await mergeStep(deps, table, pages);
      const ms = now() - started;
      longestStepMs = Math.max(longestStepMs, ms);
      options.onStep?.(table, ms, merged);
      if (!merged) break;
      steps++;
      await nextTurn();
    }
  }
  return { steps, longestStepMs, done: true };
}

/** How an index is stored: its segments, their pages, and whether a merge is under way. */
export interface IndexShape {
  segments: number;
  pages: number;
  /** Segments per level, lowest level first (empty levels left out). */
  levels: { level: number; segments: number; pages: number }[];
  /** A merge was started and not finished (it carries on with the next steps). */
  merging: boolean;
}

/** Reads SQLite's variable-length integers (big-endian, 7 bits a byte, the ninth byte whole) one after another from `at`. */
function varintReader(b: Uint8Array, at: number): () => number {
  return () => {
    let value = 0;
    for (let k = 0; ; k++) {
      const byte = b[at++];
      if (byte === undefined) throw new Error('truncated FTS5 structure record');
      if (k === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  };
}

/** Decodes an FTS5 index's structure record (row 10 of `<table>_data`, as fts5_index.c writes it); for benchmarks and tests. */
export async function searchIndexShape(db: Db, table: FtsTable): Promise<IndexShape> {
  const rows = await db.all<{ block: ArrayBuffer | Uint8Array }>(sql.raw(`select block from ${table}_data where id = 10`));
  const block = rows[0]?.block;
  if (!block) return { segments: 0, pages: 0, levels: [], merging: false };
  const b = block instanceof Uint8Array ? block : new Uint8Array(block);
  const v2 = b[4] === 0xff && b[5] === 0x00 && b[6] === 0x00 && b[7] === 0x01;
  const next = varintReader(b, v2 ? 8 : 4);
  const levelCount = next();
  const segments = next();
  next(); // write counter
  const levels: IndexShape['levels'] = [];
  let pages = 0;
  let merging = false;
  for (let level = 0; level < levelCount; level++) {
    if (next() > 0) merging = true; // a merge under way at this level
    const count = next();
    let levelPages = 0;
    for (let s = 0; s < count; s++) {
      next(); // segment id
      const first = next();
      const last = next();
      // V2 adds origin (2), tombstone pages and entries, and the entry count.
      if (v2) for (let k = 0; k < 5; k++) next();
      levelPages += Math.max(0, last - first + 1);
    }
    if (count > 0) levels.push({ level, segments: count, pages: levelPages });
    pages += levelPages;
  }
  return { segments, pages, levels, merging };
}
