import type { Logger } from 'pino';
import type { RefusalLog } from './platform/audit/refusal-log';
import type { CallCounter } from './platform/auth/call-counter';
import type { Caller } from './platform/auth/caller';
import type { RefusalGate } from './platform/auth/refusal-gate';
import type { SecretBox } from './platform/auth/secret-box';
import type { ChallengeSigner } from './platform/auth/signed-challenge';
import type { TokenService } from './platform/auth/tokens';
import type { Clock } from './platform/clock';
import type { Db } from './platform/db/client';
import type { HotReads } from './platform/db/hot-reads';
import type { WriteQueue } from './platform/db/writer';
import type { Mailer } from './platform/mail/mailer';
import type { Metrics } from './platform/metrics';
import type { Payments } from './platform/payments/provider';

/** What services need from the outside world; built once in app.ts, replaced piecewise in tests. */
export interface Deps {
  db: Db;
  /** The per-request reads (caller, a customer's policies) on their fast path. */
  hot: HotReads;
  write: WriteQueue;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  logger: Logger;
  /** The site's public origin, for links in e-mails (PUBLIC_URL); never taken from a request's Host. */
  publicUrl: string;
  /** Counts for GET /metrics (metrics.ts); does nothing when METRICS_TOKEN is unset. */
  metrics: Metrics;
  /**
   * Refusals answered without writing (docs/operations.md#refusals): keys seen over a limit, their audit counts, and
   * the calls counted in memory only (auth/call-counter.ts).
   */
  refusals: { gate: RefusalGate; log: RefusalLog; calls: CallCounter };
  /** Seals the staff's TOTP keys at rest with a key derived from the server's secret (auth/secret-box.ts). */
  factorKeys: SecretBox;
  /** Makes and checks passkey sign-in challenges, signed with a key derived from the server's secret: none is stored (auth/signed-challenge.ts). */
  signInChallenges: ChallengeSigner;
  /** The card provider (platform/payments/provider.ts), or null without its settings: customers then pay by phone. */
  payments: Payments | null;
}

export type { Caller };
