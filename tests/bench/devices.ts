// Side by side: the same user-facing figures measured on two or more source trees in one run, interleaved, so a
// performance device is judged with and without it under the same machine conditions (docs/performance.md#server-performance-devices).
//
//   npx tsx tests/bench/devices.ts --variant with=<tree> --variant without=<tree> [--figures mine,quotes,...]
//                                  [--rounds 5] [--seconds 5] [--admin-size 1000000] [--admin-grow 2000]
//
// A tree is `.` (this working tree, as it is), a git revision (`HEAD~2`, a hash: extracted with `git archive`), or
// `tree` (this working tree's files, copied), each optionally followed by `+path/to.patch` (applied to the copy): a
// device kept in the code is measured without it by a patch under tests/bench/device-patches/.
//
// Figures (each from the tree's own code; the harness files below are this tree's, copied into every tree):
//   mine        tRPC policies.mine at 50 connections, as the dashboard asks it (batch of one): req/s, p50, p99
//   quotes      tRPC quotes.mine, the same way
//   admin-list  tRPC admin.policies.list, the console's first page (10 a page, no search)
//   rest-mine   GET /api/user/policies (the REST door, which the app does not call), for reference
//   pdf         tests/bench/pdf-bench.ts: the certificate's render p50 and p95 over 500 renders
//   admin       tests/bench/admin-search.ts at --admin-size on the kept seed: the worst case's p95, /api/health p95
//               with four log searches in flight, the longest hold of the main thread by a 1-2 character search (and,
//               with --admin-grow N, by the merge steps after N single inserts)
//   load        tests/load/run.ts --scenario flat: answered a second, non-login p99 and max
// Every round runs every figure on every tree, the trees' order turning from round to round; medians and ranges
// over the rounds are printed at the end, with the load average at each round's start (this machine's figures
// swing by 15-25% between runs, and other processes move them more).
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { stopWithParent } from '../process/stop-with-parent';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VARIANTS_DIR = process.env.BENCH_VARIANTS_DIR ?? join(tmpdir(), 'kerbside-bench-variants');
const SEED_DIR = process.env.BENCH_SEED_DIR ?? join(ROOT, '.tmp', 'bench-seeds');
/** The harness files every tree runs, this tree's versions. */
const HARNESS = ['tests/bench/servers/device-app.ts', 'tests/bench/servers/device-admin.ts'];
const SECRET = 'device-bench-secret-device-bench-secret-0123';
const CONNECTIONS = 50;
/** Ports for the trees' servers: docs/operations.md#benchmarks. */
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4610);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const options = (name: string): string[] => process.argv.flatMap((a, i) => (a === `--${name}` && process.argv[i + 1] ? [process.argv[i + 1]!] : []));

const ROUNDS = Number(option('rounds') ?? 5);
const SECONDS = Number(option('seconds') ?? 5);
const ADMIN_SIZE = Number(option('admin-size') ?? 1_000_000);
const ADMIN_GROW = option('admin-grow');
const HTTP_FIGURES = ['mine', 'quotes', 'admin-list', 'rest-mine'] as const;
type HttpFigure = (typeof HTTP_FIGURES)[number];
const ALL_FIGURES = [...HTTP_FIGURES, 'pdf', 'admin', 'load'] as const;
type Figure = (typeof ALL_FIGURES)[number];
const FIGURES = (option('figures')?.split(',') ?? ['mine']) as Figure[];
for (const f of FIGURES) if (!ALL_FIGURES.includes(f)) throw new Error(`unknown figure ${f} (${ALL_FIGURES.join(', ')})`);

interface Variant {
  name: string;
  spec: string;
  dir: string;
  server?: ChildProcess;
  port?: number;
  customerToken?: string;
  adminToken?: string;
}

const variants: Variant[] = options('variant').map((v) => {
  const at = v.indexOf('=');
  if (at < 1) throw new Error(`--variant name=tree, not ${v}`);
  return { name: v.slice(0, at), spec: v.slice(at + 1), dir: '' };
});
if (variants.length < 1) throw new Error('give at least one --variant name=tree');

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });

/** The tree as a folder: this one, or a copy (a revision's files or this tree's) with its patches applied. */
function prepare(v: Variant): void {
  const [base, ...patches] = v.spec.split('+');
  if (base === '.' && patches.length === 0) {
    v.dir = ROOT;
    return;
  }
  v.dir = join(VARIANTS_DIR, v.name);
  rmSync(v.dir, { recursive: true, force: true });
  mkdirSync(v.dir, { recursive: true });
  if (base === 'tree' || base === '.') {
    for (const file of git(['ls-files', '-z', '-co', '--exclude-standard']).split('\0').filter(Boolean)) {
      if (file === 'node_modules' || !existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(v.dir, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(v.dir, file));
    }
  } else {
    const tar = `${v.dir}.tar`;
    git(['archive', '--format=tar', '-o', tar, base!]);
    execFileSync('tar', ['-x', '-f', tar, '-C', v.dir]);
    rmSync(tar);
  }
  for (const patch of patches) execFileSync('patch', ['-p1', '--forward', '--batch', '-s', '-d', v.dir, '-i', resolve(ROOT, patch)], { stdio: 'inherit' });
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(v.dir, 'node_modules'));
  v.spec = `${v.spec} (${base === 'tree' || base === '.' ? 'this tree' : git(['rev-parse', '--short', base!]).trim()})`;
}

