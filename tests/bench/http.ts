// Runs one server in a child process and drives it with autocannon from this one (loopback only,
// bounded in time).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { stopWithParent } from '../process/stop-with-parent';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Mean latency, ms, to a hundredth (autocannon's percentiles are whole milliseconds). */
  mean: number;
  errors: number;
  non2xx: number;
}

export async function startServer(file: string, env: Record<string, string>): Promise<ChildProcess> {
  // Killed with the benchmark if it fails or is stopped part-way (tests/process/stop-with-parent.ts).
  const child = stopWithParent(
    fork(file.startsWith('/') ? file : fileURLToPath(new URL(file, import.meta.url)), [], {
      env: { ...process.env, ...env },
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return child;
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export async function load(name: string, url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections: opts.connections, duration: 2, headers: opts.headers });
  const r = await autocannon({ url, connections: opts.connections, duration: opts.seconds, headers: opts.headers });
  return { name, requestsPerSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.mean, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}
