// The phone's outbox as the app uses it (outbox.ts): reports in IndexedDB (idb), sent as REST POST /api/user/claims
// with the session's bearer token (lib/rest.ts). Photos are kept as Blobs: IndexedDB stores them as they are.
import { openDB, type IDBPDatabase } from 'idb';
import type { MyClaimView } from '@server/contract/views';
import { postJson } from '../../lib/rest';
import { createOutbox, type Outbox, type ReportStore, type StoredReport } from './outbox';

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

/** The service worker's Background Sync queue (vite.config.ts): its name, and workbox-background-sync's database. */
export const BACKGROUND_SYNC_QUEUE = 'claim-reports';
const WORKBOX_DB = 'workbox-background-sync';

/**
 * Removes the reports the service worker holds for Background Sync (a copy of a request that failed at the network).
 * Only when that database exists: opening it here first would create it without its store, and the service worker
 * would then find no store to use.
 */
async function purgeBackgroundSync(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  if (!(await indexedDB.databases()).some((d) => d.name === WORKBOX_DB)) return;
  const database = await openDB(WORKBOX_DB);
  try {
    if (!database.objectStoreNames.contains('requests')) return;
    const tx = database.transaction('requests', 'readwrite');
    for (const key of await tx.store.index('queueName').getAllKeys(IDBKeyRange.only(BACKGROUND_SYNC_QUEUE))) await tx.store.delete(key);
    await tx.done;
  } finally {
    database.close();
  }
}

/** Sign-out: this person's reports leave the phone, and any copy waiting in the service worker's queue. */
export async function purgeClaimReports(userId: number): Promise<void> {
  await claimOutbox().purge(userId);
  await purgeBackgroundSync().catch(() => undefined);
}
