// The real server (src-server/main.ts) as a child process, for the crash-safety and load tests. It is
// bundled once with esbuild, packages left external: the same code, but it starts in ~0.3 s instead of
// ~1.5 s through tsx, which is what makes hundreds of kill-and-restart cycles affordable. The bundle lives
// two folders below the repository (.tmp/crash/) because main.ts finds the migrations at ../../drizzle
// from its own file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import Libsql from 'libsql';
import { integrityOf } from '../../src-server/platform/db/backup';
import { stopWithParent } from './stop-with-parent';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const OWNER_PASSWORD = 'crash-owner-password';
const JWT_SECRET = 'crash-test-secret-crash-test-secret-0123456789';

export async function buildServer(): Promise<string> {
  const outfile = join(ROOT, '.tmp', 'crash', 'server.mjs');
  const { outputFiles } = await build({
    entryPoints: [join(ROOT, 'src-server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    write: false,
    logLevel: 'warning',
  });
  // Written aside and renamed over the old one: test files in parallel (crash safety, two processes) build the
  // same path, and a server starting meanwhile must read a whole bundle, never one being rewritten.
  mkdirSync(join(ROOT, '.tmp', 'crash'), { recursive: true });
  const aside = `${outfile}.${process.pid}.tmp`;
  writeFileSync(aside, outputFiles[0]!.contents);
  renameSync(aside, outfile);
  return outfile;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Every server this process started that has not exited yet. */
const running = new Set<ChildProcess>();

/** Kills (SIGKILL) every server this process started that is still running, and resolves once all have exited. */
export async function stopServers(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      return exited;
    }),
  );
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** Given: the server's standard output (its pino log lines) is read and handed here; else it is ignored. */
  onStdout?: (text: string) => void;
  /** The port to listen on; else a free one is picked. */
  port?: number;
}

export async function startServer(
  bundle: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const staticDir = join(dataDir, 'static');
  mkdirSync(staticDir, { recursive: true });
  const child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, 'kerbside.db')}`,
      STATIC_DIR: staticDir,
      JWT_SECRET,
      OWNER_USERNAME: 'owner',
      OWNER_EMAIL: 'owner@example.test',
      OWNER_PASSWORD,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
      ...extraEnv,
    },
    // A pipe only when someone reads it: a full pipe would block the server's synchronous log writes.
    stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  // A test that fails or times out before its clean-up, or a script stopped part-way, still takes it with it.
  stopWithParent(child);
  running.add(child);
  child.once('exit', () => running.delete(child));
  const { onStdout } = options;
  if (onStdout) child.stdout!.on('data', (d: Buffer) => onStdout(d.toString()));
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode}): ${stderr}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Nobody else holds it to stop it: a caller's clean-up only knows the servers that started.
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, port, base, exited };
}


/** Writes the server acknowledged (answered 201): quote references and policy numbers. */
export interface Acknowledged {
  quotes: Set<string>;
  policies: Set<string>;
}

export interface CheckResult {
  integrity: string;
  missingQuotes: string[];
  missingPolicies: string[];
  storedQuotes: number;
  storedPolicies: number;
}

/** Opens the database a stopped or killed server left (WAL recovery happens here) and checks it. */
export function checkDatabase(dataDir: string, ack: Acknowledged): CheckResult {
  const path = join(dataDir, 'kerbside.db');
  const conn = new Libsql(path);
  let quotes: Set<string>;
  let policies: Set<string>;
  try {
    quotes = new Set((conn.prepare('select reference from quote_requests').raw(true).all() as Array<[string]>).map((r) => r[0]));
    policies = new Set((conn.prepare('select policy_number from policies').raw(true).all() as Array<[string]>).map((r) => r[0]));
  } finally {
    conn.close();
  }
  return {
    integrity: integrityOf(path),
    missingQuotes: [...ack.quotes].filter((r) => !quotes.has(r)),
    missingPolicies: [...ack.policies].filter((p) => !policies.has(p)),
    storedQuotes: quotes.size,
    storedPolicies: policies.size,
  };
}
