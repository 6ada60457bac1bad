// The worker thread for long reads (src-server/platform/db/off-thread.ts): while it runs a statement, this thread's
// event loop keeps turning, so other requests are answered meanwhile (docs/operations.md#database). Counted in turns
// of the loop, not in time: a statement run on this thread, however it is wrapped, lets no turn through until it ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { offThreadReads } from '../../src-server/platform/db/off-thread';
import { onServer } from './test-database';

const dir = mkdtempSync(join(tmpdir(), 'kerbside-off-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fixed amount of work for SQLite: hundreds of milliseconds on this machine, more when it is busy. */
const LONG_STATEMENT = 'with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) from c';

describe.skipIf(onServer)('reads on a worker thread (embedded file only)', () => {
  it('answers a long statement while this thread keeps turning, and a failed one as an error', async () => {
    const reads = offThreadReads(join(dir, 'worker.db'), 5_000);
    try {
      let turns = 0;
      let pending = true;
      const turn = () => {
        turns++;
        if (pending) setImmediate(turn);
      };
      const answer = reads.scalar(LONG_STATEMENT, [2_000_000]).finally(() => (pending = false));
      setImmediate(turn);
      expect(await answer).toBe(2_000_000);
      // Thousands on a quiet machine; a statement on this thread would let through at most the one already queued.
      expect(turns).toBeGreaterThan(20);
      await expect(reads.scalar('select no_such_function()', [])).rejects.toThrow(/no_such_function/);
      expect(await reads.scalar('select ?', [7])).toBe(7);
    } finally {
      reads.close();
    }
  }, 60_000);
});
