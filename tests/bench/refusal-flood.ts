// What a flood of refused requests from one client address costs everyone else (docs/operations.md#refusals).
// One run, against the real server (src-server/main.ts bundled, in its own process, on BENCH_PORT or 4410):
// other clients' answers, GET /api/health and a customer's GET /api/user/policies, each on a fresh connection
// (as a new visitor's would be), timed unloaded, then during a flood from one address of each of: refused sign-ins,
// refused certificate lookups (/api/verify/{code}), passkey sign-in options, bad address confirmation links and bad
// e-mail change links (signed in as a customer), bad password reset links, wrong second-factor codes (a staff
// account's challenge) and unknown second-factor challenges; each flood from an address of its own, so each starts
// under its limits. Each flood comes from a
// process of its own, 500 requests a second evenly on up to 50 connections (BENCH_FLOOD_RATE; 0: flat out, with
// autocannon); the probes take turns, one request at a time. 500 a second is past what the server can write a
// second if each refusal costs a write, and about a third of the POSTs a second its HTTP layer takes on two cores: a
// flood near that measures the CPU any requests take, refused or not (docs/operations.md#refusals has both).
//
// Each phase also prints the write transactions the server ran meanwhile (its metrics are on for this, and give the
// count) and the machine's 1-minute load average: on shared cores the times move with the neighbours, the writes do not.
//
// Budget per figure: within 2x of the unloaded figure, or the unloaded figure + 5 ms where that is larger (a fresh
// connection's answer is 1-3 ms unloaded, and a flood of any requests, refused or not, takes some of the two
// cores: the question is whether refusals cost shared work such as database writes).
//
//   npx tsx tests/bench/refusal-flood.ts          (BENCH_FLOOD_SECONDS=N per phase, 40 by default: a flood as long
//                                                 as the review's, so a cost that builds up over time shows)
//   npm run bench  (section `refusals`)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import { validPolicy } from '../server/harness';
import { buildServer, OWNER_PASSWORD, ROOT, startServer } from '../process/real-server';
import { stopWithParent } from '../process/stop-with-parent';
import type { BenchSection, BudgetTable } from './budgets';

const PORT = Number(process.env.BENCH_PORT ?? 4410);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 40);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50);
/** Requests a second the flood offers; 0: flat out, as fast as the server answers. */
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 500);
/** The probes' pause between requests: a steady trickle of other clients beside the flood. */
const PROBE_GAP_MS = 20;
/** The first flood's address; each later flood comes from the next one, so each starts under its limits. */
const FLOOD_ADDRESS = '203.0.113.66';
const floodAddress = (n: number) => `203.0.113.${66 + n}`;
const CUSTOMER_PASSWORD = 'flood-customer-password';
/** Metrics are on, so each phase's database writes are read from the server's own count (docs/operations.md#metrics). */
const METRICS_TOKEN = 'refusal-flood-bench-metrics-token';

interface Timed {
  status: number;
  ms: number;
}

