// When the outbox is sent without anyone tapping 'Send' (docs/product.md#reporting-a-claim): at the app's start, when
// the browser says the connection is back (`online`), and when someone signs in (their reports left from an ended
// session go then). Background Sync in the service worker (vite.config.ts) is a further chance where the browser has
// it; the server stores a report once whichever arrives first.
import { onSessionChange, readSession } from '../../lib/session';
import { claimOutbox } from './outbox-store';

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
  window.addEventListener('online', flushForSignedIn);
  onSessionChange(flushForSignedIn);
  flushForSignedIn();
}
