// When the outbox is sent without anyone tapping 'Send' (docs/product.md#reporting-a-claim): at the app's start, when
// the browser says the connection is back (`online`), and when someone signs in (their reports left from an ended
// session go then). The page's outbox is the one queue: the service worker keeps no copy, as a request it kept would
// carry the session's token past sign-out and could not be shown, counted or corrected (docs/product.md#offline).
import { onSessionChange, readSession } from '../../lib/session';
import { claimOutbox, removeOldServiceWorkerQueue } from './outbox-store';

let started = false;

function flushForSignedIn(): void {
  const session = readSession();
  if (!session) return;
  void claimOutbox()
    .flush(session.user.id)
    .catch(() => undefined);
}

/** Call once, when the app starts. */
export function startClaimOutbox(): void {
  if (started || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  started = true;
  removeOldServiceWorkerQueue();
  window.addEventListener('online', flushForSignedIn);
  onSessionChange(flushForSignedIn);
  flushForSignedIn();
}
