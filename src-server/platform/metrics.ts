// Prometheus metrics (docs/operations.md#metrics), on only with METRICS_TOKEN. A registry per app, never the global
// one (tests build many apps); shared state (the outbox gauges) is read from the database at scrape time.
import { count, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/client';
import { mailOutbox } from './db/schema/index';
import type { WriteQueueObserver } from './db/writer';

/** The limit that refused a request (`throttle_refusals_total{limit}`); a fixed set, so the label stays bounded. */
export type ThrottleLimit =
  | 'login_pair'
  | 'login_user'
  | 'login_address'
  | 'register'
  | 'quote'
  | 'callback'
  | 'verify'
  | 'password_reset_address'
  | 'password_reset_email'
  | 'confirm_email'
  | 'account_password'
  | 'email_change'
  | 'second_factor_user'
  | 'second_factor_address'
  | 'passkey_address'
  | 'passkey_options'
  | 'account_link_address'
  | 'close_account';

/** What services report (deps.metrics). Each call is one in-memory increment; nothing here waits. */
export interface Metrics {
  throttleRefused(limit: ThrottleLimit): void;
  /** A cover-ending reminder claimed and queued (its transaction committed). */
  reminderSent(): void;
}

/** Metrics off (no METRICS_TOKEN): services call the same methods, which do nothing. */
export const noMetrics: Metrics = { throttleRefused: () => undefined, reminderSent: () => undefined };

export type MetricsRegistry = ReturnType<typeof createMetricsRegistry>;

/** The outbox states reported by `mail_outbox_messages{status}`: work waiting, and messages given up on. */
export const OUTBOX_STATUSES = ['pending', 'failed'] as const;

/** The scrape's one outbox query: pending and failed rows only, which are few, through mail_outbox_status_idx. */
export function outboxCountQuery(db: Db) {
  return db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, [...OUTBOX_STATUSES]))
    .groupBy(mailOutbox.status);
}

// The busiest reads answer in 10-15 ms (docs/performance.md's budgets): finer low buckets than prom-client's default.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WRITE_WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetricsRegistry(opts: { db: Db; logger: Logger }) {
  const registry = new Registry();
  const registers = [registry];
  // Process metrics (CPU, memory, heap, event loop lag, GC, handles): once for this registry.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app until its answer was ready, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });

  // Read from a plain number at scrape time, so a write pays one increment, not a gauge update.
  let waiting = 0;
  new Gauge({
    name: 'write_queue_depth',
    help: "Writes waiting for this process's write turn (db/writer.ts), not counting the one holding it.",
    registers,
    collect() {
      this.set(waiting);
    },
  });
  const writeWait = new Histogram({
    name: 'write_queue_wait_seconds',
    help: 'Time a write waited from asking for the write turn until its turn began.',
    buckets: WRITE_WAIT_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Messages in the mail outbox by status (pending: waiting to be delivered; failed: given up), read from the database at scrape time.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      try {
        const rows = await outboxCountQuery(opts.db);
        for (const status of OUTBOX_STATUSES) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      } catch (err) {
        // The rest of the scrape still answers; the outbox samples are left out rather than shown stale.
        this.reset();
        opts.logger.warn({ err }, 'metrics: the mail outbox could not be counted');
      }
    },
  });

  const throttleRefusals = new Counter({
    name: 'throttle_refusals_total',
    help: 'Requests refused (or, for password reset requests, answered without effect) by a rate limit, by the limit.',
    labelNames: ['limit'] as const,
    registers,
  });
  const remindersSent = new Counter({
    name: 'reminders_sent_total',
    help: 'Cover-ending reminders claimed and queued for delivery by this process.',
    registers,
  });

  return {
    registry,
    metrics: { throttleRefused: (limit: ThrottleLimit) => throttleRefusals.inc({ limit }), reminderSent: () => remindersSent.inc() } satisfies Metrics,
    writeQueue: {
      asked: () => {
        waiting++;
      },
      started: (waitSeconds: number) => {
        waiting--;
        writeWait.observe(waitSeconds);
      },
    } satisfies WriteQueueObserver,
    /** One answered request: `route` is a pattern or a fixed word, never the raw URL (http/metrics.ts). */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}
