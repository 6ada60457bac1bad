// The signed-in customer's offline copy (docs/product.md#offline): the persisted policy list and the
// policy documents, in one Cache Storage cache per user, under paths no server or service-worker route answers
// (the service worker never reads these caches, so nothing here is served to another request).
// One queue runs every operation in call order, so a sign-in's purge never races a save right after it;
// saves and reads are refused unless `userId` is signed in now, so a late answer is dropped. Best effort:
// saves never reject, reads answer null on failure or without Cache Storage.
import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import type { DocumentKind } from '@server/contract/documents';

/** Who is signed in now, as lib/session.ts registers it (told, not imported, to avoid an import cycle). */
let signedInUser: () => number | undefined = () => undefined;

export function signedInUserFrom(read: () => number | undefined): void {
  signedInUser = read;
}

const PREFIX = 'kerbside-personal-';
const QUERY_PATH = '/offline/query/';
/** Where each kind of document is kept: the certificate where it always was, so a copy saved before stays found. */
const DOCUMENT_PATHS: Record<DocumentKind, string> = {
  certificate: '/offline/certificates/',
  schedule: '/offline/schedules/',
  'statement-of-fact': '/offline/statements-of-fact/',
  summary: '/offline/summaries/',
};
const SAVED_AT_HEADER = 'X-Kerbside-Saved-At';
const POLICY_HEADER = 'X-Kerbside-Policy';

/** The cache holding one user's offline data. */
export function personalCacheName(userId: number): string {
  return `${PREFIX}v1-user-${userId}`;
}

const documentPath = (kind: DocumentKind, policyNumber: string) => `${DOCUMENT_PATHS[kind]}${encodeURIComponent(policyNumber)}`;
const queryPath = (key: string) => `${QUERY_PATH}${encodeURIComponent(key)}`;

function suffixOf(url: string, prefix: string): string | null {
  const { pathname } = new URL(url, 'http://x');
  return pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)) : null;
}

const hasCacheStorage = () => typeof caches !== 'undefined';

/** Only the person signed in now may have data saved or read (never an impersonated customer). */
const isSignedIn = (userId: number) => Number.isInteger(userId) && signedInUser() === userId;

