// @vitest-environment jsdom
// The device's copy of a customer's personal data (DECISIONS.md "Offline"): one Cache Storage cache per
// user, saved and read only for the user signed in now, operations in call order (a purge asked for before
// a save finishes before it), purged by logout / another sign-in / a session that ended; and the
// certificate loader's use of it (which answers may fall back to the saved copy, which may not).
// jsdom has no Cache Storage: a small in-memory one stands in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  cacheActiveCertificates,
  loadCertificate,
} from '../../src-client/features/dashboard/certificate-actions';
import {
  hasFreshCertificate,
  personalCacheName,
  purgeAbandonedPersonalData,
  purgePersonalData,
  readCertificate,
  readPoliciesSnapshot,
  saveCertificate,
  savePoliciesSnapshot,
} from '../../src-client/lib/personal-cache';
import { clearSession, saveSession } from '../../src-client/lib/session';

// ---- an in-memory CacheStorage -------------------------------------------------------------------

interface Stored {
  body: ArrayBuffer;
  headers: [string, string][];
}

const keyOf = (request: RequestInfo | URL) =>
  new URL(typeof request === 'string' || request instanceof URL ? request : request.url, window.location.href).href;

class MemoryCache {
  readonly entries = new Map<string, Stored>();
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(keyOf(request), { body: await response.arrayBuffer(), headers: [...response.headers] });
  }
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const hit = this.entries.get(keyOf(request));
    return hit ? new Response(hit.body.slice(0), { headers: hit.headers }) : undefined;
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }
}

class MemoryCacheStorage {
  readonly stores = new Map<string, MemoryCache>();
  async has(name: string) {
    return this.stores.has(name);
  }
  async open(name: string) {
    let cache = this.stores.get(name);
    if (!cache) this.stores.set(name, (cache = new MemoryCache()));
    return cache;
  }
  async delete(name: string) {
    // Like the real thing, a delete takes a moment: a save that does not wait for it would win the race.
    await new Promise((r) => setTimeout(r, 5));
    return this.stores.delete(name);
  }
  async keys() {
    return [...this.stores.keys()];
  }
  /** Every entry's path, per cache. */
  dump(): Record<string, string[]> {
    return Object.fromEntries([...this.stores].map(([name, c]) => [name, [...c.entries.keys()].map((u) => new URL(u).pathname).sort()]));
  }
}

let storage: MemoryCacheStorage;

