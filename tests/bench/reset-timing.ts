// Does a password reset request tell, by its timing, whether an address has an account
// (docs/product.md#password-reset)? The probe a security review used, against the real server (src-server/main.ts
// bundled, in its own process, on BENCH_PORT or 4410): 200 pairs of a reset request for an address with an
// account, then at once a follow-up request from the same client on the same connection (GET /api/health), and
// 200 pairs for addresses without one, in random order; then a threshold on the follow-up's time, chosen on half
// the pairs, classifies the other half. Its accuracy must be no better than chance: under 50% + two standard
// errors of a coin's accuracy on that half (57.1% on 200 pairs). A control run, both halves addresses without
// accounts, shows what chance looks like on this machine.
//
//   npx tsx tests/bench/reset-timing.ts          (BENCH_RESET_PAIRS=N per kind, 200 by default)
//   npm run bench  (section `reset-timing`)
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, OWNER_PASSWORD, startServer } from '../process/real-server';
import type { BenchSection, BudgetTable } from './budgets';

const PORT = Number(process.env.BENCH_PORT ?? 4410);
const PAIRS = Number(process.env.BENCH_RESET_PAIRS ?? 200);
/** A pause between pairs, so that each pair starts on a quiet server, as a patient prober's would. */
const GAP_MS = 30;

/** One request on `agent` (one connection kept alive), timed to the end of its answer. */
function timed(agent: Agent, base: string, method: string, path: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { agent, method, headers: { 'x-forwarded-for': (agent as Agent & { address: string }).address, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let clients = 0;
/** A client of its own: one kept-alive connection and an address (the reset limits allow 10 requests an address an hour). */
function newClient(): Agent {
  const n = ++clients;
  return Object.assign(new Agent({ keepAlive: true, maxSockets: 1 }), { address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
}

interface Pair {
  /** What the classifier is to tell: the address has an account. */
  known: boolean;
  followUpMs: number;
}

/** A reset for `email`, then at once the follow-up from the same client. */
async function pair(base: string, email: string, known: boolean): Promise<Pair> {
  const agent = newClient();
  try {
    const reset = await timed(agent, base, 'POST', '/api/password-reset/request', { email });
    if (reset.status !== 200) throw new Error(`reset request answered ${reset.status}`);
    const followUp = await timed(agent, base, 'GET', '/api/health');
    return { known, followUpMs: followUp.ms };
  } finally {
    agent.destroy();
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The best threshold on the training pairs (either direction: slower means known, or faster does), then its
 * accuracy on the test pairs.
 */
export function thresholdAccuracy(train: Pair[], test: Pair[]): number {
  const accuracy = (pairs: Pair[], t: number, slowerIsKnown: boolean) => pairs.filter((p) => (p.followUpMs > t) === (slowerIsKnown === p.known)).length / pairs.length;
  let best = { t: 0, slowerIsKnown: true, acc: -1 };
  for (const t of train.map((p) => p.followUpMs)) {
    for (const slowerIsKnown of [true, false]) {
      const acc = accuracy(train, t, slowerIsKnown);
      if (acc > best.acc) best = { t, slowerIsKnown, acc };
    }
  }
  return accuracy(test, best.t, best.slowerIsKnown);
}

/** Half of each kind to train on, the other half to test. */
function split(pairs: Pair[]): [Pair[], Pair[]] {
  const train: Pair[] = [];
  const test: Pair[] = [];
  for (const known of [true, false]) {
    const kind = shuffle(pairs.filter((p) => p.known === known));
    train.push(...kind.slice(0, kind.length / 2));
    test.push(...kind.slice(kind.length / 2));
  }
  return [train, test];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export interface RunResult {
  name: string;
  accuracy: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  testPairs: number;
}

async function run(base: string, name: string, emails: { known: string[]; unknown: string[] }, labelKnown: boolean): Promise<RunResult> {
  const order = shuffle([...emails.known.map((email) => ({ email, known: labelKnown })), ...emails.unknown.map((email) => ({ email, known: false }))]);
  // In the control run the first half are labelled as the "known" kind, though neither has an account.
  if (!labelKnown) order.forEach((o, i) => (o.known = i % 2 === 0));
  const pairs: Pair[] = [];
  for (const { email, known } of order) {
    pairs.push(await pair(base, email, known));
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const [train, test] = split(pairs);
  return {
    name,
    accuracy: thresholdAccuracy(train, test),
    knownMedianMs: median(pairs.filter((p) => p.known).map((p) => p.followUpMs)),
    unknownMedianMs: median(pairs.filter((p) => !p.known).map((p) => p.followUpMs)),
    testPairs: test.length,
  };
}

export async function benchResetTiming(log: (line: string) => void): Promise<RunResult[]> {
  const bundle = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-reset-timing-'));
  const server = await startServer(bundle, dataDir, {}, { port: PORT });
  const { base } = server;
  try {
    const owner = (await (
      await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner', password: OWNER_PASSWORD }) })
    ).json()) as { token: string };
    log(`making ${PAIRS} accounts...`);
    const known: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const email = `timing${i}@example.test`;
      const res = await fetch(`${base}/api/admin/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ username: `timing${i}`, email, password: 'timing-password-1' }),
      });
      if (res.status !== 201) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
      known.push(email);
    }
    const unknown = (tag: string) => Array.from({ length: PAIRS }, (_, i) => `nobody-${tag}${i}@example.test`);
    // A warm-up, so the first pairs are not the JIT's.
    await run(base, 'warm-up', { known: [], unknown: unknown('w').slice(0, 40) }, false);
    log(`${PAIRS} pairs each way...`);
    const results = [await run(base, 'known vs unknown addresses', { known, unknown: unknown('a') }, true)];
    log('control: unknown vs unknown addresses...');
    results.push(await run(base, 'control: unknown vs unknown', { known: unknown('b'), unknown: unknown('c') }, false));
    return results;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Chance and two standard errors of a coin's accuracy on `n` test pairs. */
export const chanceBound = (n: number) => 0.5 + 2 * Math.sqrt(0.25 / n);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function report(results: RunResult[]): string[] {
  return results.map(
    (r) => `${r.name.padEnd(30)} classifier accuracy ${pct(r.accuracy).padStart(6)} on ${r.testPairs} test pairs; follow-up median ${r.knownMedianMs.toFixed(2)} ms (first kind) / ${r.unknownMedianMs.toFixed(2)} ms`,
  );
}

export function addBudgets(table: BudgetTable, results: RunResult[]): void {
  const [probe, control] = results;
  if (!probe) return;
  const bound = chanceBound(probe.testPairs);
  table.check(`reset request timing: accuracy telling known from unknown addresses (control ${control ? pct(control.accuracy) : '-'})`, 100 * probe.accuracy, { below: Math.round(1000 * bound) / 10, unit: '%' });
}

export const resetTimingSection: BenchSection = {
  name: 'reset-timing',
  async run(table, log) {
    const results = await benchResetTiming(log);
    for (const line of report(results)) log(line);
    addBudgets(table, results);
  },
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { budgets } = await import('./budgets');
  await resetTimingSection.run(budgets, (l) => console.log(l));
  console.log('');
  for (const line of budgets.lines()) console.log(line);
  if (budgets.missed.length > 0) process.exitCode = 1;
}
