// Baseline (b): one indexed libSQL read per request behind no framework: node:http and the same query
// the policies endpoint makes. BENCH_RAW_MODE=native (default) uses a cached native prepared statement,
// the fastest libSQL read there is; =client goes through @libsql/client's execute.
import { createServer } from 'node:http';
import { createClient } from '@libsql/client';
import Libsql from 'libsql';

const SQL = 'select * from policies where user_id = ? order by start_at desc, id desc';
const url = process.env.DATABASE_URL!;
const userId = Number(process.env.BENCH_USER_ID);

let read: () => Promise<unknown[]>;
if (process.env.BENCH_RAW_MODE === 'client') {
  const client = createClient({ url });
  read = async () => (await client.execute({ sql: SQL, args: [userId] })).rows;
} else {
  const stmt = new Libsql(url.slice('file:'.length)).prepare(SQL);
  read = async () => stmt.all(userId);
}

const server = createServer(async (_req, res) => {
  const body = JSON.stringify(await read());
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