// ---- sessions ---------------------------------------------------------------------------------

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (id: number, expSeconds = Math.floor(Date.now() / 1000) + 3600) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: String(id), username: `user${id}`, isAdmin: false, isOwner: false, exp: expSeconds })}.sig`;

function signInAs(id: number): void {
  saveSession(tokenFor(id), true);
}

/** Lets every queued cache operation finish. */
const settle = () => readPoliciesSnapshot(-1);

const pdfBytes = (text = 'certificate') => new Blob([`%PDF-1.7 ${text}`], { type: 'application/pdf' });
const policy = (policyNumber: string, endDate = '2030-01-01') => ({ id: 1, policyNumber, endDate, endTime: '23:59' });

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
  it("keeps the signed-in user's policies and certificates in their own cache under /offline/", async () => {
    signInAs(7);
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    await saveCertificate(7, 'KC-A1', pdfBytes());

    expect(storage.dump()).toEqual({ 'kerbside-personal-v1-user-7': ['/offline/certificates/KC-A1', '/offline/policies'] });
    expect(personalCacheName(7)).toBe('kerbside-personal-v1-user-7');
    expect(await readPoliciesSnapshot(7)).toEqual({ policies: [policy('KC-A1')], savedAt: 1_000 });
    const pdf = await readCertificate(7, 'KC-A1');
    expect(pdf?.type).toBe('application/pdf');
    expect(await pdf?.text()).toBe('%PDF-1.7 certificate');
    expect(await readCertificate(7, 'KC-OTHER')).toBeNull();
  });

  it('saves and reads nothing for anyone but the user signed in now (signed out, someone else, impersonated)', async () => {
    clearSession();
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    expect(storage.dump()).toEqual({});

    signInAs(8);
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    await saveCertificate(7, 'KC-A1', pdfBytes());
    expect(storage.dump()).toEqual({});

    await savePoliciesSnapshot(8, [policy('KC-B1')], 1_000);
    expect(await readPoliciesSnapshot(7)).toBeNull();
    expect(await readPoliciesSnapshot(8)).not.toBeNull();
    // Reading never creates a cache.
    expect(Object.keys(storage.dump())).toEqual(['kerbside-personal-v1-user-8']);
  });

  it('an older list never replaces a newer one; certificates of policies gone from the list are dropped', async () => {
    signInAs(7);
    await savePoliciesSnapshot(7, [policy('KC-A1'), policy('KC-A2')], 2_000);
    await saveCertificate(7, 'KC-A1', pdfBytes());
    await saveCertificate(7, 'KC-A2', pdfBytes());
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    expect((await readPoliciesSnapshot(7))?.savedAt).toBe(2_000);

    await savePoliciesSnapshot(7, [policy('KC-A1')], 3_000);
    expect(storage.dump()['kerbside-personal-v1-user-7']).toEqual(['/offline/certificates/KC-A1', '/offline/policies']);
  });

  it('a certificate is fresh when saved today under the same policy data', async () => {
    signInAs(7);
    await savePoliciesSnapshot(7, [policy('KC-A1')], Date.now());
    expect(await hasFreshCertificate(7, 'KC-A1')).toBe(false);
    await saveCertificate(7, 'KC-A1', pdfBytes());
    expect(await hasFreshCertificate(7, 'KC-A1')).toBe(true);
    expect(await hasFreshCertificate(7, 'KC-A1', Date.now() + 2 * 86_400_000)).toBe(false);
    // The cover was extended: the certificate on the device no longer matches.
    await savePoliciesSnapshot(7, [policy('KC-A1', '2030-02-01')], Date.now() + 1);
    expect(await hasFreshCertificate(7, 'KC-A1')).toBe(false);
  });

  it('without Cache Storage, saving does nothing and reading answers null', async () => {
    vi.stubGlobal('caches', undefined);
    signInAs(7);
    await expect(savePoliciesSnapshot(7, [policy('KC-A1')], 1_000)).resolves.toBeUndefined();
    await expect(saveCertificate(7, 'KC-A1', pdfBytes())).resolves.toBeUndefined();
    expect(await readPoliciesSnapshot(7)).toBeNull();
    expect(await readCertificate(7, 'KC-A1')).toBeNull();
    await expect(purgePersonalData()).resolves.toBeUndefined();
  });
});

describe('purging', () => {
  it('a purge asked for before a save finishes first, so the save survives it', async () => {
    signInAs(7);
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    const purge = purgePersonalData();
    const save = saveCertificate(7, 'KC-A1', pdfBytes());
    await Promise.all([purge, save]);
    expect(storage.dump()).toEqual({ 'kerbside-personal-v1-user-7': ['/offline/certificates/KC-A1'] });
  });

  it("a different sign-in removes the first user's data; a late answer for the first user is not written back", async () => {
    signInAs(7);
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    signInAs(8);
    await saveCertificate(7, 'KC-A1', pdfBytes());
    await savePoliciesSnapshot(8, [policy('KC-B1')], 1_000);
    expect(storage.dump()).toEqual({ 'kerbside-personal-v1-user-8': ['/offline/policies'] });
  });

  it('logout and an expired token remove everything (and only kerbside-personal-* caches)', async () => {
    await storage.open('workbox-precache-v2-http://localhost:3000/');
    signInAs(7);
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    clearSession();
    await settle();
    expect(Object.keys(storage.dump())).toEqual(['workbox-precache-v2-http://localhost:3000/']);

    saveSession(tokenFor(9, Math.floor(Date.now() / 1000) + 2), true);
    await savePoliciesSnapshot(9, [policy('KC-C1')], 1_000);
    expect(Object.keys(storage.dump())).toContain('kerbside-personal-v1-user-9');
    vi.useFakeTimers({ now: Date.now() + 10_000, toFake: ['Date'] });
    expect(await readPoliciesSnapshot(9)).toBeNull();
    await settle();
    expect(Object.keys(storage.dump())).toEqual(['workbox-precache-v2-http://localhost:3000/']);
  });

  it("at start-up, data of a session that ended without a logout goes; a user signed in here or in another tab keeps theirs", async () => {
    const seed = async (userId: number) =>
      (await storage.open(personalCacheName(userId))).entries.set('http://localhost:3000/offline/policies', { body: new ArrayBuffer(0), headers: [] });
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
    await savePoliciesSnapshot(7, [policy('KC-A1')], 1_000);
    await seed(5);
    await purgeAbandonedPersonalData();
    expect(Object.keys(storage.dump())).toEqual(['kerbside-personal-v1-user-7']);

    // A new tab with no session of its own (sessionStorage is per tab) asks the open tabs: this one answers.
    window.localStorage.clear();
    await (await newPageLoad()).purgeAbandonedPersonalData();
    expect(Object.keys(storage.dump())).toEqual(['kerbside-personal-v1-user-7']);
  });
});

describe('loadCertificate and the saved copy', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const pdfResponse = () => new Response('%PDF-1.7 online', { headers: { 'Content-Type': 'application/pdf' } });

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    signInAs(7);
  });

  it('refuses an empty, non-string or malformed number before any request', async () => {
    for (const bad of ['', undefined, null, 42, 'KC A1', '../admin', 'x'.repeat(41)]) {
      await expect(loadCertificate(bad, { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.invalid);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('online: fetches with the bearer token, answers the PDF and keeps it for offline use', async () => {
    fetchMock.mockResolvedValue(pdfResponse());
    const pdf = await loadCertificate('KC-A1', { cacheFor: 7 });
    expect(await pdf.text()).toBe('%PDF-1.7 online');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/policies/KC-A1/certificate');
    expect((init?.headers as Record<string, string>)['Authorization']).toMatch(/^Bearer /);
    await settle();
    expect(await (await readCertificate(7, 'KC-A1'))?.text()).toBe('%PDF-1.7 online');
  });

  it('offline, a failing network, a 500 or a non-PDF answer fall back to the saved copy', async () => {
    await saveCertificate(7, 'KC-A1', pdfBytes('saved'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await (await loadCertificate('KC-A1', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');
    fetchMock.mockResolvedValueOnce(new Response('{"error":"x"}', { status: 500, headers: { 'Content-Type': 'application/json' } }));
    expect(await (await loadCertificate('KC-A1', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');
    fetchMock.mockResolvedValueOnce(new Response('<html>Wi-Fi login</html>', { headers: { 'Content-Type': 'text/html' } }));
    expect(await (await loadCertificate('KC-A1', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');

    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockClear();
    expect(await (await loadCertificate('KC-A1', { cacheFor: 7 })).text()).toBe('%PDF-1.7 saved');
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockRestore();
  });

  it('a refusal by the server (not yours, no such policy) is not answered from the device', async () => {
    await saveCertificate(7, 'KC-A1', pdfBytes('saved'));
    fetchMock.mockResolvedValue(new Response('{"error":"Not found"}', { status: 404 }));
    await expect(loadCertificate('KC-A1', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.failed);
  });

  it('nothing saved, or impersonating (cacheFor null): a failure is the failed message', async () => {
    await saveCertificate(7, 'KC-A1', pdfBytes('saved'));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadCertificate('KC-A2', { cacheFor: 7 })).rejects.toThrow(CERTIFICATE_MESSAGES.failed);
    await expect(loadCertificate('KC-A1', { cacheFor: null })).rejects.toThrow(CERTIFICATE_MESSAGES.failed);
  });

  it('a silent network (one bar at the roadside) gives way to the saved copy after 3 s', async () => {
    await saveCertificate(7, 'KC-A1', pdfBytes('saved'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const loading = loadCertificate('KC-A1', { cacheFor: 7 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await (await loading).text()).toBe('%PDF-1.7 saved');
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });

  it('cacheActiveCertificates fetches one at a time, skips fresh ones, and ignores failures', async () => {
    await savePoliciesSnapshot(7, [policy('KC-A1'), policy('KC-A2'), policy('KC-A3')], Date.now());
    await saveCertificate(7, 'KC-A1', pdfBytes('fresh'));
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
    await cacheActiveCertificates(7, ['KC-A1', 'KC-A2', 'KC-A3', 'KC-A3']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/policies/KC-A2/certificate', '/api/policies/KC-A3/certificate']);
    expect(most).toBe(1);
    expect(await (await readCertificate(7, 'KC-A1'))?.text()).toBe('%PDF-1.7 fresh');
    expect(await readCertificate(7, 'KC-A2')).toBeNull();
    expect(await (await readCertificate(7, 'KC-A3'))?.text()).toBe('%PDF-1.7 online');
  });
});
