// The real server (src-server/main.ts, bundled and run as a child process) at start-up: a database file an older
// build left readable by everyone, in a folder readable by everyone, is its owner's alone once the server is up
// (docs/operations.md#embedded-file-default); and MAIL_LOG_LINKS on is said once, as a warning. In the slow project:
// it spawns a process. The same rules on openDatabase alone: database-files.test.ts.
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, startServer, type ServerProcess } from '../process/real-server';
import { onServer } from './test-database';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

let dir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kerbside-start-secrets-'));
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

// The modes are the embedded file's: a libSQL server keeps its own files.
it.skipIf(onServer)('narrows an existing 0644 database and its 0755 folder, and warns once that MAIL_LOG_LINKS is on (embedded file only)', async () => {
  const file = join(dir, 'kerbside.db');
  const old = createClient({ url: `file:${file}` });
  await old.execute('PRAGMA journal_mode=WAL');
  await old.execute('create table left_by_an_older_build (x)');
  old.close();
  chmodSync(dir, 0o755);
  chmodSync(file, 0o644);
  expect([modeOf(dir), modeOf(file)]).toEqual(['755', '644']);

  let stdout = '';
  const bundle = await buildServer();
  server = await startServer(bundle, dir, { MAIL_LOG_LINKS: '1', LOG_LEVEL: 'warn' }, { onStdout: (text) => (stdout += text) });
  expect([modeOf(dir), modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual(['700', '600', '600', '600']);

  // Every line the server wrote has been read once its output ends.
  const ended = once(server.child.stdout!, 'end');
  server.child.kill('SIGTERM');
  await ended;
  const warnings = stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((e) => e.msg.includes('MAIL_LOG_LINKS'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/^MAIL_LOG_LINKS is on: .*\(development and tests only\)$/) });
}, 60_000);
