// GET /metrics on the real server (src-server/main.ts, bundled and run as a child process): METRICS_TOKEN read from
// the environment opens it over HTTP and nothing else does; unset, the path is absent; too short, the server does not
// start and says why in one line. In the slow project: it spawns processes. What the metrics count: metrics.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, OWNER_PASSWORD, startServer, type ServerProcess } from '../process/real-server';
import { freshDatabase, type TestDatabase } from './test-database';

const TOKEN = 'process-metrics-token-0123456789abcdefgh';

let bundle: string;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const databases: TestDatabase[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kerbside-metrics-process-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const dir = dataDir();
  const database = await freshDatabase(dir, 'kerbside.db');
  databases.push(database);
  const server = await startServer(bundle, dir, { DATABASE_URL: database.url, ...env });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  bundle = await buildServer();
});
afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await s.exited;
  }
  for (const database of databases) await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const metrics = (server: ServerProcess, authorization?: string) => fetch(`${server.base}/metrics`, { headers: authorization ? { authorization } : {} });

describe('the real server', () => {
  it('with METRICS_TOKEN: Prometheus text with the token only, its own start-up requests counted', async () => {
    const server = await start({ METRICS_TOKEN: TOKEN });
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: OWNER_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token: ownerToken } = (await login.json()) as { token: string };

    for (const authorization of [undefined, `Bearer ${ownerToken}`, `Bearer ${TOKEN.slice(1)}`]) {
      const res = await metrics(server, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    const res = await metrics(server, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    // The start-up check polled /api/health until it answered; the sign-in above wrote through the write queue.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/login",status="200"\} 1$/m);
    expect(text).toMatch(/^write_queue_wait_seconds_count [1-9]/m);
  });

  it('without METRICS_TOKEN: /metrics is a path the server does not have', async () => {
    const server = await start({});
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) expect((await metrics(server, authorization)).status).toBe(404);
  });

  it('a METRICS_TOKEN under 32 characters stops start-up with a one-line reason', async () => {
    const child = spawn(process.execPath, [bundle], { env: { ...process.env, DATA_DIR: dataDir(), METRICS_TOKEN: 'too-short' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // 'close' comes after the process's output has all been read.
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid environment: METRICS_TOKEN must be at least 32 characters\n');
  });
});
