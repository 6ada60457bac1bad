// `npm run test:load [-- --seconds 60 --connections 120]`: the rush test (issue: logins, dashboard reads,
// certificate downloads, quote submissions and admin searches mixed at 100+ connections for 60 s against
// the real server on loopback; zero 5xx, every acknowledged quote in the database afterwards, p99 printed).
// Bounded: one duration, loopback only, and the server is stopped (SIGTERM) at the end.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { validQuote } from '../fixtures/quote';
import { validPolicy } from '../server/harness';
import { buildServer, checkDatabase, OWNER_PASSWORD, startServer } from '../process/real-server';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a whole number`);
  return n;
}

const SECONDS = flag('seconds', 60);
const CONNECTIONS = flag('connections', 120);
// The offered load, in requests a second over all connections (0: as fast as the server answers).
const RATE = process.argv.includes('--rate') ? Number(process.argv[process.argv.indexOf('--rate') + 1]) : 150;
const CUSTOMERS = 40;
const CUSTOMER_PASSWORD = 'load-customer-password';

type Kind = 'login' | 'dashboard' | 'certificate' | 'quote' | 'adminSearch';
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

async function main(): Promise<void> {
  const bundle = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-load-'));
  const server = await startServer(bundle, dataDir);
  const { base } = server;
  console.log(`load test: ${CONNECTIONS} connections for ${SECONDS} s against ${base}, offering ${RATE > 0 ? `${RATE} requests/s` : 'as many requests as it answers'}`);

  // Set-up: staff, and customers each with a policy.
  const owner = await call<{ token: string }>(base, 'POST', '/api/login', { username: 'owner', password: OWNER_PASSWORD });
  const customers: Array<{ username: string; token: string; policyNumber: string }> = [];
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
  const totalWeight = mix.reduce((a, [, w]) => a + w, 0);
  const pick = (): Kind => {
    let r = Math.random() * totalWeight;
    for (const [kind, w] of mix) if ((r -= w) < 0) return kind;
    return 'dashboard';
  };
  const statuses = new Map<string, number>();
  const acknowledgedQuotes: string[] = [];
  let fiveHundreds = 0;

  // Per kind: how many were sent, and the slowest answer (a timed-out request is sent but never answered).
  const sent = new Map<Kind, number>();
  const slowest = new Map<Kind, number>();
  type Ctx = { kind?: Kind; sentAt?: number };
  const t0 = performance.now();
  // LOAD_DEBUG: a second observer, timing /api/health every 250 ms while the rush runs.
  const probe = process.env.LOAD_DEBUG
    ? setInterval(() => {
        const at = performance.now();
        void fetch(`${base}/api/health`).then(() => console.log(`health at ${Math.round(at - t0)} ms took ${Math.round(performance.now() - at)} ms`));
      }, 250)
    : undefined;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 20,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: Ctx) => {
          const kind = pick();
          context.kind = kind;
          context.sentAt = performance.now();
          sent.set(kind, (sent.get(kind) ?? 0) + 1);
          const n = ++serial;
          const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          const customer = customers[n % customers.length]!;
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
                headers: { ...json, authorization: `Bearer ${owner.token}` },
                body: undefined,
              };
          }
        },
        onResponse: (status: number, body: string, context: Ctx) => {
          const took = performance.now() - (context.sentAt ?? 0);
          if (context.kind && took > (slowest.get(context.kind) ?? 0)) slowest.set(context.kind, took);
          if (took > 3000 && process.env.LOAD_DEBUG) console.log(`slow ${context.kind} ${Math.round(took)} ms, sent at ${Math.round((context.sentAt ?? 0) - t0)} ms`);
          const key = `${context.kind} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (status >= 500) fiveHundreds++;
          if (context.kind === 'quote' && status === 201) acknowledgedQuotes.push((JSON.parse(body) as { reference: string }).reference);
        },
      },
    ],
  } as autocannon.Options);

  clearInterval(probe);
  // Graceful stop, then read the database the way an auditor would.
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const { integrity, missingQuotes: lost, storedQuotes } = checkDatabase(dataDir, { quotes: new Set(acknowledgedQuotes), policies: new Set() });

  const byKind = [...statuses.entries()].sort().map(([k, n]) => `${k}: ${n}`).join(', ');
  console.log(`requests: ${result.requests.total} in ${result.duration} s (${result.requests.average.toFixed(0)} req/s average)`);
  console.log(`latency: p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`by kind and status: ${byKind}`);
  const answered = (kind: Kind) => [...statuses.entries()].filter(([k]) => k.startsWith(`${kind} `)).reduce((a, [, n]) => a + n, 0);
  console.log(
    `per kind, sent / unanswered / slowest: ${MIX.map(([k]) => `${k} ${sent.get(k) ?? 0} / ${(sent.get(k) ?? 0) - answered(k)} / ${Math.round(slowest.get(k) ?? 0)} ms`).join(', ')}`,
  );
  console.log(`connection errors ${result.errors}, timeouts ${result.timeouts}; 5xx ${fiveHundreds}`);
  console.log(`quotes acknowledged ${acknowledgedQuotes.length}, stored ${storedQuotes}, lost ${lost.length}; integrity ${integrity}; server exit code ${code}`);
  const failed = fiveHundreds > 0 || lost.length > 0 || result.errors > 0 || result.timeouts > 0 || integrity !== 'ok' || code !== 0 || (acknowledgedQuotes.length === 0 && !process.env.LOAD_ONLY);
  console.log(failed ? 'load test: FAILED' : 'load test: passed');
  process.exit(failed ? 1 : 0);
}

await main();
