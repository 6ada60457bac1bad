// `npm run test:load`: the rush test against the real server (src-server/main.ts, bundled) on loopback, with its
// targets (docs/operations.md#load-test-and-its-targets). Scenarios, one after another on one server:
//
// - flat: 120 connections of the realistic mix (logins, dashboards, certificates, quotes, admin searches) sent
//   as fast as the server answers. Targets: non-login p99 < 1 s and max < 3 s, login max < 5 s, only 2xx/429/503.
// - capacity: logins alone, enough of them in flight to keep the password hashing busy and none refused: the
//   logins a second this server can check (its hashing capacity, measured, not assumed).
// - storm: 60 connections offering sign-ins with correct passwords at three times that capacity, beside 100
//   connections offering 400 dashboard reads a second (several times a rush's share of reads). Targets: reads'
//   p99 < 1 s while logins are still served at no less than 85% of the capacity measured above. Both are offered
//   at a rate rather than flat out: on a 2-core machine flat-out clients (the load generator runs here too) would
//   take the second core from the hashing, and the test would measure the load generator, not the server.
// - offered (only with `--rate N`, N > 0): the mix offered at N requests a second, as the first version did.
//
// `npm run test:load` runs flat, capacity and storm (~80 s with set-up); `-- --rate 0` runs flat alone;
// `-- --scenario flat,storm` picks; `--seconds N` sets the length of flat, storm and offered; `--connections N`
// the connections of flat and offered. Every run fails on any 5xx other than 503, any other unexpected status, a
// timeout, an acknowledged quote missing afterwards, a failed integrity check or an unclean server exit.
// A latency or throughput target missed is printed MISSED; a miss within 3x runs that scenario once more (the storm
// after a fresh capacity measurement), and the second run's result counts. It fails the run when the machine was
// otherwise quiet (other processes used under 0.25 of a core meanwhile, from /proc/stat) or when it is missed by
// more than 3x: a neighbour's build can slow a 2-core machine by that much, and the overload this test guards
// against (waits of 10-30 s) is far beyond it. Bounded: fixed durations, loopback only, the server stopped (SIGTERM) at the end.
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { validQuote } from '../fixtures/quote';
import { validPolicy } from '../server/harness';
import { buildServer, checkDatabase, OWNER_PASSWORD, startServer } from '../process/real-server';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
function wholeNumber(name: string, fallback: number, min = 1): number {
  const raw = option(name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} needs a whole number of at least ${min}`);
  return n;
}

type Scenario = 'flat' | 'capacity' | 'storm' | 'offered';
const RATE = wholeNumber('rate', 0, 0);
const SCENARIOS: Scenario[] = option('scenario')
  ? (option('scenario')!.split(',') as Scenario[])
  : option('rate') === undefined
    ? ['flat', 'capacity', 'storm']
    : RATE > 0
      ? ['offered']
      : ['flat'];
for (const s of SCENARIOS) if (!['flat', 'capacity', 'storm', 'offered'].includes(s)) throw new Error(`unknown scenario ${s}`);
/**
 * A scenario judged against another's figure (the storm's logins against the capacity): that one runs just before it,
 * and again before it when it runs once more, so the two figures compared come from the same minute of this machine
 * (its speed moves by 15-30% from one minute to the next; CI once saw capacity 23.0/s, then storms serving 17.5 and
 * 19.3/s against a goal of 19.5).
 */
const BASELINE_OF: Partial<Record<Scenario, Scenario>> = { storm: 'capacity' };
for (const [scenario, baseline] of Object.entries(BASELINE_OF) as [Scenario, Scenario][]) {
  if (SCENARIOS.includes(scenario) && !SCENARIOS.includes(baseline)) SCENARIOS.splice(SCENARIOS.indexOf(scenario), 0, baseline);
}
const SECONDS = option('seconds') === undefined ? undefined : wholeNumber('seconds', 30);
const CONNECTIONS = wholeNumber('connections', 120);
const CUSTOMERS = 40;
const CUSTOMER_PASSWORD = 'load-customer-password';

const FLAT_SECONDS = SECONDS ?? 30;
const STORM_SECONDS = SECONDS ?? 20;
const OFFERED_SECONDS = SECONDS ?? 60;
/** Enough logins in flight to keep one or two hashing slots busy with none refused (the queue holds 32). */
const CAPACITY_CONNECTIONS = 8;
const CAPACITY_SECONDS = 8;
const STORM_READERS = 100;
const STORM_READ_RATE = 400;
const STORM_LOGINS = 60;
/** The storm offers this many times the measured capacity (at least 30 logins a second). */
const STORM_LOGIN_OVERLOAD = 3;

// Goals (docs/operations.md#load-test-and-its-targets).
const NON_LOGIN_P99_MS = 1000;
const NON_LOGIN_MAX_MS = 3000;
const LOGIN_MAX_MS = 5000;
const STORM_READ_P99_MS = 1000;
/**
 * Not 1: the load generator shares the 2 cores, and its bursts (autocannon sends each second's quota at once)
 * slow the hashing a little. Measured: 92-116% of the capacity in 9 storms.
 */
const STORM_LOGIN_SHARE_OF_CAPACITY = 0.85;
/** A miss beyond this factor fails the run even on a busy machine. */
const GROSS_MISS = 3;
/** Other processes' CPU (in cores) above which the machine counts as busy. */
const BUSY_OTHERS_CORES = 0.25;

type Kind = 'login' | 'dashboard' | 'certificate' | 'quote' | 'adminSearch';
const KINDS: Kind[] = ['dashboard', 'certificate', 'quote', 'adminSearch', 'login'];
// Weights: what a campaign rush looks like, with logins kept to a share the password hashing (scrypt,
// 16 MiB each, by design) can carry on two cores.
const MIX: Array<[Kind, number]> = [
  ['dashboard', 35],
  ['certificate', 15],
  ['quote', 20],
  ['adminSearch', 20],
  ['login', 10],
];
const SEARCHES = ['load', 'smith', 'KC-', 'AB12', 'zzz', 'ford', 'cust'];
/** What a request may answer under load: success, a limit (429) or the server at capacity (503). */
const EXPECTED = (status: number) => (status >= 200 && status < 300) || status === 429 || status === 503;

async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string, address = '127.0.0.1'): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const startYear = new Date().getUTCFullYear() + 1;
let serial = 0;
const quoteBody = (n: number) => ({ ...validQuote, lastName: `Rush${n}`, email: `rush${n}@example.test`, policyStartYear: String(startYear) });

interface Customer {
  username: string;
  token: string;
  policyNumber: string;
}

/** What one scenario saw: every answer's time by kind and status, and requests still unanswered at the end. */
class Tally {
  readonly times = new Map<Kind, number[]>();
  readonly statuses = new Map<string, number>();
  readonly acknowledgedQuotes: string[] = [];
  /** Age at the end of requests never answered, by kind: their wait was at least that long. */
  readonly unanswered = new Map<Kind, number[]>();
  requests = 0;
  timeouts = 0;
  errors = 0;
  seconds = 0;

  answered(kind: Kind, status: number, ms: number, body: string) {
    this.requests++;
    (this.times.get(kind) ?? this.times.set(kind, []).get(kind)!).push(ms);
    const key = `${kind} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (kind === 'quote' && status === 201) this.acknowledgedQuotes.push((JSON.parse(body) as { reference: string }).reference);
  }
  count(kind: Kind, status?: number): number {
    return [...this.statuses.entries()].filter(([k]) => (status === undefined ? k.startsWith(`${kind} `) : k === `${kind} ${status}`)).reduce((a, [, n]) => a + n, 0);
  }
  unexpected(): string[] {
    return [...this.statuses.entries()].filter(([k]) => !EXPECTED(Number(k.split(' ')[1]))).map(([k, n]) => `${k}: ${n}`);
  }
  /** Percentile of answered times, with unanswered requests counted at their age (never hides a stuck one). */
  percentile(kinds: Kind[], q: number): number {
    const all = kinds.flatMap((k) => [...(this.times.get(k) ?? []), ...(this.unanswered.get(k) ?? [])]).sort((a, b) => a - b);
    return all.length === 0 ? 0 : all[Math.min(all.length - 1, Math.max(0, Math.ceil(q * all.length) - 1))]!;
  }
}

