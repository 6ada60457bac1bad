// @vitest-environment jsdom
// The device's copy of a customer's personal data (docs/product.md#offline): one Cache Storage cache per
// user (the persister's queries and the certificates), saved and read only for the user signed in now, operations in call order (a purge asked for before
// a save finishes before it), purged by logout / another sign-in / a session that ended; and the
// certificate loader's use of it (which answers may fall back to the saved copy, which may not).
// jsdom has no Cache Storage: a small in-memory one stands in (memory-cache-storage.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  cacheActiveDocuments,
  loadDocument,
} from '../../src-client/features/policies/document-actions';
import {
  fingerprint,
  hasFreshDocument,
  keepOnlyDocuments,
  personalCacheName,
  personalQueryStorage,
  purgeAbandonedPersonalData,
  purgePersonalData,
  readDocument,
  saveDocument,
} from '../../src-client/lib/personal-cache';
import { clearSession, saveSession } from '../../src-client/lib/session';
import type { PolicyView } from '@server/contract/views';
import { MemoryCacheStorage } from './memory-cache-storage';

let storage: MemoryCacheStorage;

// ---- sessions ---------------------------------------------------------------------------------

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (id: number, expSeconds = Math.floor(Date.now() / 1000) + 3600) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: String(id), username: `user${id}`, isAdmin: false, isOwner: false, exp: expSeconds })}.sig`;

function signInAs(id: number): void {
  saveSession(tokenFor(id), true);
}

/** Lets every queued cache operation finish. */
const settle = () => readDocument(-1, 'certificate', 'none');

const pdfBytes = (text = 'certificate') => new Blob([`%PDF-1.7 ${text}`], { type: 'application/pdf' });
const policy = (policyNumber: string, endDate = '2030-01-01'): PolicyView => ({
  id: 1,
  policyNumber,
  userId: 7,
  username: 'user7',
  holderName: 'Sam Okafor',
  carModel: 'Ford Fiesta',
  driverName: 'Sam Okafor',
  licenseNumber: 'OKAFO801015S99AB',
  registration: null,
  startDate: '2029-12-01',
  startTime: '09:00',
  endDate,
  endTime: '23:59',
  status: 'active',
  product: 'temporary',
  premium: null,
});
/** A persisted query as the persister writes it (its own format; only stored and read back here). */
const LIST = JSON.stringify({ state: { data: [policy('KC-A1')], dataUpdatedAt: 1_000 }, queryHash: '["policies","mine"]', buster: 'policies-v1' });

beforeEach(async () => {
  storage = new MemoryCacheStorage();
  vi.stubGlobal('caches', storage);
  window.localStorage.clear();
  window.sessionStorage.clear();
  await settle();
});

afterEach(async () => {
  vi.useRealTimers();
  clearSession();
  await settle();
  vi.unstubAllGlobals();
});

describe('saving and reading', () => {
  it("keeps the signed-in user's queries and certificates in their own cache under /offline/", async () => {
    signInAs(7);
    const store = personalQueryStorage(7);
    await store.setItem('kerbside-["policies","mine"]', LIST);
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1');

    expect(storage.dump()).toEqual({
      'kerbside-personal-v1-user-7': ['/offline/certificates/KC-A1', `/offline/query/${encodeURIComponent('kerbside-["policies","mine"]')}`],
    });
    expect(personalCacheName(7)).toBe('kerbside-personal-v1-user-7');
    expect(await store.getItem('kerbside-["policies","mine"]')).toBe(LIST);
    expect(await store.getItem('kerbside-other')).toBeNull();
    expect(await store.entries?.()).toEqual([['kerbside-["policies","mine"]', LIST]]);
    const pdf = await readDocument(7, 'certificate', 'KC-A1');
    expect(pdf?.type).toBe('application/pdf');
    expect(await pdf?.text()).toBe('%PDF-1.7 certificate');
    expect(await readDocument(7, 'certificate', 'KC-OTHER')).toBeNull();
    await store.removeItem('kerbside-["policies","mine"]');
    expect(await store.getItem('kerbside-["policies","mine"]')).toBeNull();
  });

  it('saves and reads nothing for anyone but the user signed in now (signed out, someone else, impersonated)', async () => {
    clearSession();
    await personalQueryStorage(7).setItem('k', LIST);
    expect(storage.dump()).toEqual({});

    signInAs(8);
    await personalQueryStorage(7).setItem('k', LIST);
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1');
    expect(storage.dump()).toEqual({});

    await personalQueryStorage(8).setItem('k', LIST);
    expect(await personalQueryStorage(7).getItem('k')).toBeNull();
    expect(await personalQueryStorage(7).entries?.()).toEqual([]);
    expect(await personalQueryStorage(8).getItem('k')).toBe(LIST);
    // Reading never creates a cache.
    expect(Object.keys(storage.dump())).toEqual(['kerbside-personal-v1-user-8']);
  });

  it('keepOnlyDocuments drops the certificates of policies no longer listed, and nothing else', async () => {
    signInAs(7);
    await personalQueryStorage(7).setItem('k', LIST);
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1');
    await saveDocument(7, 'certificate', 'KC-A2', pdfBytes(), 'print-2');
    await keepOnlyDocuments(7, ['KC-A1', 'KC-A9']);
    expect(storage.dump()['kerbside-personal-v1-user-7']).toEqual(['/offline/certificates/KC-A1', '/offline/query/k']);
  });

  it('a certificate is fresh when saved today under the same policy data', async () => {
    signInAs(7);
    expect(await hasFreshDocument(7, 'certificate', 'KC-A1', 'print-1')).toBe(false);
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1');
    expect(await hasFreshDocument(7, 'certificate', 'KC-A1', 'print-1')).toBe(true);
    expect(await hasFreshDocument(7, 'certificate', 'KC-A1', 'print-1', Date.now() + 2 * 86_400_000)).toBe(false);
    // The cover was extended: the certificate on the device no longer matches the policy's data.
    expect(await hasFreshDocument(7, 'certificate', 'KC-A1', fingerprint(policy('KC-A1', '2030-02-01')))).toBe(false);
    expect(fingerprint(policy('KC-A1'))).toBe(fingerprint(policy('KC-A1')));
    expect(fingerprint(policy('KC-A1'))).not.toBe(fingerprint(policy('KC-A1', '2030-02-01')));
  });

  it('without Cache Storage, saving does nothing and reading answers null', async () => {
    vi.stubGlobal('caches', undefined);
    signInAs(7);
    await expect(personalQueryStorage(7).setItem('k', LIST)).resolves.toBeUndefined();
    await expect(saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1')).resolves.toBeUndefined();
    expect(await personalQueryStorage(7).getItem('k')).toBeNull();
    expect(await readDocument(7, 'certificate', 'KC-A1')).toBeNull();
    await expect(purgePersonalData()).resolves.toBeUndefined();
  });
});

describe('purging', () => {
  it('a purge asked for before a save finishes first, so the save survives it', async () => {
    signInAs(7);
    await personalQueryStorage(7).setItem('k', LIST);
    const purge = purgePersonalData();
    const save = saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1');
    await Promise.all([purge, save]);
    expect(storage.dump()).toEqual({ 'kerbside-personal-v1-user-7': ['/offline/certificates/KC-A1'] });
  });

  it("a different sign-in removes the first user's data; a late answer for the first user is not written back", async () => {
    signInAs(7);
    await personalQueryStorage(7).setItem('k', LIST);
    signInAs(8);
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes(), 'print-1');
    await personalQueryStorage(7).setItem('k', LIST);
    await personalQueryStorage(8).setItem('k', LIST);
    expect(storage.dump()).toEqual({ 'kerbside-personal-v1-user-8': ['/offline/query/k'] });
  });

  it('logout and an expired token remove everything (and only kerbside-personal-* caches)', async () => {
    await storage.open('workbox-precache-v2-http://localhost:3000/');
    signInAs(7);
    await personalQueryStorage(7).setItem('k', LIST);
    clearSession();
    await settle();
    expect(Object.keys(storage.dump())).toEqual(['workbox-precache-v2-http://localhost:3000/']);

    saveSession(tokenFor(9, Math.floor(Date.now() / 1000) + 2), true);
    await personalQueryStorage(9).setItem('k', LIST);
    expect(Object.keys(storage.dump())).toContain('kerbside-personal-v1-user-9');
    vi.useFakeTimers({ now: Date.now() + 10_000, toFake: ['Date'] });
    expect(await personalQueryStorage(9).getItem('k')).toBeNull();
    await settle();
    expect(Object.keys(storage.dump())).toEqual(['workbox-precache-v2-http://localhost:3000/']);
  });

  it("at start-up, data of a session that ended without a logout goes; a user signed in here or in another tab keeps theirs", async () => {
    const seed = async (userId: number) =>
      (await storage.open(personalCacheName(userId))).entries.set('http://localhost:3000/offline/query/k', { body: new ArrayBuffer(0), headers: [] });
    /** The app's modules as a new page (or another tab) loads them. */
    const newPageLoad = async () => {
      vi.resetModules();
      return import('../../src-client/lib/personal-cache');
    };

    // The browser was closed on a session without remember-me: the next page load finds no session, and
    // no other tab answers.
    await seed(5);
    await seed(7);
    await (await newPageLoad()).purgeAbandonedPersonalData();
    expect(storage.dump()).toEqual({});

    // Signed in here: only this user's data stays.
    signInAs(7);
    await personalQueryStorage(7).setItem('k', LIST);
    await seed(5);
    await purgeAbandonedPersonalData();
    expect(Object.keys(storage.dump())).toEqual(['kerbside-personal-v1-user-7']);

    // A new tab with no session of its own (sessionStorage is per tab) asks the open tabs: this one answers.
    window.localStorage.clear();
    await (await newPageLoad()).purgeAbandonedPersonalData();
    expect(Object.keys(storage.dump())).toEqual(['kerbside-personal-v1-user-7']);
  });
});

describe('loadDocument and the saved copy', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const pdfResponse = () => new Response('%PDF-1.7 online', { headers: { 'Content-Type': 'application/pdf' } });

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    signInAs(7);
  });

  it('refuses an empty, non-string or malformed number before any request', async () => {
    for (const bad of ['', undefined, null, 42, 'KC A1', '../admin', 'x'.repeat(41)]) {
      await expect(loadDocument({ policyNumber: bad as unknown as string }, 'certificate', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.invalid);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('online: fetches with the bearer token, answers the PDF and keeps it for offline use', async () => {
    fetchMock.mockResolvedValue(pdfResponse());
    const pdf = await loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 });
    expect(await pdf.text()).toBe('%PDF-1.7 online');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/policies/KC-A1/certificate');
    expect((init?.headers as Record<string, string>)['Authorization']).toMatch(/^Bearer /);
    await settle();
    expect(await (await readDocument(7, 'certificate', 'KC-A1'))?.text()).toBe('%PDF-1.7 online');
  });

  it('offline, a failing network, a 500 or a non-PDF answer fall back to the saved copy', async () => {
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes('saved'), 'print-1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await (await loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');
    fetchMock.mockResolvedValueOnce(new Response('{"error":"x"}', { status: 500, headers: { 'Content-Type': 'application/json' } }));
    expect(await (await loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');
    fetchMock.mockResolvedValueOnce(new Response('<html>Wi-Fi login</html>', { headers: { 'Content-Type': 'text/html' } }));
    expect(await (await loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');

    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockClear();
    expect(await (await loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockRestore();
  });

  it('a refusal by the server (not yours, no such policy) is not answered from the device', async () => {
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes('saved'), 'print-1');
    fetchMock.mockResolvedValue(new Response('{"error":"Not found"}', { status: 404 }));
    await expect(loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.failed);
  });

  it("no network and nothing saved (or impersonating, cacheFor null): 'This certificate is not saved for offline use'", async () => {
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes('saved'), 'print-1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadDocument(policy('KC-A2'), 'certificate', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.notSaved);
    await expect(loadDocument(policy('KC-A1'), 'certificate', { cacheFor: null })).rejects.toThrow(CERTIFICATE_MESSAGES.notSaved);

    // The device says it is offline: the same, never 'try again'.
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(loadDocument(policy('KC-A2'), 'certificate', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.notSaved);
    onLine.mockRestore();
  });

  it('nothing saved and the server answered a failure (5xx, a portal page): the failed message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":"x"}', { status: 500, headers: { 'Content-Type': 'application/json' } }));
    await expect(loadDocument(policy('KC-A2'), 'certificate', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.failed);
    fetchMock.mockResolvedValueOnce(new Response('<html>Wi-Fi login</html>', { headers: { 'Content-Type': 'text/html' } }));
    await expect(loadDocument(policy('KC-A2'), 'certificate', { cacheFor: null })).rejects.toThrow(CERTIFICATE_MESSAGES.failed);
  });

  it('a network silent for 30 s with nothing saved gives up with the not-saved message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const loading = loadDocument(policy('KC-A2'), 'certificate', { cacheFor: 7 });
    const outcome = expect(loading).rejects.toThrow(CERTIFICATE_MESSAGES.notSaved);
    await vi.advanceTimersByTimeAsync(30_000);
    await outcome;
  });

  it('a silent network (one bar at the roadside) gives way to the saved copy after 3 s', async () => {
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes('saved'), 'print-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const loading = loadDocument(policy('KC-A1'), 'certificate', { cacheFor: 7 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await (await loading).text()).toBe('%PDF-1.7 saved');
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });

  it('cacheActiveDocuments fetches one at a time, skips fresh ones, and ignores failures', async () => {
    await saveDocument(7, 'certificate', 'KC-A1', pdfBytes('fresh'), fingerprint(policy('KC-A1')));
    let inFlight = 0;
    let most = 0;
    fetchMock.mockImplementation(async (url) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      if (String(url).includes('KC-A2')) throw new TypeError('Failed to fetch');
      return pdfResponse();
    });
    await cacheActiveDocuments(7, [policy('KC-A1'), policy('KC-A2'), policy('KC-A3'), policy('KC-A3')]);
    // Every document of each policy, the certificate by its own route; only KC-A1's certificate was fresh.
    const all = (n: string) => [`/api/policies/${n}/certificate`, ...['schedule', 'statement-of-fact', 'summary'].map((kind) => `/api/policies/${n}/documents/${kind}`)];
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([...all('KC-A1').slice(1), ...all('KC-A2'), ...all('KC-A3')]);
    expect(most).toBe(1);
    expect(await (await readDocument(7, 'certificate', 'KC-A1'))?.text()).toBe('%PDF-1.7 fresh');
    expect(await readDocument(7, 'certificate', 'KC-A2')).toBeNull();
    expect(await (await readDocument(7, 'certificate', 'KC-A3'))?.text()).toBe('%PDF-1.7 online');
    expect(await (await readDocument(7, 'schedule', 'KC-A3'))?.text()).toBe('%PDF-1.7 online');
    expect(await (await readDocument(7, 'summary', 'KC-A1'))?.text()).toBe('%PDF-1.7 online');
  });
});
