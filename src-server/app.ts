// createApp: middleware, REST under /api, tRPC under /trpc, the built client and its SPA fallback.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { pino, type Logger } from 'pino';
import { createRefusalLog } from './platform/audit/refusal-log';
import { createCallCounter } from './platform/auth/call-counter';
import { createCallerResolver, type ResolveCaller } from './platform/auth/caller';
import { createRefusalGate } from './platform/auth/refusal-gate';
import { createSecretBox } from './platform/auth/secret-box';
import { createChallengeSigner } from './platform/auth/signed-challenge';
import { createTokenService } from './platform/auth/tokens';
import { systemClock, type Clock } from './platform/clock';
import { TRPC_MAX_BATCH } from './contract/limits';
import { messages } from './contract/messages';
import type { Database } from './platform/db/client';
import { createWriter } from './platform/db/writer';
import { DatabaseUnavailableError, domainErrorIn, ThrottledError } from './errors';
import type { Deps } from './deps';
import type { Payments } from './platform/payments/provider';
import { bodyLimits } from './api/body-limits';
import { PAYMENTS_WEBHOOK_PATH, paymentsWebhook, webhookBodyLimit } from './api/payments-webhook';
import { buildReferencePage } from './api/reference-page';
import { restApi } from './api/rest';
import { operations } from './api/table';
import { appRouter } from './api/trpc';
import { createTrpcContext } from './api/trpc-procedures';
import { namesApiPath } from './platform/http/api-paths';
import { clientAddressOf } from './platform/http/client-address';
import { jsonBodiesOnly } from './platform/http/json-only';
import { metricsEndpoint, requestMetrics } from './platform/http/metrics';
import { closeAfterUnreadBody } from './platform/http/unread-body';
import { loadPrerenderedPages, sendPage } from './platform/http/prerendered-pages';
import type { AppEnv } from './platform/http/context';
import { clientErrorResponse } from './platform/http/errors';
import { securityHeaders } from './platform/http/security-headers';
import { createTurnGate, TURN_BUDGET_MS } from './platform/http/turn-gate';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createMetricsRegistry, noMetrics } from './platform/metrics';
import { sessionSeen } from './modules/accounts';

const BODY_LIMIT_BYTES = 100 * 1024;
const DEFAULT_STATIC_ROOT = fileURLToPath(new URL('../dist/client', import.meta.url));

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  /** MAIL_LOG_LINKS: without SMTP_URL, logged e-mails keep their links' tokens (docs/operations.md#mail). */
  mailLogLinks?: boolean;
  trustProxy?: boolean;
  /** The site's public origin for links in e-mails (PUBLIC_URL). */
  publicUrl?: string;
  /** PUBLIC_URL as set, or undefined: the server the API's OpenAPI document names (else the document's own origin). */
  apiServerUrl?: string | undefined;
  /** Folder of the built client; null serves the API alone. */
  staticRoot?: string | null;
  /** METRICS_TOKEN: when set, GET /metrics answers with this bearer token (docs/operations.md#metrics); else no metrics. */
  metricsToken?: string | undefined;
  /** The card provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); none without them. */
  payments?: Payments | null;
}

export interface CreatedApp {
  app: Hono<AppEnv>;
  deps: Deps;
  resolveCaller: ResolveCaller;
}