/** CPU used by processes other than ours (this one and the server) while a scenario runs, in cores (Linux). */
function cpuMeter(serverPid: number) {
  const readAll = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal. Not busy: idle and iowait, and irq and softirq, where the
    // kernel carries this test's own loopback traffic without charging it to either process.
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, busy: total - fields[3]! - fields[4]! - fields[5]! - fields[6]! };
  };
  const readOurs = () =>
    [process.pid, serverPid].reduce((sum, pid) => {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + Number(after[11]) + Number(after[12]);
    }, 0);
  try {
    const start = { ...readAll(), ours: readOurs() };
    return () => {
      const end = { ...readAll(), ours: readOurs() };
      const total = end.total - start.total;
      return total > 0 ? ((end.busy - start.busy - (end.ours - start.ours)) / total) * cpus().length : 0;
    };
  } catch {
    return () => 0; // no /proc: counted as quiet
  }
}

interface RunOptions {
  base: string;
  connections: number;
  seconds: number;
  /** Requests a second over all connections; 0: as fast as the server answers. */
  rate: number;
  pick: () => Kind;
  record: Tally;
  customers: Customer[];
  ownerToken: string;
}

async function run(o: RunOptions): Promise<void> {
  type Ctx = { kind?: Kind; sentAt?: number };
  const contexts = new Set<Ctx>();
  const result = await autocannon({
    url: o.base,
    connections: o.connections,
    duration: o.seconds,
    timeout: 20,
    ...(o.rate > 0 ? { overallRate: o.rate } : {}),
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: Ctx) => {
          contexts.add(context);
          const kind = o.pick();
          context.kind = kind;
          context.sentAt = performance.now();
          const n = ++serial;
          const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          const customer = o.customers[n % o.customers.length]!;
          const json = { 'content-type': 'application/json', 'x-forwarded-for': address };
          switch (kind) {
            case 'login':
              return { ...req, method: 'POST', path: '/api/login', headers: json, body: JSON.stringify({ username: customer.username, password: CUSTOMER_PASSWORD }) };
            case 'dashboard':
              return { ...req, method: 'GET', path: '/api/user/policies', headers: { ...json, authorization: `Bearer ${customer.token}` }, body: undefined };
            case 'certificate':
              return { ...req, method: 'GET', path: `/api/policies/${customer.policyNumber}/certificate`, headers: { ...json, authorization: `Bearer ${customer.token}` }, body: undefined };
            case 'quote':
              return { ...req, method: 'POST', path: '/api/quotes', headers: json, body: JSON.stringify(quoteBody(n)) };
            case 'adminSearch':
              return {
                ...req,
                method: 'GET',
                path: `/api/admin/policies?limit=10&offset=0&search=${encodeURIComponent(SEARCHES[n % SEARCHES.length]!)}`,
                headers: { ...json, authorization: `Bearer ${o.ownerToken}` },
                body: undefined,
              };
          }
        },
        onResponse: (status: number, body: string, context: Ctx) => {
          const took = performance.now() - (context.sentAt ?? 0);
          if (took > 3000 && process.env.LOAD_DEBUG) console.log(`slow ${context.kind} ${Math.round(took)} ms`);
          if (context.kind) o.record.answered(context.kind, status, took, body);
          context.sentAt = undefined;
        },
      },
    ],
  } as autocannon.Options);
  const end = performance.now();
  for (const c of contexts) {
    if (c.kind && c.sentAt !== undefined) (o.record.unanswered.get(c.kind) ?? o.record.unanswered.set(c.kind, []).get(c.kind)!).push(end - c.sentAt);
  }
  o.record.timeouts += result.timeouts;
  o.record.errors += result.errors;
  o.record.seconds = Math.max(o.record.seconds, result.duration);
}

