// Work a request starts but does not wait for: it runs once the answer has gone, and its failure is logged.
// Why: an answer that waits for work done in only some cases tells by its timing which case it was; a
// password reset request must not reveal whether an address has an account (docs/product.md#password-reset).
import type { Logger } from 'pino';

/** What is still running, per app (its deps object), so a test or a graceful stop can wait for it. */
const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Runs `work` after the current answer: setImmediate comes after the promise jobs that hand the answer back,
 * so the answer never waits for it. A failure is logged as `{what} failed`; nobody is left to be told.
 */
export function afterAnswer(deps: { logger: Logger }, what: string, work: () => Promise<void>): void {
  let running = pending.get(deps);
  if (!running) {
    running = new Set();
    pending.set(deps, running);
  }
  const set = running;
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => deps.logger.error({ err }, `${what} failed`))
    .finally(() => set.delete(run));
  set.add(run);
}

/** Resolves once every piece of work `afterAnswer` started for these deps has finished (tests, a graceful stop). */
export async function settleAfterAnswer(deps: object): Promise<void> {
  const running = pending.get(deps);
  while (running && running.size > 0) await Promise.all([...running]);
}
