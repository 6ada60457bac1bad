// Search that forgives (docs/product.md#statistics-and-search): a phone number or a registration is found however
// its spaces, letter case and leading +44 or 0 are typed, in the quote, callback and policy lists; the one rule
// (contract/search.ts) first, then the lists through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneSearchForm, registrationSearchForm, registrationSpellings } from '../../src-server/contract/search';
import { ftsQuery } from '../../src-server/platform/db/hot-reads';
import { callbackRequests, quoteRequests } from '../../src-server/platform/db/schema/index';
import { createHarness, json, T0, validPolicy, type Harness } from './harness';

describe('the rule (contract/search.ts)', () => {
  it('reads a typed phone number as the stored national digits', () => {
    for (const typed of ['07700 900456', '+44 7700 900456', '+447700900456', '+44 (0)7700 900456', '0044 7700 900456', '07700-900-456', ' (07700) 900456 ']) {
      expect(phoneSearchForm(typed), typed).toBe('07700900456');
    }
    // A piece of a number is a piece of the stored one.
    expect(phoneSearchForm('7700 900')).toBe('7700900');
    expect(phoneSearchForm('+44 7700')).toBe('07700');
  });

  it('has no phone form for a term that is already stored that way, is no number, or is another country’s', () => {
    for (const typed of ['07700900456', 'ann', 'AB12 CDE', '12', '1 2', '+1 212 555 0100', '+33 1 23 45 67 89', '']) {
      expect(phoneSearchForm(typed), typed).toBeNull();
    }
  });

  it('reads a typed registration without its spaces, in capitals', () => {
    expect(registrationSearchForm('wk68tnx')).toBe('WK68TNX');
    expect(registrationSearchForm('WK68 TNX')).toBe('WK68TNX');
    expect(registrationSearchForm(' w k 6 8 t n x ')).toBe('WK68TNX');
    expect(registrationSearchForm('8tn')).toBe('8TN');
  });

  it('has no registration form for a word, a number, a 1-2 character term or anything longer than a plate', () => {
    for (const typed of ['fletch', 'Ford', '07700900456', 'tnx', 'a1', 'WK68TNXX', 'KC-7', 'ann@x.test']) {
      expect(registrationSearchForm(typed), typed).toBeNull();
    }
  });

  it('spells a registration form every way a plate is stored with one space', () => {
    expect(registrationSpellings('WK68TNX')).toEqual(['WK68TNX', 'W K68TNX', 'WK 68TNX', 'WK6 8TNX', 'WK68 TNX', 'WK68T NX', 'WK68TN X']);
  });

  it('asks a trigram index for the term literally, and for the spellings only in its registration column', () => {
    expect(ftsQuery('fletch', 'registration')).toBe('"fletch"');
    expect(ftsQuery('a "b" OR c')).toBe('"a ""b"" OR c"');
    expect(ftsQuery('wk68tnx')).toBe('"wk68tnx"');
    expect(ftsQuery('WK68 TNX', 'registration')).toBe(
      '"WK68 TNX" OR registration : ("WK68TNX" OR "W K68TNX" OR "WK 68TNX" OR "WK6 8TNX" OR "WK68T NX" OR "WK68TN X")',
    );
  });
});

describe('the lists', () => {
  let h: Harness;
  let token: string;

  const quote = (reference: string, phone: string, regNumber: string, at: number) => ({
    reference,
    status: 'new' as const,
    firstName: 'Quinn',
    lastName: `Quoted ${reference}`,
    email: `${reference.toLowerCase()}@example.test`,
    phone,
    postcode: 'LS1 4AP',
    details: JSON.stringify({ regNumber, vehicleType: 'car' }),
    fingerprint: `fp-${reference}`,
    createdAt: at,
    updatedAt: at,
  });

  beforeAll(async () => {
    h = await createHarness();
    await h.addUser({ username: 'searchstaff', isAdmin: true });
    token = await h.tokenFor('searchstaff');
    await h.database.db.insert(quoteRequests).values([
      quote('QR-FIND0001', '07700900456', 'WK68 TNX', T0),
      quote('QR-FIND0002', '02079460000', 'AB12 CDE', T0 + 1),
      // Written by hand before the details were JSON: never found by registration, never a failed search.
      { ...quote('QR-FIND0003', '01134960000', '', T0 + 2), details: 'not json' },
    ]);
    await h.database.db.insert(callbackRequests).values([
      { reference: 'CB-FIND0001', status: 'new', name: 'Cal Back', email: 'cal@example.test', phone: '07700900456', reasonForContact: 'policies', createdAt: T0, updatedAt: T0 },
      { reference: 'CB-FIND0002', status: 'new', name: 'Other One', email: 'other@example.test', phone: '02079460000', reasonForContact: 'claims', createdAt: T0, updatedAt: T0 },
    ]);
    for (const registration of ['WK68 TNX', 'WK68TNY', 'AB12 CDE']) {
      expect((await h.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, registration } })).status).toBe(201);
    }
  });
  afterAll(() => h.close());

  async function found(path: string, term: string, key: string): Promise<string[]> {
    const res = await h.request('GET', `${path}?search=${encodeURIComponent(term)}`, { token });
    expect(res.status, term).toBe(200);
    const items = await json<Record<string, string>[]>(res);
    expect(res.headers.get('x-total-count'), term).toBe(String(items.length));
    return items.map((i) => i[key]!).sort();
  }

  it('finds a quote request by its phone however it is typed, and by its registration', async () => {
    for (const term of ['07700 900456', '+44 7700 900456', '+447700900456', '07700900456', '7700 900 456', 'wk68tnx', 'WK68 TNX', 'wk68 t', 'k68tn']) {
      expect(await found('/api/admin/quotes', term, 'reference'), term).toEqual(['QR-FIND0001']);
    }
    expect(await found('/api/admin/quotes', 'ab12cde', 'reference')).toEqual(['QR-FIND0002']);
    expect(await found('/api/admin/quotes', '020 7946', 'reference')).toEqual(['QR-FIND0002']);
    expect(await found('/api/admin/quotes', 'zz99zzz', 'reference')).toEqual([]);
    // The rest of the details (personal answers) is not searched.
    expect(await found('/api/admin/quotes', 'car', 'reference')).toEqual([]);
  });

  it('finds a callback request by its phone however it is typed', async () => {
    for (const term of ['07700 900456', '+44 7700 900456', '+44 (0)7700 900456', '07700900456']) {
      expect(await found('/api/admin/callbacks', term, 'reference'), term).toEqual(['CB-FIND0001']);
    }
    expect(await found('/api/admin/callbacks', '+44 20 7946 0000', 'reference')).toEqual(['CB-FIND0002']);
  });

  it('finds a policy by its registration whatever the spaces and case, through the trigram index', async () => {
    expect(await found('/api/admin/policies', 'wk68tnx', 'registration')).toEqual(['WK68 TNX']);
    expect(await found('/api/admin/policies', 'WK6 8TNY', 'registration')).toEqual(['WK68TNY']);
    expect(await found('/api/admin/policies', 'wk68', 'registration')).toEqual(['WK68 TNX', 'WK68TNY']);
    expect(await found('/api/admin/policies', '68t', 'registration')).toEqual(['WK68 TNX', 'WK68TNY']);
    expect(await found('/api/admin/policies', 'b12c', 'registration')).toEqual(['AB12 CDE']);
  });

  it('answers the same through tRPC', async () => {
    const page = await h.trpc(token).admin.policies.list({ limit: 10, offset: 0, search: 'wk68tnx' });
    expect(page.items.map((p) => p.registration)).toEqual(['WK68 TNX']);
  });
});
