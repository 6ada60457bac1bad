// The server the browser tests drive: the built app on a fresh temporary database. It runs as a child process whose
// standard output this script reads: the outbox keeps no sign-in link once a message is delivered
// (docs/operations.md#mail), so the server runs with MAIL_LOG_LINKS on and each e-mail's log line is appended to
// E2E_DATA_DIR/mail-log.jsonl, where the tests read links (tests/e2e/fixtures.ts latestLinkTo). Every other line
// passes through at the LOG_LEVEL asked for. Card payments online go to a stand-in of Stripe's API on PORT+2
// (tests/stripe/stand-in.ts), whose hosted page's "Pay" sends the server its signed webhook event.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

/** The log line of an e-mail delivered without SMTP_URL (src-server/platform/mail/mailer.ts). */
const MAIL_LOGGED = 'mail (no SMTP_URL: logged, not sent)';
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const asked = process.env.LOG_LEVEL ?? 'info';
const shown = LEVELS[asked] ?? LEVELS.info;
const mailLog = join(dataDir, 'mail-log.jsonl');

const port = Number(process.env.PORT ?? 3000);
const { startStripeStandIn } = await tsImport('../tests/stripe/stand-in.ts', import.meta.url);
const webhookSecret = 'whsec_e2e_stand_in';
const stripe = await startStripeStandIn({ port: port + 2, webhookUrl: `http://127.0.0.1:${port}/api/payments/webhook`, webhookSecret });

const child = spawn(process.execPath, [fileURLToPath(new URL('./start.mjs', import.meta.url))], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/e2e.db`,
    SKIP_BUILD: process.env.SKIP_BUILD ?? '1',
    MAIL_LOG_LINKS: '1',
    STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    // The e-mail lines are at info: the server logs at info at least, and this script shows what was asked for.
    LOG_LEVEL: shown > LEVELS.info ? 'info' : asked,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

createInterface({ input: child.stdout }).on('line', (line) => {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    process.stdout.write(`${line}\n`);
    return;
  }
  if (entry.msg === MAIL_LOGGED) appendFileSync(mailLog, `${line}\n`, { mode: 0o600 });
  if (entry.level >= shown) process.stdout.write(`${line}\n`);
});

// Playwright stops this script; the server stops with it, and this script ends when the server has.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => void stripe.close().then(() => process.exit(code ?? (signal ? 1 : 0))));
