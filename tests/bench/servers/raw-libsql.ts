// Baseline (b): one indexed libSQL read per request behind no framework: node:http and a customer's
// policies. BENCH_RAW_MODE=native (default): the rows through a cached native prepared statement, then
// JSON.stringify; =client: the same through @libsql/client's execute; =json: the app's own read of the list,
// stored as its JSON (db/read-models/policy-list.ts), to show what the framework, auth and headers cost on their own.
import { createServer } from 'node:http';
import { createClient } from '@libsql/client';
import Libsql from 'libsql';
import { POLICY_LIST_READ_SQL } from '../../../src-server/platform/db/read-models/policy-list';

const SQL = 'select * from policies where user_id = ? order by start_at desc, id desc';
const url = process.env.DATABASE_URL!;
const userId = Number(process.env.BENCH_USER_ID);

let read: () => Promise<unknown>;
if (process.env.BENCH_RAW_MODE === 'client') {
  const client = createClient({ url });
  read = async () => (await client.execute({ sql: SQL, args: [userId] })).rows;
} else if (process.env.BENCH_RAW_MODE === 'json') {
  const stmt = new Libsql(url.slice('file:'.length)).prepare(POLICY_LIST_READ_SQL).raw(true);
  read = async () => (stmt.get(userId) as [string])[0];
} else {
  const stmt = new Libsql(url.slice('file:'.length)).prepare(SQL);
  read = async () => stmt.all(userId);
}

const server = createServer(async (_req, res) => {
  const result = await read();
  const body = typeof result === 'string' ? result : JSON.stringify(result);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
