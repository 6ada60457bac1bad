// Counting what a request costs the database (docs/operations.md#refusals): the app's write transactions and its
// reads and writes outside them, by spying on the harness's app; and a throttle counter as stored.
import { vi } from 'vitest';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import type { Harness } from './harness';

/**
 * Calls that reach the database while `run` runs: writes (the write queue) and reads and writes outside it. What
 * earlier requests left for after their answers (a mail delivery run, a session's last-seen time) is done first, so
 * none of it is counted.
 */
export async function databaseWork<T>(h: Harness, run: () => Promise<T>): Promise<{ result: T; writes: number; reads: number }> {
  await settleAfterAnswer(h.deps);
  await h.deps.mailer.deliverPending();
  const write = vi.spyOn(h.deps, 'write');
  const reads = ['select', 'insert', 'update', 'delete'].map((method) => vi.spyOn(h.deps.db, method as 'select'));
  try {
    const result = await run();
    return { result, writes: write.mock.calls.length, reads: reads.reduce((n, spy) => n + spy.mock.calls.length, 0) };
  } finally {
    write.mockRestore();
    for (const spy of reads) spy.mockRestore();
  }
}

/** The count a throttle key holds in the database (0 when it has none). */
export async function throttleCount(h: Harness, key: string): Promise<number> {
  const rs = await h.database.client.execute({ sql: 'select count from throttle where key = ?', args: [key] });
  return Number(rs.rows[0]?.['count'] ?? 0);
}
