import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Every Vitest file, in one of three projects:
// - `fast`: unit and API tests of the server. They share their worker's module cache (no isolation): each file
//   builds its own app on its own database, and none mocks a module, so nothing leaks; this halves the run.
// - `client`: component tests, each file isolated (they mock modules such as the tRPC client).
// - `slow` (`npm run test:slow`): the heavy files below.
// `npm run test:unit` is `fast` and `client`, the everyday loop (under 60 s on two cores); `vitest run` with no
// --project (and `npm test`) runs all three.
const SERVER = ['tests/server/**/*.test.ts'];
const CLIENT = ['tests/client/**/*.test.{ts,tsx}'];
const SLOW = [
  'tests/server/crash-safety.test.ts', // spawns the real server and SIGKILLs it 15 times (~25 s on its own)
  'tests/server/fuzz.test.ts', // fast-check properties, ~4,000 generated requests (~12 s)
  'tests/server/backup.test.ts', // backup and restore CLIs in subprocesses (~5 s)
  'tests/server/reminders-processes.test.ts', // three app processes on one database file (~4 s)
  'tests/server/scheduler.test.ts', // croner's real once-a-second timer (~3 s)
  'tests/server/smtp-processes.test.ts', // two mail-delivering processes on one outbox and SMTP server, one killed (~5 s)
  'tests/server/metrics-process.test.ts', // GET /metrics on the real server, three short-lived processes (~5 s)
  'tests/server/start-secrets.test.ts', // the real server's start on an old database file, one process (~2 s)
  'tests/server/openapi-contract.test.ts', // every REST route's answers against the OpenAPI document, ~30 password hashes (~3 s)
  'tests/server/two-processes.test.ts', // two real server processes on one database file behind a proxy (~15 s)
  'tests/server/sqld-replica.test.ts', // a sqld primary and replica, a real server process on each behind a proxy (~25 s)
  'tests/server/sqld-errors.test.ts', // sqld ending a transaction after 5 s, and killed twice under the real server (~15 s)
  'tests/server/sqld-embedded-replica.test.ts', // two real server processes on embedded replicas of one sqld (~10 s)
];
/**
 * Tests that start sqld processes of their own: the same whatever TEST_DATABASE says, so `npm run test:sqld` (which
 * runs the server tests again with every harness on a sqld) leaves them to the first run rather than run them twice.
 */
const OWN_SQLD = ['tests/server/sqld-replica.test.ts', 'tests/server/sqld-errors.test.ts', 'tests/server/sqld-embedded-replica.test.ts'];
const notTwice = process.env['TEST_DATABASE'] === 'sqld' ? OWN_SQLD : [];

export default defineConfig({
  resolve: {
    alias: { '@server': fileURLToPath(new URL('./src-server', import.meta.url)) },
  },
  // Settings shared by both projects (`extends: true` merges them, with the alias above, into each).
  // Component tests choose jsdom per file with a `// @vitest-environment jsdom` first line.
  // No `include` here: Vite's config merge would concatenate it with each project's own list.
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file gets its own database; files run in parallel, one worker per core. Vitest's own default leaves a
    // core to its main process, which here waits on the workers: on two cores that made one worker, and the quick
    // loop took 67 s where two take 41 s.
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'fast', include: SERVER, exclude: [...configDefaults.exclude, ...SLOW], isolate: false } },
      { extends: true, test: { name: 'client', include: CLIENT } },
      { extends: true, test: { name: 'slow', include: SLOW, exclude: [...configDefaults.exclude, ...notTwice] } },
    ],
  },
});
