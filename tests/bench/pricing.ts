// `npm run bench:pricing` (docs/performance.md#instant-prices): a request priced on a 1,000-row rate version (the
// live version read, its rules, the arithmetic), and the whole call as the wizard's step 2 sends it (tRPC
// quotes.submit over HTTP to the real app on a database file: priced, stored, its e-mail queued); then the journey
// from "Get Instant Quote" to the certificate on the slow phone profile. ok/MISSED; exits 1 on a MISSED budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { createApp } from '../../src-server/app';
import { rateVersionInput, type RateTable } from '../../src-server/contract/rates';
import { openDatabase } from '../../src-server/platform/db/client';
import { migrateDatabase } from '../../src-server/platform/db/migrate';
import { createRateVersion } from '../../src-server/modules/pricing/rates/service';
import { priceRequest } from '../../src-server/modules/requests/quotes/pricing';
import { validQuote } from '../fixtures/quote';
import { BudgetTable } from './budgets';
import { JOURNEY_BUDGET_MS, measureJourney } from './purchase-journey';
import { exampleRateVersion } from '../../src-server/modules/pricing';

const ROUNDS = Number(process.env.BENCH_PRICING_ROUNDS ?? 400);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** The example version with 1,000 postcode districts priced: the size of a real insurer's table. */
function thousandRowRates(): RateTable {
  const example = exampleRateVersion as { rates: unknown };
  const rates = rateVersionInput.shape.rates.parse(example.rates);
  const areas = ['AB', 'B', 'BS', 'CF', 'E', 'G', 'L', 'LS', 'M', 'N', 'NE', 'NW', 'S', 'SE', 'SW', 'W', 'YO', 'EH', 'CB', 'OX'];
  for (let i = 0; rates.factors.postcodeDistricts && Object.keys(rates.factors.postcodeDistricts).length < 1000; i++) {
    rates.factors.postcodeDistricts[`${areas[i % areas.length]}${1 + Math.floor(i / areas.length)}`] = (1 + (i % 50) / 100).toFixed(2);
  }
  return rates;
}

const dir = mkdtempSync(join(tmpdir(), 'kerbside-bench-pricing-'));
const table = new BudgetTable();
try {
  const database = await openDatabase({ url: `file:${join(dir, 'bench.db')}` });
  await migrateDatabase(database.db);
  const { app, deps } = await createApp({ database, jwtSecret: 'bench-secret-bench-secret-bench-secret-0123', logger: pino({ level: 'warn' }), staticRoot: null, trustProxy: true });
  const owner = { id: 1, username: 'bench.owner', isAdmin: true, isOwner: true, jti: 'bench', exp: 0 };
  const version = await createRateVersion(deps, owner, { name: 'Bench: 1,000 districts', rates: thousandRowRates() });
  const rows = Object.keys(version.rates.factors.postcodeDistricts ?? {}).length;

  // The pricing step alone: the live version read and the arithmetic.
  const start = Date.UTC(2027, 0, 10, 9);
  const alone: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const { outcome } = await priceRequest(deps.db, { ...validQuote, value: 4500, licenceYears: 8, product: 'temporary', postcode: `LS${1 + (i % 50)} 4DY` }, start, { value: 3, unit: 'days' }, Date.now(), false);
    alone.push(performance.now() - t);
    if (outcome.decision !== 'priced') throw new Error(`the bench request was ${outcome.decision}`);
  }

  // The whole request as the wizard sends it, over HTTP through the tRPC door.
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const whole: number[] = [];
  const next = new Date(Date.now() + 2 * 86_400_000);
  for (let i = 0; i < ROUNDS; i++) {
    const body = { ...validQuote, email: `bench${i}@example.test`, policyStartDay: String(next.getUTCDate()), policyStartMonth: String(next.getUTCMonth() + 1), policyStartYear: String(next.getUTCFullYear()) };
    const t = performance.now();
    const res = await fetch(`${base}/trpc/quotes.submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { result?: { data?: { outcome?: { decision?: string } } } };
    whole.push(performance.now() - t);
    if (answer.result?.data?.outcome?.decision !== 'priced') throw new Error(`quotes.submit answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
  await new Promise((resolve) => server.close(resolve));
  database.close();

  console.log(`rate version: ${rows} postcode district rows; ${ROUNDS} requests each`);
  console.log(`pricing alone: p50 ${percentile(alone, 50).toFixed(2)} ms, p95 ${percentile(alone, 95).toFixed(2)} ms`);
  console.log(`quotes.submit over HTTP (priced, stored, e-mail queued): p50 ${percentile(whole, 50).toFixed(2)} ms, p95 ${percentile(whole, 95).toFixed(2)} ms`);
  // The budget is the pricing's: the live version read, its rules and the arithmetic. The whole call also stores the
  // request, its audit entry and its e-mail, as every request did before prices (docs/performance.md#instant-prices).
  table.check('pricing a request (1,000-row version) p95', percentile(alone, 95), { below: 20, unit: 'ms', digits: 2 });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The journey on the slow phone profile, on the built client (`npm run bench:pricing` builds it first).
if (process.env.BENCH_JOURNEY !== '0') {
  const { totals, steps } = await measureJourney(Number(process.env.BENCH_JOURNEY_RUNS ?? 3));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const name of Object.keys(steps[0]!)) console.log(`  ${name.padEnd(22)} ${steps.map((s) => `${Math.round(s[name]!)}`.padStart(6)).join(' ')} ms`);
  console.log(`journey waits, each run: ${totals.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`);
  table.check('"Get Instant Quote" to the certificate, slow phone, waiting (median)', median(totals) / 1000, { below: JOURNEY_BUDGET_MS / 1000, unit: 's', digits: 2 });
}
for (const line of table.lines()) console.log(line);
process.exit(table.missed.length > 0 ? 1 : 0);
