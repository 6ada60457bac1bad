// sqld (the libSQL server) as child processes for the tests of a server database: a primary, a replica of it, and a
// restart on the same port and data (docs/operations.md#libsql-server). The binary is the pinned, checked one that
// scripts/sqld.mjs fetches (run as a script here, so its path comes back whatever the module's types).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './real-server';
import { stopWithParent } from './stop-with-parent';

let binary: string | undefined;

/** The checked sqld binary's path (fetched once into node_modules/.cache by scripts/sqld.mjs). */
export function sqldBinary(): string {
  binary ??= execFileSync(process.execPath, [join(ROOT, 'scripts', 'sqld.mjs')], { encoding: 'utf8' }).trim();
  return binary;
}

export interface SqldOptions {
  /** Its data folder (`--db-path`); a restart keeps it. */
  dbPath: string;
  /** Its HTTP port on 127.0.0.1, which the app's DATABASE_URL names. */
  httpPort: number;
  /** A primary's gRPC port, which replicas connect to. */
  grpcPort?: number;
  /** A replica's primary: that primary's gRPC port. */
  primaryGrpcPort?: number;
}

export interface SqldNode {
  url: string;
  options: SqldOptions;
  child: ChildProcess;
  /** Resolves when this run of the process has exited. */
  exited: Promise<void>;
  /** What it wrote to stderr, for a failure's message. */
  stderr(): string;
}

/** Starts sqld and resolves once it answers GET /health. */
export async function startSqld(options: SqldOptions): Promise<SqldNode> {
  const args = ['--db-path', options.dbPath, '--http-listen-addr', `127.0.0.1:${options.httpPort}`, '--no-welcome'];
  if (options.grpcPort !== undefined) args.push('--grpc-listen-addr', `127.0.0.1:${options.grpcPort}`);
  if (options.primaryGrpcPort !== undefined) args.push('--primary-grpc-url', `http://127.0.0.1:${options.primaryGrpcPort}`);
  // Killed with this process if a test's clean-up never runs (tests/process/stop-with-parent.ts).
  const child = stopWithParent(spawn(sqldBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.httpPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`sqld on ${options.httpPort} exited during start-up: ${stderr}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sqld on ${options.httpPort} did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { url, options, child, exited, stderr: () => stderr };
}

/** Kills the node (SIGKILL unless told) and waits for it to be gone, so its port is free again. */
export async function killSqld(node: SqldNode, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill(signal);
  await node.exited;
}
