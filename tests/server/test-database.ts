// Where a test's database lives: an embedded file (the default), or, with TEST_DATABASE=sqld (`npm run
// test:sqld`), a libSQL server of its own: a sqld child process on a free loopback port with its data in the
// test's temporary folder (docs/operations.md#the-tests-on-a-libsql-server). A server starts in a few tens of
// milliseconds, so each database gets a fresh one rather than a namespace of a shared one: nothing a test writes
// can reach another's, and a test that stops its server stops nothing else.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSqld } from '../../scripts/sqld.mjs';
import { stopWithParent } from '../process/stop-with-parent';

/** True when the tests run against a libSQL server (`npm run test:sqld`). */
export const onServer = process.env['TEST_DATABASE'] === 'sqld';

/**
 * The reason a test that holds only on an embedded file gives for its skip on a server: `it.skipIf(onServer)` with
 * a title that says why, or `describe.skipIf(onServer)`. Listed in docs/operations.md#the-tests-on-a-libsql-server.
 */
export const FILE_ONLY = '(embedded file only)';

export interface TestDatabase {
  /** The DATABASE_URL to open it with: `file:…` or `http://127.0.0.1:…`. */
  url: string;
  /** Stops its server (on a file, nothing: the test removes its folder). */
  close(): Promise<void>;
}

/**
 * A new, empty database in `dir` (which the caller removes): the file `name` there, or a sqld serving a folder
 * named after it there.
 */
export async function freshDatabase(dir: string, name = 'test.db'): Promise<TestDatabase> {
  if (!onServer) return { url: `file:${join(dir, name)}`, close: async () => undefined };
  return startSqld(join(dir, `${name}.sqld`));
}

/** How long a sqld may take to answer before the test gives up on it (it answers in tens of milliseconds). */
const START_TIMEOUT_MS = 15_000;
/**
 * A sqld no request reaches for this long stops itself: the safety net for a test process killed with SIGKILL, which
 * can stop nothing (a test's own requests never pause for this long: its timeout is 20 s). A worker that exits or is
 * stopped without closing its harnesses (a failed hook, a timeout) takes its servers with it (stopWithParent).
 */
const IDLE_SHUTDOWN_S = 120;

const running = new Set<ChildProcess>();

let binary: string | undefined;

/** A sqld serving the data folder `dbPath` on a free loopback port, once it answers. */
export async function startSqld(dbPath: string): Promise<TestDatabase> {
  binary ??= ensureSqld();
  mkdirSync(dbPath, { recursive: true, mode: 0o700 });
  // A port found free may be taken again before sqld binds it: then sqld exits, and another port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = stopWithParent(
      spawn(
        binary,
        ['--db-path', dbPath, '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome', '--idle-shutdown-timeout-s', String(IDLE_SHUTDOWN_S)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    );
    running.add(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (!running.delete(child)) return;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    };
    if (await answers(url, child)) return { url, close: stop };
    await stop();
    if (attempt >= 3) throw new Error(`sqld did not start on ${url}: ${output.trim() || '(no output)'}`);
  }
}

/** Polls sqld's /health until it answers 200 (true), it exits (false), or START_TIMEOUT_MS passes (throws). */
async function answers(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  let gone = child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => {
    gone = true;
  });
  while (!gone) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return true;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) throw new Error(`sqld did not answer at ${url} within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

/** A loopback port nothing listens on at the moment of asking (the kernel's choice for port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The app's migrations folder, and a copy of it in `dir` holding only the migrations up to `lastIdx` (a database as it was then). */
export function migrationsUpTo(dir: string, lastIdx: number): { all: string; upTo: string } {
  const all = fileURLToPath(new URL('../../drizzle', import.meta.url));
  const upTo = join(dir, `drizzle-${lastIdx}`);
  cpSync(all, upTo, { recursive: true });
  const journalPath = join(upTo, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { all, upTo };
}
