// `npm run bench`: every benchmark with a target, one run on one machine, and at the end one table of every budget
// with `ok` or `MISSED` (tests/bench/budgets.ts; docs/operations.md#benchmarks). Sections run one at a time, so no
// two heavy measurements share the two cores. A section that fails is reported and the others still run; its
// budgets show 'not run'. The exit code is 1 when a budget was MISSED or not run.
//
//   BENCH_ONLY=api,admin    run only these sections (pdf, api, admin, claims, refusals, reset-timing, size, lighthouse,
//                           dashboard; the last three measure the client build in dist/client, which `npm run bench`
//                           builds first)
//   BENCH_SECONDS, BENCH_ROUNDS   the API load's length and rounds (5 s, 3 rounds)
//   BENCH_ADMIN=0           skip the 1M admin search (its seed takes ~15 minutes to build the first time; it is
//                           then kept in .tmp/bench-seeds/ and each run takes ~2-3 minutes)
import { benchUserPolicies } from './api-bench';
import { addBudgets as addAdminBudgets, benchAdminSearch, report as adminSearchReport } from './admin-search';
import { budgets, type BenchSection } from './budgets';
import { claimsSection } from './claim-bench';
import { benchCertificatePdf } from './pdf-bench';
import { refusalsSection } from './refusal-flood';
import { resetTimingSection } from './reset-timing';
import { dashboardSection, lighthouseSection, sizeSection } from '../perf/bench-sections';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const fmt = (n: number, digits = 2) => n.toFixed(digits);
/**
 * The dashboard's read, on the door it uses (docs/performance.md#the-policy-list-read): tRPC's own work per request (its
 * fetch adapter, batch envelope and output check) puts it at about half of what the same operation answers through
 * REST, so its budget is its own.
 */
const API_P99_MS = 40;
const API_VS_NATIVE = 0.3;

const pdf: BenchSection = {
  name: 'pdf',
  async run(table, log) {
    const r = await benchCertificatePdf(500);
    log(`certificate PDF (500 renders): p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, ${r.bytes} bytes`);
    table.check('certificate PDF render p95', r.p95, { below: 10, unit: 'ms', digits: 2 });
  },
};

const api: BenchSection = {
  name: 'api',
  async run(table, log) {
    const { hello, raw, rawClient, rawJson, app, rest } = await benchUserPolicies(seconds, rounds);
    log(`throughput at 50 connections, medians of ${rounds} interleaved rounds of ${seconds} s, each server in its own process:`);
    for (const r of [hello, raw, rawClient, rawJson, app, rest]) {
      log(`  ${r.name.padEnd(48)} ${fmt(r.requestsPerSecond, 0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
    }
    log(`  (for reference: ${fmt(app.requestsPerSecond / rawClient.requestsPerSecond)}x of the read through @libsql/client, ${fmt(app.requestsPerSecond / rawJson.requestsPerSecond)}x of the app’s own read behind no framework)`);
    table.check('policies.mine p99, 50 connections', app.p99, { below: API_P99_MS, unit: 'ms', digits: 0 });
    table.check('policies.mine vs (b) native libSQL read', app.requestsPerSecond / raw.requestsPerSecond, { atLeast: API_VS_NATIVE, unit: 'x', digits: 2 });
  },
};

const admin: BenchSection = {
  name: 'admin',
  async run(table, log) {
    const result = await benchAdminSearch(log, { sizes: [1_000_000] });
    for (const line of adminSearchReport(result)) log(line);
    addAdminBudgets(table, result);
  },
};

/** In running order. Another module's section is added here (see budgets.ts). */
const sections: BenchSection[] = [pdf, api, admin, claimsSection, refusalsSection, resetTimingSection, sizeSection, lighthouseSection, dashboardSection];

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const log = (line: string) => console.log(line);
for (const section of sections) {
  if (only && !only.includes(section.name)) continue;
  if (section.name === 'admin' && process.env.BENCH_ADMIN === '0') {
    budgets.notRun('admin search at 1M (every case)', 'skipped: BENCH_ADMIN=0', '< 10 ms');
    continue;
  }
  console.log(`\n== ${section.name}`);
  const rowsBefore = budgets.rows.length;
  try {
    await section.run(budgets, log);
  } catch (err) {
    console.error(err);
    // Rows the section added before failing stay; the failure itself is a row, so the table shows it.
    budgets.notRun(`${section.name} section`, `failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 80));
  }
  if (budgets.rows.length === rowsBefore) budgets.notRun(`${section.name} section`, 'added no budget');
}

console.log('\n== budgets');
for (const line of budgets.lines()) console.log(line);
if (budgets.rows.some((r) => !r.ok)) process.exitCode = 1;
