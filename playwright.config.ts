import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_OWNER = { username: 'owner', password: 'e2e-owner-password' };
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `kerbside-e2e-${PORT}`);
// Tests read the server's database (outbox, stored requests) from here; workers inherit it.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PORT = String(PORT);
// dashboard.spec.ts holds the page's clock at 1 Jul 2026 while servers run on the real clock; it has a server
// of its own whose housekeeping runs only at start-up, so no minute's expiry sweep expires the policies that page
// still sees in force. Every other spec keeps the minute scheduler (roadside.spec.ts waits for a reminder from it).
const FAKE_CLOCK_PORT = PORT + 1;
process.env.E2E_FAKE_CLOCK_URL = `http://127.0.0.1:${FAKE_CLOCK_PORT}`;

function e2eServer(port: number, dir: string, housekeeping: 'every-minute' | 'startup-only') {
  return {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E_DATA_DIR: dir,
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      HOUSEKEEPING: housekeeping,
      // Scene-setting requests name an address of their own (tests/e2e/fixtures.ts sceneAddress); the browser's own
      // send none, so they come from 127.0.0.1 as before.
      TRUST_PROXY: '1',
      // A build elsewhere than dist/client (parallel work); unset means dist/client.
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
  };
}

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }]],
  outputDir: './.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads cannot work on these machines.
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [e2eServer(PORT, dataDir, 'every-minute'), e2eServer(FAKE_CLOCK_PORT, `${dataDir}-fake-clock`, 'startup-only')],
});
