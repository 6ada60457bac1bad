import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Every Vitest file, in one of two projects:
// - `fast` (`npm run test:unit`, `vitest run --project fast`): unit, API and component tests, the everyday loop
//   (under 60 s on two cores);
// - `slow` (`npm run test:slow`, `vitest run --project slow`): the heavy files below.
// `vitest run` with no --project (and `npm test`) runs both.
const ALL = ['tests/server/**/*.test.ts', 'tests/client/**/*.test.{ts,tsx}'];
const SLOW = [
  'tests/server/crash-safety.test.ts', // spawns the real server and SIGKILLs it 50 times (~60 s on its own)
  'tests/server/fuzz.test.ts', // fast-check properties, ~4,000 generated requests (~12 s)
  'tests/server/backup.test.ts', // backup and restore CLIs in subprocesses (~5 s)
  'tests/server/reminders-processes.test.ts', // three app processes on one database file (~4 s)
];

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
    // Each file gets its own database; files run in parallel on the two cores.
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'fast', include: ALL, exclude: [...configDefaults.exclude, ...SLOW] } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
