// `npm test`: every runner (Vitest: every project of vitest.config.ts, `fast`, `client` and `slow`; the server tests
// (`fast` and `slow`) again on a libSQL server, as `npm run test:sqld` runs them; Playwright in Debian's Chromium:
// browser), then one closing line `N passed, N failed` summing them all.
// The quick loop is `npm run test:unit` (Vitest's `fast` and `client` projects); `npm run test:slow` is the rest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSqld } from './sqld.mjs';
import { playwrightSummary, vitestSummary } from './test-summary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, '.tmp/results');
const CHROMIUM = '/usr/bin/chromium';

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Browser tests need Debian's Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium'], env) !== 0 || !existsSync(CHROMIUM)) {
    console.error(`Could not install chromium with apt-get; install it by hand (apt-get install -y chromium) and run npm test again.`);
    process.exit(1);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

ensureChromium();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const summaries = [];

// 1. Vitest: unit, component and API tests. No --project: one run of every project (fast and slow), whose
// JSON report counts the tests of all of them.
const vitestFile = join(results, 'vitest.json');
const vitestStatus = run(process.execPath, [
  join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`,
], { TEST_DATABASE: 'file' });
summaries.push(vitestSummary(readJson(vitestFile), vitestStatus, root));

// 2. The server tests again, each harness on a sqld of its own (docs/operations.md#the-tests-on-a-libsql-server).
// Here rather than beside npm test in .ci/run, so that this script's closing line still sums every runner.
let sqldReady = false;
try {
  ensureSqld();
  sqldReady = true;
} catch (err) {
  summaries.push({ passed: 0, failed: 1, skipped: 0, failures: [`vitest on sqld: did not run: ${err instanceof Error ? err.message : String(err)}`] });
}
if (sqldReady) {
  const sqldFile = join(results, 'vitest-sqld.json');
  const sqldStatus = run(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'fast', '--project', 'slow', '--reporter=default', '--reporter=json', `--outputFile.json=${sqldFile}`],
    // The fuzz properties (parsing never answers 5xx) do not depend on the database and run 60 times each in the file
    // pass; here each route still runs 15 times, enough to see that a refused write leaves a server's data as it was.
    { TEST_DATABASE: 'sqld', FUZZ_RUNS: process.env.FUZZ_RUNS ?? '15' },
  );
  summaries.push(vitestSummary(readJson(sqldFile), sqldStatus, root, 'vitest on sqld'));
}

// 3. Playwright: the built app in Debian's Chromium.
const built = run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
if (built !== 0) {
  summaries.push({ passed: 0, failed: 1, skipped: 0, failures: ['vite build: failed, so the browser tests did not run'] });
} else {
  const pwFile = join(results, 'playwright.json');
  const pwStatus = run(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
  });
  summaries.push(playwrightSummary(readJson(pwFile), pwStatus));
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const s of summaries) for (const key of Object.keys(totals)) totals[key] += s[key];
const failures = summaries.flatMap((s) => s.failures);
if (failures.length > 0) {
  console.log('');
  console.log('Failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
