// Work a request starts but does not await, run once the answer has gone (failures logged): an answer that waits
// on work done only in some cases tells which by its timing (docs/product.md#password-reset).
import type { Logger } from 'pino';

interface Pending {
  done: Promise<void>;
  /** Starts delayed work now (a graceful stop, tests). */
  hurry(): void;
}

/** What is still running or waiting, per app (its deps object), so a test or a graceful stop can wait for it. */
const pending = new WeakMap<object, Set<Pending>>();

/**
 * Runs `work` after the current answer (setImmediate follows the promise jobs that send it), or `delayMs` later so
 * the client's next request does not meet it either. A failure is logged as `{what} failed`.
 */
export function afterAnswer(deps: { logger: Logger }, what: string, work: () => Promise<void>, delayMs?: number): void {
  const set = pending.get(deps) ?? new Set<Pending>();
  pending.set(deps, set);
  let hurry = () => undefined as void;
  const due = new Promise<void>((resolve) => {
    if (delayMs === undefined) {
      setImmediate(resolve);
      return;
    }
    // Unreferenced: a stopping process settles (hurries) it rather than waits for the timer.
    const timer = setTimeout(resolve, delayMs).unref();
    hurry = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const item: Pending = {
    done: due
      .then(work)
      .catch((err: unknown) => deps.logger.error({ err }, `${what} failed`))
      .finally(() => set.delete(item)),
    hurry: () => hurry(),
  };
  set.add(item);
}

/** Resolves once all `afterAnswer` work for these deps has finished, delayed work started at once. */
export async function settleAfterAnswer(deps: object): Promise<void> {
  const running = pending.get(deps);
  while (running && running.size > 0) {
    const items = [...running];
    for (const item of items) item.hurry();
    await Promise.all(items.map((item) => item.done));
  }
}

/** How many pieces of work `afterAnswer` holds for these deps, running or waiting (tests). */
export function pendingAfterAnswer(deps: object): number {
  return pending.get(deps)?.size ?? 0;
}
