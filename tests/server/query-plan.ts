// EXPLAIN QUERY PLAN for the tests that check a query reads an index. libSQL leaves a connection that ran an EXPLAIN
// with the next read transaction it starts open, so that connection goes on reading that moment's data: a pooled
// read connection would then miss the app's later writes, which go through a connection of their own
// (src-server/platform/db/client.ts: writeDb). So the client's connections are replaced after the EXPLAIN.
import type { InArgs } from '@libsql/client';
import type { Database } from '../../src-server/platform/db/client';

/** The plan's steps (`detail` of each row), in order. */
export async function queryPlan(database: Pick<Database, 'client'>, sql: string, args: unknown[] = []): Promise<string[]> {
  try {
    const plan = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as InArgs });
    return plan.rows.map((r) => String(r['detail']));
  } finally {
    await database.client.reconnect();
  }
}
