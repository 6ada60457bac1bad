// Start-up: read env, open and migrate the database, ensure the first owner, serve, keep house.
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { settleAfterAnswer } from './platform/after-answer';
import { createApp } from './app';
import { openDatabase } from './platform/db/client';
import { migrateDatabase } from './platform/db/migrate';
import { EnvError, parseEnv } from './env';
import { ensureFirstOwner } from './modules/accounts';
import { ensureExampleRates } from './modules/pricing';
import { runMaintenance } from './maintenance';
import { startScheduler, startupOnly } from './platform/scheduler';
import { loadJwtSecret } from './platform/secret';
import { createStripePayments } from './platform/payments/stripe';

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = pino({ level: env.LOG_LEVEL });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    authToken: env.DATABASE_AUTH_TOKEN,
    syncUrl: env.DATABASE_SYNC_URL,
    syncIntervalMs: env.DATABASE_SYNC_INTERVAL_MS,
  });
  await migrateDatabase(database.db);
  const { app, deps } = await createApp({
    database,
    jwtSecret: loadJwtSecret(env.JWT_SECRET, env.DATA_DIR),
    logger,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailLogLinks: env.MAIL_LOG_LINKS,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    apiServerUrl: env.PUBLIC_URL,
    // Without the keys the product takes payment by phone (docs/product.md#paying-online).
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? createStripePayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL })
        : null,
    ...(env.STATIC_DIR ? { staticRoot: env.STATIC_DIR } : {}),
  });

  if (!env.PUBLIC_URL) logger.warn(`PUBLIC_URL is not set: links in e-mails point at http://localhost:${env.PORT}`);
  if (env.STRIPE_SECRET_KEY) logger.info({ api: env.STRIPE_API_URL ?? 'https://api.stripe.com' }, 'card payments online: Stripe Checkout');
  if (env.MAIL_LOG_LINKS) {
    logger.warn('MAIL_LOG_LINKS is on: e-mails logged without SMTP_URL keep their sign-in links whole in the log (development and tests only)');
  }
  const owner = await ensureFirstOwner(deps, { username: env.OWNER_USERNAME, email: env.OWNER_EMAIL, password: env.OWNER_PASSWORD });
  if (owner.generatedPassword) {
    // Printed once, never stored in clear: the operator signs in with it and changes it.
    process.stdout.write(`\nFirst owner created: username "${env.OWNER_USERNAME}", password "${owner.generatedPassword}"\n\n`);
  } else if (owner.created) {
    logger.info({ username: env.OWNER_USERNAME }, 'first owner created');
  }

  // A new install prices out of the box on a clearly named example (docs/product.md#rates).
  if (await ensureExampleRates(deps)) logger.info('example rate version seeded: replace it with the insurer\'s rates in the console');

  // Housekeeping (expiry sweep, cover-ending reminders, mail) once now, then at the start of every minute
  // (docs/operations.md#housekeeping). A failed run is logged; the next minute tries again.
  const housekeeping = () => runMaintenance(deps, { auditRetentionDays: env.AUDIT_RETENTION_DAYS });
  const scheduler = env.HOUSEKEEPING === 'every-minute' ? startScheduler({ job: housekeeping, logger }) : startupOnly(housekeeping, logger);
  await scheduler.runNow();

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`Kerbside Cover listening on http://localhost:${info.port}`);
  });

  // Graceful stop: no new connections, in-flight requests finish, then the database closes.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const housekeepingDone = scheduler.stop();
    server.close(() => {
      // Housekeeping and after-answer work (a reset link, counted refusals) finish writing before the database closes.
      void Promise.all([housekeepingDone, settleAfterAnswer(deps), deps.refusals.log.flush()]).then(() => {
        database.close();
        process.exit(0);
      });
    });
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof EnvError ? err.message : `Start-up failed: ${err instanceof Error ? err.message : String(err)}`}\n`);
  process.exit(1);
});