function copyHarness(v: Variant): void {
  if (v.dir === ROOT) return;
  for (const file of HARNESS) {
    mkdirSync(dirname(join(v.dir, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(v.dir, file));
  }
}

async function startApp(v: Variant, port: number): Promise<void> {
  const data = join(VARIANTS_DIR, `${v.name}-data`);
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const child = stopWithParent(
    fork(join(v.dir, 'tests/bench/servers/device-app.ts'), [], {
      cwd: v.dir,
      env: { ...process.env, DATABASE_URL: `file:${join(data, 'bench.db')}`, JWT_SECRET: SECRET, PORT: String(port) },
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const message = await new Promise<{ customerToken: string; adminToken: string }>((res, rej) => {
    child.once('message', (m) => res(m as { customerToken: string; adminToken: string }));
    child.once('exit', (code) => rej(new Error(`${v.name}: the bench server exited with ${code}`)));
  });
  Object.assign(v, { server: child, port, customerToken: message.customerToken, adminToken: message.adminToken });
}

const listInput = encodeURIComponent(JSON.stringify({ 0: { limit: 10, offset: 0, search: '' } }));
const request = (figure: HttpFigure, v: Variant): { path: string; token: string } => {
  switch (figure) {
    case 'mine':
      return { path: `/trpc/policies.mine?batch=1&input=${encodeURIComponent('{}')}`, token: v.customerToken! };
    case 'quotes':
      return { path: `/trpc/quotes.mine?batch=1&input=${encodeURIComponent('{}')}`, token: v.customerToken! };
    case 'admin-list':
      return { path: `/trpc/admin.policies.list?batch=1&input=${listInput}`, token: v.adminToken! };
    case 'rest-mine':
      return { path: '/api/user/policies', token: v.customerToken! };
  }
};

type Sample = Record<string, number>;
const samples = new Map<string, Sample[]>();
const record = (figure: Figure, v: Variant, s: Sample) => {
  const key = `${figure}\u0000${v.name}`;
  (samples.get(key) ?? samples.set(key, []).get(key)!).push(s);
  console.log(`  ${figure.padEnd(10)} ${v.name.padEnd(24)} ${Object.entries(s).map(([k, x]) => `${k} ${round(x)}`).join('  ')}`);
};
const round = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));

async function httpFigure(figure: HttpFigure, v: Variant): Promise<void> {
  const { path, token } = request(figure, v);
  const url = `http://127.0.0.1:${v.port}${path}`;
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.errors || r.timeouts || r.non2xx) throw new Error(`${figure} on ${v.name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  record(figure, v, { 'req/s': r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
}

/** Runs `file` of the tree with tsx and answers its standard output. */
function runIn(v: Variant, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((res) => {
    const child = stopWithParent(spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: v.dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => process.env.BENCH_VERBOSE && process.stderr.write(d));
    child.on('exit', (code) => res({ code, out }));
  });
}

async function pdfFigure(v: Variant): Promise<void> {
  const { out } = await runIn(v, ['tests/bench/pdf-bench.ts', '500']);
  const m = /p50 ([\d.]+) ms, p95 ([\d.]+) ms, (\d+) bytes/.exec(out);
  if (!m) throw new Error(`pdf on ${v.name}: ${out}`);
  record('pdf', v, { p50: Number(m[1]), p95: Number(m[2]), bytes: Number(m[3]) });
}

interface AdminResult {
  merged: { cases: Record<string, { p95: number }> };
  growth?: { grown: { cases: Record<string, { p95: number }> }; merge: { longest: number; longestStallMs: number }; fullMerge: { longest: number; longestStallMs: number } };
  logShortTerm: { longestStallMs: number; ms: number };
  policyShortTerm: { longestStallMs: number; ms: number };
  health: { p50: number; p95: number };
}

function seedCopyFor(v: Variant): string {
  const dir = join(VARIANTS_DIR, `${v.name}-seeds`);
  const file = `policies-${ADMIN_SIZE}.db`;
  if (!existsSync(join(SEED_DIR, file))) throw new Error(`no seed ${join(SEED_DIR, file)}: run npm run bench:admin once to build it`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const suffix of ['', '-wal']) if (existsSync(join(SEED_DIR, file + suffix))) copyFileSync(join(SEED_DIR, file + suffix), join(dir, file + suffix));
  return dir;
}

async function adminFigure(v: Variant, seeds: string): Promise<void> {
  const env: Record<string, string> = { BENCH_SEED_DIR: seeds, BENCH_ADMIN_SIZE: String(ADMIN_SIZE) };
  if (ADMIN_GROW) env.BENCH_GROW = ADMIN_GROW;
  const { out } = await runIn(v, ['tests/bench/servers/device-admin.ts'], env);
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`admin on ${v.name}: ${out.slice(-2000)}`);
  const r = JSON.parse(line.slice('RESULT '.length)) as AdminResult;
  const worst = (cases: Record<string, { p95: number }>) => Math.max(...Object.values(cases).map((c) => c.p95));
  const s: Sample = {
    'worst p95': worst(r.merged.cases),
    'health p95': r.health.p95,
    'log qx hold': r.logShortTerm.longestStallMs,
    'policy qx hold': r.policyShortTerm.longestStallMs,
    'policy qx ms': r.policyShortTerm.ms,
  };
  if (r.growth) {
    s['grown worst p95'] = worst(r.growth.grown.cases);
    s['merge hold'] = Math.max(r.growth.merge.longestStallMs, r.growth.fullMerge.longestStallMs);
    s['merge step'] = r.growth.merge.longest;
  }
  for (const [name, c] of Object.entries(r.merged.cases)) if (process.env.BENCH_CASES) s[name] = c.p95;
  record('admin', v, s);
}

async function loadFigure(v: Variant): Promise<void> {
  const { out } = await runIn(v, ['tests/load/run.ts', '--scenario', 'flat']);
  // The last flat run counts (a miss within 3x runs it once more).
  const flat = out.split('== flat').pop() ?? '';
  const answered = /answered in [\d.]+ s \((\d+)\/s\)/.exec(flat);
  const p99 = /non-login p99: (\d+) ms/.exec(flat);
  const max = /non-login max: (\d+) ms/.exec(flat);
  const dashboard = /dashboard\s+\d+ answered.*?p50 (\d+) ms\s+p99 (\d+) ms\s+max (\d+) ms/.exec(flat);
  if (!answered || !p99 || !max) throw new Error(`load on ${v.name}: ${out.slice(-3000)}`);
  record('load', v, {
    'req/s': Number(answered[1]),
    'non-login p99': Number(p99[1]),
    'non-login max': Number(max[1]),
    ...(dashboard ? { 'dashboard p99': Number(dashboard[2]) } : {}),
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  for (const v of variants) {
    prepare(v);
    copyHarness(v);
    console.log(`tree ${v.name}: ${v.spec}${v.dir === ROOT ? '' : ` in ${v.dir}`}`);
  }
  if (FIGURES.some((f) => (HTTP_FIGURES as readonly string[]).includes(f))) {
    for (const [i, v] of variants.entries()) await startApp(v, FIRST_PORT + i);
  }
  const seeds = new Map<Variant, string>();
  if (FIGURES.includes('admin')) for (const v of variants) seeds.set(v, seedCopyFor(v));
  const loads: string[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const load = loadavg()[0]!.toFixed(2);
      loads.push(load);
      console.log(`round ${r + 1} of ${ROUNDS} (load average ${load})`);
      // The trees' order turns each round, so none is always measured first (or right after the same other).
      const order = variants.map((_, i) => variants[(i + r) % variants.length]!);
      for (const figure of FIGURES) {
        for (const v of order) {
          if ((HTTP_FIGURES as readonly string[]).includes(figure)) await httpFigure(figure as HttpFigure, v);
          else if (figure === 'pdf') await pdfFigure(v);
          else if (figure === 'admin') await adminFigure(v, seeds.get(v)!);
          else await loadFigure(v);
        }
      }
    }
  } finally {
    for (const v of variants) v.server?.kill('SIGKILL');
  }
  console.log(`\nmedians [ranges] over ${ROUNDS} rounds (load averages at each round's start: ${loads.join(', ')}):`);
  for (const figure of FIGURES) {
    for (const v of variants) {
      const runs = samples.get(`${figure}\u0000${v.name}`) ?? [];
      if (runs.length === 0) continue;
      const keys = Object.keys(runs[0]!);
      const text = keys.map((k) => {
        const xs = runs.map((s) => s[k]!);
        return `${k} ${round(median(xs))} [${round(Math.min(...xs))}-${round(Math.max(...xs))}]`;
      });
      console.log(`  ${figure.padEnd(10)} ${v.name.padEnd(24)} ${text.join('  ')}`);
    }
  }
}

await main();
process.exit(0);
