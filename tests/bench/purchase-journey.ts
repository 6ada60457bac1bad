// The journey from "Get Instant Quote" to the certificate on the slow phone profile (docs/performance.md#instant-prices):
// the built app on the browser tests' server (its card provider the stand-in of Stripe's API), each step timed from
// the tap to the next screen ready, typing left out (fields are filled between timings, and reading the e-mailed code
// is the person's time, not the app's). Answers each step's wait and their sum.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';
import { validPersonal, validVehicle } from '../fixtures/quote';
import { fillFields, latestCodeTo } from '../e2e/fixtures';
import { CHROMIUM, PHONE, slowPhone } from '../perf/slow-phone';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const JOURNEY_BUDGET_MS = 10_000;

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the journey's server did not answer at ${base}`);
}

/** Tomorrow's UK date as the wizard's day, month and year. */
function ukTomorrow(): { day: string; month: string; year: string } {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000).split('-') as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year };
}

/** One walk of the journey: each wait in ms, by step. */
async function walk(page: Page, n: number): Promise<Record<string, number>> {
  const waits: Record<string, number> = {};
  const timed = async (step: string, act: () => Promise<unknown>) => {
    const t = performance.now();
    await act();
    waits[step] = performance.now() - t;
  };
  const email = `journey${n}.${Date.now().toString(36)}@example.test`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${10 + n}` });
  await timed('home page', async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Instant Quote' }).first()).toBeVisible();
  });
  await timed('step 1', async () => {
    await page.getByRole('link', { name: 'Get Instant Quote' }).first().click();
    await expect(page.locator('[name="firstName"]')).toBeEditable();
  });
  await fillFields(page, { ...validPersonal, email });
  await timed('step 2', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('[name="regNumber"]')).toBeEditable();
  });
  const start = ukTomorrow();
  await fillFields(page, { ...validVehicle, policyStartDay: start.day, policyStartMonth: start.month, policyStartYear: start.year, policyStartTime: '09:00' });
  await timed('the price', async () => {
    await page.getByRole('button', { name: 'Submit quote request' }).click();
    await expect(page.getByTestId('instant-price')).toBeVisible();
  });
  await timed('buy now', async () => {
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Username')).toBeEditable();
  });
  await page.getByLabel('Username').fill(`journey${n}${Date.now().toString(36)}`);
  await page.getByLabel('Password').fill('journey-buyer-password');
  await timed('account made', async () => {
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('6-digit code')).toBeEditable();
  });
  await page.getByLabel('6-digit code').fill(await latestCodeTo(email));
  await timed('address proved', async () => {
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('checkbox', { name: 'I confirm that the answers above are true and complete' })).toBeVisible();
  });
  await page.getByRole('checkbox', { name: 'I confirm that the answers above are true and complete' }).check();
  await timed('card page', async () => {
    await page.getByRole('button', { name: /^Pay £\d+\.\d{2} by card$/ }).click();
    await page.waitForURL(/\/pay\//);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  });
  await timed('paid: the certificate', async () => {
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/purchase\/done\?policy=KC-/);
    await expect(page.getByRole('button', { name: 'View Certificate' }).first()).toBeVisible({ timeout: 60_000 });
  });
  return waits;
}

export async function measureJourney(runs = 3, staticDir = join(ROOT, 'dist', 'client')): Promise<{ totals: number[]; steps: Record<string, number>[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-journey-'));
  process.env.E2E_DATA_DIR = dataDir;
  const port = Number(process.env.PERF_PORT ?? 4520);
  const server = spawn(process.execPath, [join(ROOT, 'scripts/e2e-server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E_DATA_DIR: dataDir,
      OWNER_PASSWORD: 'journey-owner-password',
      JWT_SECRET: 'journey-secret-journey-secret-journey-secret',
      TRUST_PROXY: '1',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      HOUSEKEEPING: 'startup-only',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch(CHROMIUM);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`);
    const totals: number[] = [];
    const steps: Record<string, number>[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ ...PHONE, baseURL: base });
      const page = await context.newPage();
      await slowPhone(context, page);
      const waits = await walk(page, i);
      steps.push(waits);
      totals.push(Object.values(waits).reduce((a, b) => a + b, 0));
      await context.close();
    }
    return { totals, steps };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('close', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