let queue: Promise<unknown> = Promise.resolve();
function serial<T>(op: () => Promise<T>): Promise<T> {
  const run = queue.then(op);
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** The user's cache if it exists (reads never create one). */
async function existingCache(userId: number): Promise<Cache | null> {
  const name = personalCacheName(userId);
  return (await caches.has(name)) ? caches.open(name) : null;
}

/** A short fingerprint of a policy's data: a document saved under other data is out of date. */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 0x811c9dc5; // FNV-1a, 32 bit
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The storage TanStack Query's persister writes one user's queries to. Never rejects. */
export function personalQueryStorage(userId: number): AsyncStorage<string> {
  return {
    getItem: (key) =>
      serial(async () => {
        if (!hasCacheStorage() || !isSignedIn(userId)) return null;
        const res = await (await existingCache(userId))?.match(queryPath(key));
        return res ? res.text() : null;
      }).catch(() => null),
    setItem: (key, value) =>
      serial(async () => {
        if (!hasCacheStorage() || !isSignedIn(userId)) return;
        const cache = await caches.open(personalCacheName(userId));
        await cache.put(queryPath(key), new Response(value, { headers: { 'Content-Type': 'application/json' } }));
      }).catch(() => undefined),
    removeItem: (key) =>
      serial(async () => {
        if (!hasCacheStorage()) return;
        await (await existingCache(userId))?.delete(queryPath(key));
      }).catch(() => undefined),
    entries: () =>
      serial(async () => {
        if (!hasCacheStorage() || !isSignedIn(userId)) return [];
        const cache = await existingCache(userId);
        if (!cache) return [];
        const out: Array<[string, string]> = [];
        for (const request of await cache.keys()) {
          const key = suffixOf(request.url, QUERY_PATH);
          const res = key === null ? undefined : await cache.match(request);
          if (key !== null && res) out.push([key, await res.text()]);
        }
        return out;
      }).catch(() => []),
  };
}

/** Keeps a document's PDF for offline use, noting when and under which policy data (`dataPrint`) it was made. */
export async function saveDocument(userId: number, kind: DocumentKind, policyNumber: string, pdf: Blob, dataPrint: string): Promise<void> {
  await serial(async () => {
    if (!hasCacheStorage() || !isSignedIn(userId) || typeof policyNumber !== 'string' || policyNumber === '') return;
    const cache = await caches.open(personalCacheName(userId));
    const headers = { 'Content-Type': 'application/pdf', [SAVED_AT_HEADER]: String(Date.now()), [POLICY_HEADER]: dataPrint };
    await cache.put(documentPath(kind, policyNumber), new Response(await pdf.arrayBuffer(), { headers }));
  }).catch(() => undefined);
}

/** The saved PDF of a policy's document, or null. */
export async function readDocument(userId: number, kind: DocumentKind, policyNumber: string): Promise<Blob | null> {
  return serial(async () => {
    if (!hasCacheStorage() || !isSignedIn(userId) || typeof policyNumber !== 'string' || policyNumber === '') return null;
    const res = await (await existingCache(userId))?.match(documentPath(kind, policyNumber));
    if (!res) return null;
    return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
  }).catch(() => null);
}

/** True when a saved document was saved today (device's day) under the same policy data (`dataPrint`). */
export async function hasFreshDocument(userId: number, kind: DocumentKind, policyNumber: string, dataPrint: string, now = Date.now()): Promise<boolean> {
  return serial(async () => {
    if (!hasCacheStorage() || !isSignedIn(userId)) return false;
    const res = await (await existingCache(userId))?.match(documentPath(kind, policyNumber));
    if (!res) return false;
    const savedAt = Number(res.headers.get(SAVED_AT_HEADER));
    if (!Number.isFinite(savedAt) || new Date(savedAt).toDateString() !== new Date(now).toDateString()) return false;
    return res.headers.get(POLICY_HEADER) === dataPrint;
  }).catch(() => false);
}

/** Drops the saved documents of policies that are no longer to be kept (ended, or gone from the list). */
export async function keepOnlyDocuments(userId: number, policyNumbers: readonly string[]): Promise<void> {
  await serial(async () => {
    if (!hasCacheStorage() || !isSignedIn(userId)) return;
    const cache = await existingCache(userId);
    if (!cache) return;
    const keep = new Set(policyNumbers);
    for (const request of await cache.keys()) {
      for (const path of Object.values(DOCUMENT_PATHS)) {
        const n = suffixOf(request.url, path);
        if (n !== null && !keep.has(n)) await cache.delete(request);
      }
    }
  }).catch(() => undefined);
}

async function deletePersonalCaches(keep: ReadonlySet<string> = new Set()): Promise<void> {
  if (!hasCacheStorage()) return;
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

/** Removes every cache of personal data (all users). */
export async function purgePersonalData(): Promise<void> {
  await serial(() => deletePersonalCaches()).catch((error: unknown) => {
    console.warn('Could not remove offline personal data', error);
  });
}

// A session without remember-me ends when the browser closes, and nothing runs then: at start-up, data of a
// user signed in neither here nor in another open tab (asked over a BroadcastChannel) is removed.

const OWNER_CHANNEL = 'kerbside-personal-owner';
const OWNER_ANSWER_MS = 300;
let ownerChannel: BroadcastChannel | undefined;

function openOwnerChannel(): BroadcastChannel | undefined {
  if (ownerChannel || typeof BroadcastChannel === 'undefined') return ownerChannel;
  ownerChannel = new BroadcastChannel(OWNER_CHANNEL);
  ownerChannel.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    const userId = signedInUser();
    if (event.data?.type === 'who' && userId !== undefined) ownerChannel?.postMessage({ type: 'mine', userId });
  });
  return ownerChannel;
}

/** Users signed in in other open tabs of this site. */
function usersOfOtherTabs(channel: BroadcastChannel): Promise<Set<number>> {
  return new Promise((resolve) => {
    const users = new Set<number>();
    const onMessage = (event: MessageEvent<{ type?: string; userId?: unknown }>) => {
      if (event.data?.type === 'mine' && typeof event.data.userId === 'number') users.add(event.data.userId);
    };
    channel.addEventListener('message', onMessage);
    channel.postMessage({ type: 'who' });
    setTimeout(() => {
      channel.removeEventListener('message', onMessage);
      resolve(users);
    }, OWNER_ANSWER_MS);
  });
}

/** Call once per page load: removes data of ended sessions and answers other tabs asking the same. */
export async function purgeAbandonedPersonalData(): Promise<void> {
  if (!hasCacheStorage()) return;
  try {
    const channel = openOwnerChannel();
    const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX));
    if (names.length === 0) return;
    const elsewhere = signedInUser() === undefined && channel ? await usersOfOtherTabs(channel) : new Set<number>();
    await serial(() => {
      // The session is read again here: someone may have signed in while the other tabs answered.
      const keep = new Set([...elsewhere, signedInUser()].filter((id) => id !== undefined).map(personalCacheName));
      return deletePersonalCaches(keep);
    });
  } catch {
    // Best effort: the next logout or sign-in purges anyway.
  }
}
