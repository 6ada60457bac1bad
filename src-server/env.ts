// process.env is read here, once, and nowhere else. A bad value stops start-up with a one-line reason.
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('file:./data/kerbside.db')
    .refine((v) => /^(file:|libsql:|https?:|wss?:)/.test(v), 'must start with file:, libsql:, http(s): or ws(s):'),
  DATABASE_AUTH_TOKEN: optionalText,
  // An embedded replica (docs/operations.md#an-embedded-replica-of-a-libsql-server): DATABASE_URL names the local
  // file, this the libSQL server it replicates and sends writes to.
  DATABASE_SYNC_URL: optionalText.refine((v) => v === undefined || /^(libsql:|https?:|wss?:)/.test(v), 'must start with libsql:, http(s): or ws(s):'),
  // How often an embedded replica pulls other processes' writes from its server, in milliseconds.
  DATABASE_SYNC_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(10, 'must be at least 10 ms')
    .max(60_000, 'must be at most 60000 ms')
    .default(100),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  DATA_DIR: z.string().min(1).default('./data'),
  // The built client; defaults to dist/client beside the server code.
  STATIC_DIR: optionalText,
  // The public origin for links in e-mails (e.g. https://kerbsidecover.example); else the request's own.
  PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+$/.test(v), 'must be an origin such as https://example.com'),
  OWNER_USERNAME: z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, . _ - only').default('owner'),
  OWNER_PASSWORD: optionalText.refine((v) => v === undefined || v.length >= 8, 'must be at least 8 characters'),
  OWNER_EMAIL: z.email().default('owner@kerbsidecover.example'),
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().optional(),
  // Development and tests only (docs/operations.md#mail): without SMTP_URL, the log line of an e-mail keeps its
  // links' tokens, so a reset or invitation link can be followed from the log. Off, they are removed there too.
  MAIL_LOG_LINKS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How long audit entries are kept (docs/operations.md#housekeeping); older ones are removed once a day.
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(36_500, 'must be at most 36500 days')
    .default(730),
  // `startup-only`: for browser tests under a fake clock, whose fixtures a real minute tick would expire
  // (docs/operations.md#housekeeping).
  HOUSEKEEPING: z.enum(['every-minute', 'startup-only'], { error: 'must be every-minute or startup-only' }).default('every-minute'),
  // GET /metrics (docs/operations.md#metrics): off unless set; then the scraper sends it as a bearer token.
  METRICS_TOKEN: optionalText
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters')
    .refine((v) => v === undefined || /^[\x21-\x7e]+$/.test(v), 'must be printable ASCII with no spaces (it is sent in a header)'),
  // Online card payments (docs/operations.md#card-payments): Stripe's secret key and the webhook's signing secret, both
  // or neither; STRIPE_API_URL points the SDK at another origin (the tests' stand-in), else Stripe's own API.
  STRIPE_SECRET_KEY: optionalText.refine((v) => v === undefined || /^(sk|rk)_(test|live)_\S+$/.test(v), 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
  STRIPE_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || /^whsec_\S+$/.test(v), 'must be a webhook signing secret (whsec_…)'),
  STRIPE_API_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v), 'must be an origin such as http://127.0.0.1:4412'),
  // Behind a reverse proxy the client address comes from X-Forwarded-For; never trust it otherwise.
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
})
  .refine((env) => env.DATABASE_SYNC_URL === undefined || env.DATABASE_URL.startsWith('file:'), {
    path: ['DATABASE_URL'],
    message: 'must be a file: URL (the local replica) when DATABASE_SYNC_URL is set',
  })
  // Half the settings would take money whose webhook never records it, or check events from no account: neither starts.
  .refine((env) => (env.STRIPE_SECRET_KEY === undefined) === (env.STRIPE_WEBHOOK_SECRET === undefined), {
    path: ['STRIPE_SECRET_KEY'],
    message: 'and STRIPE_WEBHOOK_SECRET must be set together (both for payment online, neither for payment by phone)',
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new EnvError(`Invalid environment: ${issue.path.join('.')} ${issue.message}`);
}

export class EnvError extends Error {}
