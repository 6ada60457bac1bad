// The phone's outbox as the app uses it (outbox.ts): reports in IndexedDB (idb), sent as REST POST /api/user/claims
// with the session's bearer token (lib/rest.ts). Photos are kept as Blobs: IndexedDB stores them as they are.
import { openDB, type IDBPDatabase } from 'idb';
import type { MyClaimView } from '@server/contract/views';
import { postJson } from '../../lib/rest';
import { createOutbox, type Outbox, type ReportStore } from './outbox';
import type { StoredReport } from './stored-report';

const DB_NAME = 'kerbside-claims';
const STORE = 'reports';

let db: Promise<IDBPDatabase> | undefined;
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'clientId' });
    },
  });
  return db;
}

export const indexedDbReportStore: ReportStore = {
  all: async () => (await (await open()).getAll(STORE)) as StoredReport[],
  get: async (clientId) => (await (await open()).get(STORE, clientId)) as StoredReport | undefined,
  put: async (report) => {
    await (await open()).put(STORE, report);
  },
  delete: async (clientId) => {
    await (await open()).delete(STORE, clientId);
  },
};

let outbox: Outbox | undefined;

/**
 * A report the server has taken is one of the customer's claims from then on: the dashboard's list (claims.mine)
 * shows it at once and is asked for again, whichever screen sent it and whether or not the list is on screen
 * (docs/product.md#dashboard). The query layer is imported only when a report is sent.
 */
function showSentClaim(claim: MyClaimView): void {
  void import('../../lib/trpc')
    .then(({ trpc }) => {
      trpc.claims.mine.setData(undefined, (list) => (list && !list.some((c) => c.clientId === claim.clientId) ? [claim, ...list] : list));
      return trpc.claims.mine.invalidate();
    })
    .catch(() => undefined);
}

/** The app's one outbox (module state: every screen and the start-up flush share its queue and its listeners). */
export function claimOutbox(): Outbox {
  if (!outbox) {
    outbox = createOutbox({
      store: indexedDbReportStore,
      transport: (body) => postJson('/user/claims', body),
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    });
    outbox.subscribe(({ result }) => {
      if (result?.kind === 'sent') showSentClaim(result.claim);
    });
  }
  return outbox;
}

/**
 * The database where an earlier service worker kept its own copy of a report that failed at the network (a second
 * queue, gone: the outbox above is the one). A copy left on a device is removed at start-up and at sign-out; the
 * outbox's own copy is still there to send.
 */
export function removeOldServiceWorkerQueue(): void {
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase('workbox-background-sync');
}

/** Sign-out: this person's reports leave the phone. */
export async function purgeClaimReports(userId: number): Promise<void> {
  removeOldServiceWorkerQueue();
  await claimOutbox().purge(userId);
}
