// `npm run bench`: every benchmark, one run on one machine, figures with their targets.
import { benchUserPolicies } from './api-bench';
import { benchAdminSearch, report as adminSearchReport } from './admin-search';
import { benchCertificatePdf } from './pdf-bench';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

const pdf = await benchCertificatePdf(500);
console.log(`certificate PDF (500 renders): p50 ${fmt(pdf.p50)} ms, p95 ${fmt(pdf.p95)} ms, ${pdf.bytes} bytes  [target p95 < 10 ms: ${verdict(pdf.p95 < 10)}]`);

const { hello, raw, rawClient, rawJson, app } = await benchUserPolicies(seconds, rounds);
console.log(`\nthroughput at 50 connections, medians of ${rounds} interleaved rounds of ${seconds} s, each server in its own process:`);
for (const r of [hello, raw, rawClient, rawJson, app]) {
  console.log(`  ${r.name.padEnd(48)} ${fmt(r.requestsPerSecond, 0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
}
const vsHello = app.requestsPerSecond / hello.requestsPerSecond;
const vsRaw = app.requestsPerSecond / raw.requestsPerSecond;
console.log(`  ratio to (a) hello-world: ${fmt(vsHello)}x  [target >= 0.15x: ${verdict(vsHello >= 0.15)}]`);
console.log(`  ratio to (b) native libSQL read: ${fmt(vsRaw)}x  [target >= 0.7x: ${verdict(vsRaw >= 0.7)}]`);
console.log(`  (for reference: ${fmt(app.requestsPerSecond / rawClient.requestsPerSecond)}x of the read through @libsql/client, ${fmt(app.requestsPerSecond / rawJson.requestsPerSecond)}x of the app’s own statement behind no framework)`);
console.log(`  p99 of GET /api/user/policies: ${app.p99} ms  [target < 15 ms: ${verdict(app.p99 < 15)}]`);

// The admin search at 10k/100k/1M policies builds large seeds (minutes, once): only when asked for
// (BENCH_ADMIN=1 here, or `npm run bench:admin` on its own).
if (process.env.BENCH_ADMIN === '1') {
  console.log('');
  for (const line of adminSearchReport(await benchAdminSearch((l) => console.log(l)))) console.log(line);
}
