import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_OWNER = { username: 'owner', password: 'e2e-owner-password' };
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `kerbside-e2e-${PORT}`);
// Tests read the server's database (outbox, stored requests) from here; workers inherit it.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PORT = String(PORT);

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
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      E2E_DATA_DIR: dataDir,
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      // A build elsewhere than dist/client (parallel work); unset means dist/client.
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
  },
});