export async function createApp(opts: AppOptions): Promise<CreatedApp> {
  const { db, hot } = opts.database;
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? pino({ level: 'info' });
  // Off unless a token is set: no registry, no timing middleware, no process monitors.
  const metrics = opts.metricsToken === undefined ? null : createMetricsRegistry({ db, logger });
  const write = createWriter(opts.database.writeDb, metrics?.writeQueue);
  const tokens = await createTokenService(opts.jwtSecret);
  const mailer = opts.mailer ?? createMailer({ db, write, clock, logger, smtpUrl: opts.smtpUrl, from: opts.mailFrom, logLinks: opts.mailLogLinks });
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  const refusals = { gate: createRefusalGate(), log: createRefusalLog({ write, logger }), calls: createCallCounter() };
  // Keys derived from the server's secret: several processes share JWT_SECRET, so what one seals or signs any other opens or checks.
  const deps: Deps = { db, hot, write, clock, tokens, mailer, logger, publicUrl, metrics: metrics?.metrics ?? noMetrics, refusals, factorKeys: createSecretBox(opts.jwtSecret, 'staff-factor-keys'), signInChallenges: createChallengeSigner(opts.jwtSecret, 'passkey-sign-in'), payments: opts.payments ?? null };
  // Each accepted session's "last seen" moves after the answer, at most once a minute (modules/accounts/sessions).
  const resolveCaller = createCallerResolver(hot, tokens, sessionSeen(deps));
  const trustProxy = opts.trustProxy ?? false;

  const app = new Hono<AppEnv>();
  // First, so a request's time includes everything after it (the turn gate's wait included).
  if (metrics) app.use('*', requestMetrics(metrics, new Set(Object.keys(appRouter._def.procedures))));
  app.use('*', securityHeaders);
  // Every request starts in its turn, in arrival order (http/turn-gate.ts).
  const turns = createTurnGate({ budgetMs: TURN_BUDGET_MS });
  app.use('*', async (_c, next) => {
    const turn = turns.enter();
    if (turn) await turn;
    await next();
  });

  const apiContext: MiddlewareHandler<AppEnv> = async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('clientAddress', clientAddressOf(c, trustProxy));
    await next();
    // API answers are personal or change often: never stored (the public documentation says otherwise itself).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Request-Id', requestId);
  };
  app.use('/api/*', apiContext);
  app.use('/trpc/*', apiContext);

  // Only requests with a body pay for the limit (on GETs the Node adapter would build a full Request each time). Each
  // operation may set its own (api/body-limits.ts): the claim report's photos, for a signed-in caller of it alone.
  const limit = bodyLimits(operations, {
    fallback: { maxBytes: BODY_LIMIT_BYTES, message: messages.bodyTooLarge, description: 'The request body is over 100 KB' },
    resolveCaller,
    now: () => clock.now(),
  });
  // An answer given before the body arrived in full (a 413, a 415, ...) closes the connection cleanly.
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) app.on(method, '*', closeAfterUnreadBody);
  // The card provider's webhook: no operation, no session, its raw body under a limit of its own, answered here
  // before the API's limit and JSON rule (api/payments-webhook.ts).
  app.post(PAYMENTS_WEBHOOK_PATH, webhookBodyLimit, paymentsWebhook(deps));
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) app.on(method, ['/api/*', '/trpc/*'], limit);
  // Bodies are JSON, declared as such: anything else is 415 at both doors (docs/api.md#conventions).
  app.use('/api/*', jsonBodiesOnly);
  app.use('/trpc/*', jsonBodiesOnly);

  // Every operation's route, with its OpenAPI definition, from the table of operations (api/rest.ts).
  const api = restApi({ deps, resolveCaller, referencePage: await buildReferencePage(), serverUrl: opts.apiServerUrl });
  const apiNotFound = (c: Context) => c.json({ error: messages.notFound }, 404);
  api.all('*', apiNotFound);
  app.route('/api', api);
  // The bare prefixes are API paths too: never the SPA page.
  app.all('/api', apiNotFound);
  app.all('/trpc', apiNotFound);

  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      maxBatchSize: TRPC_MAX_BATCH,
      // A throttled call says when to retry, as the REST door does.
      responseMeta: ({ errors }) => {
        const throttled = errors.map((e) => e.cause).find((c): c is ThrottledError => c instanceof ThrottledError);
        return throttled ? { headers: { 'Retry-After': String(throttled.retryAfterSeconds) } } : {};
      },
      createContext: (_opts, c) =>
        createTrpcContext({
          deps,
          resolveCaller,
          authorization: c.req.header('authorization'),
          clientAddress: c.get('clientAddress') as string,
          userAgent: c.req.header('user-agent'),
          requestId: c.get('requestId') as string,
        }) as unknown as Record<string, unknown>,
      onError: ({ error, path, ctx }) => {
        const requestId = (ctx as { requestId?: string } | undefined)?.requestId;
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          logger.error({ err: error.cause ?? error, path, requestId }, 'trpc procedure failed');
        } else if (error.cause instanceof DatabaseUnavailableError) {
          logger.warn({ err: error.cause.cause, path, requestId }, 'database server unavailable: answered 503');
        }
      },
    }),
  );

  // At the root, for the scraper (docs/operations.md#metrics); without METRICS_TOKEN, the 404 of an unknown path.
  app.get('/metrics', metricsEndpoint(metrics, opts.metricsToken));

  // The API in another spelling (`//api/…`, `/API/…`) answers the API's 404, never the SPA (docs/api.md#errors).
  app.all('*', async (c, next) => {
    if (!namesApiPath(new URL(c.req.url).pathname)) return next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Request-Id', randomUUID());
    return c.json({ error: messages.notFound }, 404);
  });

  if (opts.staticRoot !== null) {
    const root = opts.staticRoot ?? DEFAULT_STATIC_ROOT;
    const prerendered = loadPrerenderedPages(root, deps.publicUrl);
    // Public pages arrive prerendered (docs/product.md#public-pages); '/' is one of them, ahead of the shell file.
    if (prerendered) {
      app.get('*', async (c, next) => {
        const page = prerendered.page(c.req.path);
        if (page) return sendPage(c, page);
        // The build's raw page files (placeholders unfilled) and their manifest are not for the web.
        if (prerendered.isBuildFile(c.req.path)) return sendPage(c, prerendered.notFound, 404);
        return next();
      });
    }
    app.use(
      '*',
      serveStatic({
        root,
        // .br / .gz written at build time (vite.config.ts), chosen by Accept-Encoding.
        precompressed: true,
        onFound: (path, c) => {
          // Hashed build assets never change; everything else (index.html, sw.js, manifest) is revalidated.
          c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    // A path the app has a screen for gets its shell (the app draws the page); any other path is the 404 page.
    const shell = serveStatic({ root, path: 'index.html', precompressed: true, onFound: (_p, c) => c.header('Cache-Control', 'no-cache') });
    app.get('*', async (c, next) => {
      if (!prerendered) return shell(c, next);
      if (!prerendered.isAppPath(c.req.path)) return sendPage(c, prerendered.notFound, 404);
      const routeShell = prerendered.shell(c.req.path);
      return routeShell ? sendPage(c, routeShell) : shell(c, next);
    });
  }

  app.notFound((c) => c.text('404 Not Found', 404));
  app.onError((err, c) => {
    const answer = clientErrorResponse(c, err);
    const requestId = c.get('requestId');
    // A database server out of reach is answered 503 (db/server.ts), and logged: the operator needs to know.
    const unavailable = domainErrorIn(err);
    if (unavailable instanceof DatabaseUnavailableError) {
      logger.warn({ err: unavailable.cause, requestId, method: c.req.method, path: c.req.path }, 'database server unavailable: answered 503');
    }
    if (answer) return answer;
    logger.error({ err, requestId, method: c.req.method, path: c.req.path }, 'request failed');
    return c.json({ error: messages.internal, requestId }, 500);
  });

  return { app, deps, resolveCaller };
}