const weighted = (mix: Array<[Kind, number]>) => {
  const total = mix.reduce((a, [, w]) => a + w, 0);
  return (): Kind => {
    let r = Math.random() * total;
    for (const [kind, w] of mix) if ((r -= w) < 0) return kind;
    return mix[0]![0];
  };
};

const ms = (n: number) => `${Math.round(n)} ms`;

function printKinds(record: Tally, kinds: Kind[]) {
  for (const kind of kinds) {
    const answered = record.count(kind);
    const stuck = record.unanswered.get(kind) ?? [];
    if (answered + stuck.length === 0) continue;
    const statuses = [...record.statuses.entries()].filter(([k]) => k.startsWith(`${kind} `)).map(([k, n]) => `${k.split(' ')[1]} x${n}`).join(', ');
    console.log(
      `  ${kind.padEnd(12)} ${String(answered).padStart(6)} answered (${(answered / record.seconds).toFixed(1)}/s; ${statuses})` +
        `  p50 ${ms(record.percentile([kind], 0.5))}  p99 ${ms(record.percentile([kind], 0.99))}  max ${ms(record.percentile([kind], 1))}` +
        (stuck.length ? `  (${stuck.length} unanswered at the end, oldest ${ms(Math.max(...stuck))})` : ''),
    );
  }
}

interface Verdict {
  scenario: string;
  text: string;
  ok: boolean;
  gross: boolean;
  busyCores: number;
}
let verdicts: Verdict[] = [];
const problems: string[] = [];

