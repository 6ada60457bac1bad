// `npm test`: every runner (Vitest: every project of vitest.config.ts, `fast`, `client` and `slow`; Playwright in
// Debian's Chromium: browser), then one closing line `N passed, N failed` summing them all.
// The quick loop is `npm run test:unit` (Vitest's `fast` and `client` projects); `npm run test:slow` is the rest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const totals = { passed: 0, failed: 0, skipped: 0 };

// 1. Vitest: unit, component and API tests. No --project: one run of every project (fast and slow), whose
// JSON report counts the tests of all of them.
const vitestFile = join(results, 'vitest.json');
const vitestStatus = run(process.execPath, [
  join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`,
]);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that failed without a failed test (it did not load, or a hook failed) is still one failure each.
  const failedFilesWithoutTest = (vitest.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  totals.failed += failedFilesWithoutTest;
  // Vitest failed for some other reason (an unhandled error): one failure.
  if (vitestStatus !== 0 && vitest.numFailedTests + failedFilesWithoutTest === 0) totals.failed += 1;
} else {
  totals.failed += 1;
}

// 2. Playwright: the built app in Debian's Chromium.
const built = run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
if (built !== 0) {
  totals.failed += 1;
} else {
  const pwFile = join(results, 'playwright.json');
  const pwStatus = run(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
  });
  const pw = readJson(pwFile);
  if (pw?.stats) {
    totals.passed += pw.stats.expected + pw.stats.flaky;
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
    if (pwStatus !== 0 && pw.stats.unexpected === 0) totals.failed += 1;
  } else {
    totals.failed += 1;
  }
}

console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