/** One request on a connection of its own, timed from the start of the connection to the end of the answer. */
function fresh(base: string, path: string, headers: Record<string, string> = {}): Promise<Timed> {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${path}: no answer in 30 s`)));
    req.end();
  });
}

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string, address = '127.0.0.1'): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};

interface Probed {
  health: number[];
  policies: number[];
  bad: number;
}

/** Health and the policy list in turn, one at a time, until `until` resolves. */
async function probe(base: string, token: string, until: Promise<unknown>): Promise<Probed> {
  let done = false;
  void until.then(() => (done = true));
  const out: Probed = { health: [], policies: [], bad: 0 };
  while (!done) {
    const health = await fresh(base, '/api/health');
    out.health.push(health.ms);
    const policies = await fresh(base, '/api/user/policies', { authorization: `Bearer ${token}` });
    out.policies.push(policies.ms);
    if (health.status !== 200 || policies.status !== 200) out.bad++;
    await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
  }
  return out;
}

interface Flood {
  requests: number;
  statuses: Record<string, number>;
}

interface FloodOptions {
  method: string;
  body?: string;
  /** The flood's client address (FLOOD_ADDRESS unless given). */
  address?: string;
  /** A signed-in flood's session. */
  token?: string;
}

/**
 * The flood, from a process of its own so that the probes' timing is not the load generator's: offered at
 * FLOOD_RATE requests a second, evenly (a request every 1/rate s, on up to FLOOD_CONNECTIONS connections; autocannon's
 * rate sends each second's quota at once), or with FLOOD_RATE=0 flat out (autocannon).
 */
function flood(url: string, opts: FloodOptions): Promise<Flood> {
  const address = opts.address ?? FLOOD_ADDRESS;
  const args =
    FLOOD_RATE > 0
      ? ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', url, opts.method, opts.body ?? '', address, opts.token ?? '']
      : [
          join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'),
          ...['-c', String(FLOOD_CONNECTIONS), '-d', String(SECONDS), '-m', opts.method, '-H', `x-forwarded-for=${address}`, '--json'],
          ...(opts.body ? ['-H', 'content-type=application/json', '-b', opts.body] : []),
          ...(opts.token ? ['-H', `authorization=Bearer ${opts.token}`] : []),
          url,
        ];
  const child = stopWithParent(spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      try {
        const r = JSON.parse(out) as { requests: { total: number } } & Record<string, unknown>;
        const statuses = Object.fromEntries(['1xx', '2xx', '3xx', '4xx', '5xx'].map((k) => [k, Number(r[k] ?? 0)]).filter(([, n]) => Number(n) > 0));
        resolve({ requests: r.requests.total, statuses });
      } catch (err) {
        reject(new Error(`the flood exited with ${code}: ${String(err)}`));
      }
    });
  });
}

/** The paced flood itself (the child process): prints what autocannon's --json would of it. */
async function pacedFlood(url: string, method: string, body: string, address: string, token: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const counts: Record<string, number> = {};
  let sent = 0;
  let answered = 0;
  const send = () => {
    sent++;
    const headers = { 'x-forwarded-for': address, ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const req = request(url, { agent, method, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        answered++;
        const kind = `${String(res.statusCode).slice(0, 1)}xx`;
        counts[kind] = (counts[kind] ?? 0) + 1;
      });
    });
    req.on('error', () => undefined);
    req.end(body || undefined);
  };
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      if (elapsed >= SECONDS * 1000) {
        clearInterval(tick);
        resolve();
        return;
      }
      while (sent < (elapsed / 1000) * FLOOD_RATE) send();
    }, 1);
  });
  // What is still unanswered at the end is left: the phase is over.
  process.stdout.write(JSON.stringify({ requests: { total: answered }, ...counts }));
  agent.destroy();
  process.exit(0);
}

export interface Phase {
  name: string;
  health: { p50: number; p99: number };
  policies: { p50: number; p99: number };
  samples: number;
  /** Write transactions the server ran during the phase (the flood's, the probes', housekeeping's). */
  writes: number;
  /** The machine's 1-minute load average at the phase's end: the cores are shared, so the figures are read beside it. */
  load: number;
  flood?: Flood;
}

const summary = (name: string, p: Probed, writes: number, f?: Flood): Phase => ({
  name,
  health: { p50: percentile(p.health, 0.5), p99: percentile(p.health, 0.99) },
  policies: { p50: percentile(p.policies, 0.5), p99: percentile(p.policies, 0.99) },
  samples: p.health.length,
  writes,
  load: loadavg()[0]!,
  ...(f ? { flood: f } : {}),
});

/** The write transactions the server has run since it started: write_queue_wait_seconds' count. */
async function writesSoFar(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = /^write_queue_wait_seconds_count (\d+)/m.exec(await res.text());
  if (!line) throw new Error('GET /metrics did not give write_queue_wait_seconds_count');
  return Number(line[1]);
}

/** Waits until a fresh health check answers within 20 ms again (what a flood left queued has drained). */
async function quiet(base: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if ((await fresh(base, '/api/health')).ms < 20) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function benchRefusalFlood(log: (line: string) => void): Promise<Phase[]> {
  const bundle = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-refusals-'));
  const server = await startServer(bundle, dataDir, { METRICS_TOKEN }, { port: PORT });
  const { base } = server;
  try {
    // A customer with a policy, signed in: the other client whose reads are timed.
    const owner = await call<{ token: string }>(base, 'POST', '/api/login', { username: 'owner', password: OWNER_PASSWORD });
    const user = await call<{ id: number }>(base, 'POST', '/api/admin/users', { username: 'flood-bystander', email: 'bystander@example.test', password: CUSTOMER_PASSWORD }, owner.token);
    await call(base, 'POST', '/api/admin/policies', { ...validPolicy, userId: user.id, startDate: '2026-01-01', endDate: '2036-01-01' }, owner.token);
    const { token } = await call<{ token: string }>(base, 'POST', '/api/login', { username: 'flood-bystander', password: CUSTOMER_PASSWORD }, undefined, '10.1.0.1');

    // The sign-in flood's name is over its limit from the flood's address before the flood starts: 5 failures.
    const wrong = JSON.stringify({ username: 'flood-target', password: 'not-the-password' });
    for (let i = 0; i < 6; i++) {
      await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': FLOOD_ADDRESS }, body: wrong });
    }
    const lookup = `${base}/api/verify/7Q4M2XHPAB3CDEFGHJK0`;
    for (let i = 0; i < 31; i++) await fetch(lookup, { headers: { 'x-forwarded-for': FLOOD_ADDRESS } });

    // The signed-in floods' customer, and a staff account with a second factor for the wrong codes' flood.
    await call(base, 'POST', '/api/admin/users', { username: 'flood-linker', email: 'linker@example.test', password: CUSTOMER_PASSWORD }, owner.token);
    const linker = await call<{ token: string }>(base, 'POST', '/api/login', { username: 'flood-linker', password: CUSTOMER_PASSWORD }, undefined, '10.1.0.2');
    await call(base, 'POST', '/api/admin/users', { username: 'flood-clerk', email: 'clerk@example.test', password: CUSTOMER_PASSWORD, isAdmin: true }, owner.token);
    const staff = await call<{ token: string }>(base, 'POST', '/api/login', { username: 'flood-clerk', password: CUSTOMER_PASSWORD }, undefined, '10.1.0.3');
    const { secret } = await call<{ secret: string }>(base, 'POST', '/api/account/second-factor/setup', undefined, staff.token, '10.1.0.3');
    await call(base, 'POST', '/api/account/second-factor/confirm', { code: await generate({ secret }) }, staff.token, '10.1.0.3');
    const badLink = JSON.stringify({ token: 'x'.repeat(43) });

    const phases: Phase[] = [];
    const timed = async (name: string, load?: () => Promise<Flood>) => {
      await quiet(base);
      log(`${name} (${SECONDS} s)...`);
      const writesBefore = await writesSoFar(base);
      const floodDone = load ? load() : new Promise<undefined>((r) => setTimeout(() => r(undefined), SECONDS * 1000));
      // The probes start once the flood is under way, and stop with it.
      if (load) await new Promise((r) => setTimeout(r, 500));
      const probed = await probe(base, token, floodDone);
      const f = await floodDone;
      phases.push(summary(name, probed, (await writesSoFar(base)) - writesBefore, f));
      if (probed.bad > 0) throw new Error(`${name}: ${probed.bad} probes answered other than 200`);
    };
    await timed('unloaded');
    await timed('refused sign-ins from one address', () => flood(`${base}/api/login`, { method: 'POST', body: wrong }));
    await timed('refused /api/verify lookups from one address', () => flood(lookup, { method: 'GET' }));
    await timed('passkey sign-in options from one address', () => flood(`${base}/api/login/passkey/options`, { method: 'POST', address: floodAddress(1) }));
    await timed('bad address confirmation links (signed in)', () =>
      flood(`${base}/api/account/verify-email/confirm`, { method: 'POST', body: badLink, address: floodAddress(2), token: linker.token }),
    );
    await timed('bad e-mail change links (signed in)', () => flood(`${base}/api/account/email/confirm`, { method: 'POST', body: badLink, address: floodAddress(3), token: linker.token }));
    await timed('bad password reset links', () =>
      flood(`${base}/api/password-reset/confirm`, { method: 'POST', body: JSON.stringify({ token: 'x'.repeat(43), password: 'a-new-passphrase' }), address: floodAddress(4) }),
    );
    // A challenge lasts five minutes: asked for just before its flood.
    const wrongCodes = async () => {
      const { challenge } = await call<{ challenge: string }>(base, 'POST', '/api/login', { username: 'flood-clerk', password: CUSTOMER_PASSWORD }, undefined, '10.1.0.3');
      return flood(`${base}/api/login/second-factor`, { method: 'POST', body: JSON.stringify({ challenge, code: '000000' }), address: floodAddress(5) });
    };
    await timed('wrong second-factor codes (a staff challenge)', wrongCodes);
    await timed('unknown second-factor challenges', () =>
      flood(`${base}/api/login/second-factor`, { method: 'POST', body: JSON.stringify({ challenge: 'x'.repeat(43), code: '123456' }), address: floodAddress(6) }),
    );
    return phases;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The budget: 2x the unloaded figure, or the unloaded figure + 5 ms where that is larger. */
export const floodBudget = (unloaded: number) => Math.round(Math.max(2 * unloaded, unloaded + 5) * 10) / 10;

const fmt = (n: number) => n.toFixed(1);

export function report(phases: Phase[]): string[] {
  const lines = [`${'phase'.padEnd(46)} ${'samples'.padStart(7)}  health p50 / p99      policies p50 / p99    writes   load  flood`];
  for (const p of phases) {
    const f = p.flood ? `${p.flood.requests} requests (${Object.entries(p.flood.statuses).map(([k, n]) => `${k} ${n}`).join(', ')})` : '';
    const times = `${`${fmt(p.health.p50)} / ${fmt(p.health.p99)} ms`.padEnd(20)}  ${`${fmt(p.policies.p50)} / ${fmt(p.policies.p99)} ms`.padEnd(20)}`;
    lines.push(`${p.name.padEnd(46)} ${String(p.samples).padStart(7)}  ${times}  ${String(p.writes).padStart(6)}  ${fmt(p.load).padStart(5)}  ${f}`);
  }
  return lines;
}

export function addBudgets(table: BudgetTable, phases: Phase[]): void {
  const [unloaded, ...floods] = phases;
  if (!unloaded) return;
  for (const p of floods) {
    for (const what of ['health', 'policies'] as const) {
      for (const q of ['p50', 'p99'] as const) {
        const base = unloaded[what][q];
        const label = what === 'health' ? 'GET /api/health' : 'GET /api/user/policies';
        table.check(`${label} ${q}, fresh connection, during ${p.name} (unloaded ${fmt(base)} ms)`, p[what][q], { below: floodBudget(base), unit: 'ms' });
      }
    }
  }
}

export const refusalsSection: BenchSection = {
  name: 'refusals',
  async run(table, log) {
    const phases = await benchRefusalFlood(log);
    for (const line of report(phases)) log(line);
    addBudgets(table, phases);
  },
};

const floodAt = process.argv.indexOf('--flood');
if (floodAt > 0) {
  const [url, method, body, address, token] = process.argv.slice(floodAt + 1) as [string, string, string, string, string];
  await pacedFlood(url, method, body, address, token);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { budgets } = await import('./budgets');
  await refusalsSection.run(budgets, (l) => console.log(l));
  console.log('');
  for (const line of budgets.lines()) console.log(line);
  if (budgets.missed.length > 0) process.exitCode = 1;
}