function target(scenario: string, busyCores: number, text: string, value: number, goal: number, better: 'below' | 'above') {
  const ok = better === 'below' ? value < goal : value >= goal;
  const gross = better === 'below' ? value >= goal * GROSS_MISS : value < goal / GROSS_MISS;
  verdicts.push({ scenario, text: `${text}: ${better === 'below' ? `${ms(value)} (goal < ${ms(goal)})` : `${value.toFixed(1)}/s (goal >= ${goal.toFixed(1)}/s)`}`, ok, gross, busyCores });
}

function checkAnswers(scenario: string, record: Tally) {
  const unexpected = record.unexpected();
  verdicts.push({ scenario, text: `only 2xx/429/503 answers${unexpected.length ? `: also ${unexpected.join(', ')}` : ''}`, ok: unexpected.length === 0, gross: true, busyCores: 0 });
  if (record.timeouts > 0 || record.errors > 0) problems.push(`${scenario}: ${record.timeouts} timeouts, ${record.errors} connection errors`);
}

async function main(): Promise<void> {
  const bundle = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-load-'));
  const server = await startServer(bundle, dataDir);
  const { base } = server;
  console.log(`load test against ${base}: ${SCENARIOS.join(', ')}`);

  // Set-up: staff, and customers each with a policy.
  const owner = await call<{ token: string }>(base, 'POST', '/api/login', { username: 'owner', password: OWNER_PASSWORD });
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const username = `load-cust-${i}`;
    const user = await call<{ id: number }>(base, 'POST', '/api/admin/users', { username, email: `${username}@example.test`, password: CUSTOMER_PASSWORD }, owner.token);
    const policy = await call<{ policyNumber: string }>(
      base,
      'POST',
      '/api/admin/policies',
      { ...validPolicy, userId: user.id, holderName: `Load Customer ${i}`, startDate: '2026-01-01', endDate: '2036-01-01' },
      owner.token,
    );
    const login = await call<{ token: string }>(base, 'POST', '/api/login', { username, password: CUSTOMER_PASSWORD }, undefined, `10.9.0.${i}`);
    customers.push({ username, token: login.token, policyNumber: policy.policyNumber });
  }

  // LOAD_ONLY=<kind> narrows the mix to one kind, for finding which one a slow run comes from.
  const mix = process.env.LOAD_ONLY ? MIX.filter(([k]) => process.env.LOAD_ONLY!.split(',').includes(k)) : MIX;
  // LOAD_DEBUG: a second observer, timing /api/health every 250 ms while the rush runs.
  const t0 = performance.now();
  const probe = process.env.LOAD_DEBUG
    ? setInterval(() => {
        const at = performance.now();
        fetch(`${base}/api/health`).then(
          () => console.log(`health at ${Math.round(at - t0)} ms took ${Math.round(performance.now() - at)} ms`),
          (err: unknown) => console.log(`health at ${Math.round(at - t0)} ms failed: ${String(err)}`),
        );
      }, 250)
    : undefined;

  const acknowledged: string[] = [];
  const common = { base, customers, ownerToken: owner.token };
  let capacity = 0;
  const runScenario = async (scenario: Scenario) => {
    // Whatever the last scenario left in flight is finished before the next starts: up to 33 sign-ins' hashes
    // (~1.7 s) keep running after their connections are gone, and would eat into the next scenario's logins.
    await new Promise((r) => setTimeout(r, 3000));
    const record = new Tally();
    const others = cpuMeter(server.child.pid!);
    if (scenario === 'flat' || scenario === 'offered') {
      const rate = scenario === 'flat' ? 0 : RATE;
      const seconds = scenario === 'flat' ? FLAT_SECONDS : OFFERED_SECONDS;
      console.log(`\n== ${scenario}: ${CONNECTIONS} connections of the mix, ${rate ? `offering ${rate} requests/s` : 'as fast as the server answers'}, ${seconds} s ==`);
      await run({ ...common, connections: CONNECTIONS, seconds, rate, pick: weighted(mix), record });
    } else if (scenario === 'capacity') {
      console.log(`\n== capacity: ${CAPACITY_CONNECTIONS} connections of logins alone, ${CAPACITY_SECONDS} s ==`);
      await run({ ...common, connections: CAPACITY_CONNECTIONS, seconds: CAPACITY_SECONDS, rate: 0, pick: () => 'login', record });
    } else {
      const loginRate = Math.max(30, Math.round(capacity * STORM_LOGIN_OVERLOAD));
      console.log(
        `\n== storm: ${STORM_LOGINS} connections offering ${loginRate} logins/s (correct passwords), beside ${STORM_READERS} connections offering ${STORM_READ_RATE} dashboard reads/s, ${STORM_SECONDS} s ==`,
      );
      await Promise.all([
        run({ ...common, connections: STORM_READERS, seconds: STORM_SECONDS, rate: STORM_READ_RATE, pick: () => 'dashboard', record }),
        run({ ...common, connections: STORM_LOGINS, seconds: STORM_SECONDS, rate: loginRate, pick: () => 'login', record }),
      ]);
    }
    const busyCores = others();
    acknowledged.push(...record.acknowledgedQuotes);

    console.log(`  ${record.requests} answered in ${record.seconds} s (${(record.requests / record.seconds).toFixed(0)}/s); other processes used ${busyCores.toFixed(2)} cores meanwhile`);
    printKinds(record, KINDS);
    checkAnswers(scenario, record);
    const nonLogin = KINDS.filter((k) => k !== 'login');
    if (scenario === 'flat') {
      target(scenario, busyCores, 'non-login p99', record.percentile(nonLogin, 0.99), NON_LOGIN_P99_MS, 'below');
      target(scenario, busyCores, 'non-login max', record.percentile(nonLogin, 1), NON_LOGIN_MAX_MS, 'below');
      if (mix.some(([k]) => k === 'login')) target(scenario, busyCores, 'login max', record.percentile(['login'], 1), LOGIN_MAX_MS, 'below');
    } else if (scenario === 'capacity') {
      capacity = record.count('login', 200) / record.seconds;
      console.log(`  hashing capacity: ${capacity.toFixed(1)} logins/s (${record.count('login', 503)} refused with 503)`);
      if (capacity === 0) problems.push('capacity: no login succeeded');
    } else if (scenario === 'storm') {
      target(scenario, busyCores, 'dashboard p99', record.percentile(['dashboard'], 0.99), STORM_READ_P99_MS, 'below');
      target(scenario, busyCores, 'logins served', record.count('login', 200) / record.seconds, capacity * STORM_LOGIN_SHARE_OF_CAPACITY, 'above');
    }
    for (const v of verdicts.filter((x) => x.scenario === scenario)) console.log(`  ${v.ok ? 'ok    ' : 'MISSED'} ${v.text}`);
  };

  for (const scenario of SCENARIOS) {
    await runScenario(scenario);
    // A miss within GROSS_MISS may be a moment's noise the CPU meter cannot see (a neighbour's disk, a VM
    // pause): the scenario runs once more, and the second run's targets are the ones that count.
    if (verdicts.some((v) => v.scenario === scenario && !v.ok && !v.gross)) {
      console.log(`  a target missed within ${GROSS_MISS}x: running ${scenario} once more to tell a real miss from noise`);
      verdicts = verdicts.filter((v) => v.scenario !== scenario);
      const baseline = BASELINE_OF[scenario];
      if (baseline) await runScenario(baseline);
      await runScenario(scenario);
    }
  }

  clearInterval(probe);
  // Graceful stop, then read the database the way an auditor would.
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const { integrity, missingQuotes: lost, storedQuotes } = checkDatabase(dataDir, { quotes: new Set(acknowledged), policies: new Set() });
  console.log(`\nquotes acknowledged ${acknowledged.length}, stored ${storedQuotes}, lost ${lost.length}; integrity ${integrity}; server exit code ${code}`);
  if (lost.length > 0) problems.push(`${lost.length} acknowledged quotes lost`);
  if (integrity !== 'ok') problems.push(`integrity check: ${integrity}`);
  if (code !== 0) problems.push(`server exit code ${code}`);
  if (acknowledged.length === 0 && SCENARIOS.some((s) => s === 'flat' || s === 'offered') && !process.env.LOAD_ONLY) problems.push('no quote acknowledged');

  // A miss fails the run on a quiet machine, or anywhere when it is gross (see the top of this file).
  const failing = verdicts.filter((v) => !v.ok && (v.gross || v.busyCores < BUSY_OTHERS_CORES));
  const excused = verdicts.filter((v) => !v.ok && !failing.includes(v));
  for (const v of excused) console.log(`not failing on: ${v.scenario} ${v.text} (other processes used ${v.busyCores.toFixed(2)} cores; within ${GROSS_MISS}x)`);
  for (const p of problems) console.log(`problem: ${p}`);
  const failed = failing.length > 0 || problems.length > 0;
  console.log(failed ? 'load test: FAILED' : `load test: passed (${verdicts.filter((v) => v.ok).length} of ${verdicts.length} targets ok)`);
  process.exit(failed ? 1 : 0);
}

await main();
