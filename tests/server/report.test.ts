// "Generate Report" (docs/product.md#generate-report): GET
// /api/admin/report.csv streams a CSV of the stats summary, every policy and every claim, RFC 4180 quoted, with cells a
// spreadsheet would run as formulas neutralised (OWASP CSV injection), and logs the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src-server/platform/auth/caller';
import { policies } from '../../src-server/platform/db/schema/index';
import {
  CLAIMS_REPORT_HEADER,
  CLAIMS_SECTION_TITLE,
  csvCell,
  generatePolicyReport,
  policyReportText,
  premiumCell,
  REPORT_HEADER,
  REPORT_PAGE_SIZE,
} from '../../src-server/modules/reporting/reports/service';
import { createHarness, json, T0, validPolicy, type Harness } from './harness';
import { addPolicy } from './answers';

let h: Harness;
let admin: string;
let customer: string;
let customerId: number;

/** An RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function getReport(token = admin) {
  const res = await h.request('GET', '/api/admin/report.csv', { token });
  // Decoded keeping the byte-order mark (Response.text() would drop it).
  const text = res.status === 200 ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) : '';
  return { res, text };
}

/** The summary (up to the blank line), the header and the policy rows (up to the next), then the claims section. */
function split(text: string) {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(text.slice(1));
  const isBlank = (r: string[]) => r.length === 1 && r[0] === '';
  const blank = rows.findIndex(isBlank);
  const next = rows.findIndex((r, i) => i > blank && isBlank(r));
  const end = next === -1 ? rows.length : next;
  return { summary: rows.slice(0, blank), header: rows[blank + 1]!, body: rows.slice(blank + 2, end), claims: rows.slice(end + 1) };
}

async function insertPolicy(fields: Partial<typeof policies.$inferInsert> & { policyNumber: string }) {
  const at = h.clock.now();
  await h.database.db.insert(policies).values({
    userId: null,
    holderName: 'H',
    carModel: 'Mini',
    driverName: 'D',
    licenseNumber: 'L',
    startDate: '2026-07-01',
    startTime: '09:00',
    endDate: '2026-07-02',
    endTime: '09:00',
    startAt: at,
    endAt: at + 86_400_000,
    status: 'active',
    createdAt: at,
    updatedAt: at,
    ...fields,
  });
}

/**
 * `n` policies numbered KC-BULK000000 up, spread in turn over 25 accounts of their own. Spread as a broker's book is:
 * each policy written rebuilds its account's stored list (docs/performance.md#the-policy-list-read), so thousands on
 * one account would cost the seeding time that grows with the square of their number, not the report.
 */
async function seedPolicies(n: number) {
  const owners = await Promise.all(Array.from({ length: 25 }, (_, k) => h.addUser({ username: `bulk${k}` })));
  const rows = Array.from({ length: n }, (_, i) => ({
    policyNumber: `KC-BULK${String(i).padStart(6, '0')}`,
    userId: owners[i % owners.length]!,
    holderName: `Holder ${i}`,
    carModel: 'Vauxhall Corsa',
    driverName: `Driver ${i}`,
    licenseNumber: 'DRIVE701015A99AA',
    registration: null,
    startDate: '2026-07-01',
    startTime: '09:00',
    endDate: '2026-07-08',
    endTime: '23:59',
    startAt: T0,
    endAt: T0 + 7 * 86_400_000,
    status: 'pending' as const,
    createdAt: T0,
    updatedAt: T0,
  }));
  // In the app's write queue, as the harness's own writes are (tests/server/harness.ts, addUser).
  for (let i = 0; i < rows.length; i += 500) await h.deps.write((tx) => tx.insert(policies).values(rows.slice(i, i + 500)));
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'boss', isAdmin: true });
  customerId = await h.addUser({ username: 'cust' });
  [admin, customer] = await Promise.all([h.tokenFor('boss'), h.tokenFor('cust')]);
});
afterAll(() => h.close());

describe('csvCell', () => {
  it('quotes every cell, doubles quotes and prefixes formula starters with a single quote', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('a=b')).toBe('"a=b"');
  });
});

describe('GET /api/admin/report.csv', () => {
  it('answers a CSV download named by the UK date, with the summary, the header and the rows', async () => {
    const created = await h.request('POST', '/api/admin/policies', {
      token: admin,
      body: { ...validPolicy, userId: customerId, holderName: 'Ann Smith', registration: 'AB12 CDE' },
    });
    expect(created.status).toBe(201);
    const { policyNumber } = await json<{ policyNumber: string }>(created);

    const { res, text } = await getReport();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kerbside-report-2026-07-01.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const { summary, header, body } = split(text);
    expect(summary).toEqual([
      ['Kerbside Cover system report'],
      ['Generated at', new Date(T0).toISOString()],
      ['Generated at (UK time)', '2026-07-01 13:00'],
      ['Total users', '2'],
      ['Total policies', '1'],
      ['Active policies', '1'],
      ['Pending claims', '0'],
    ]);
    expect(header).toEqual([...REPORT_HEADER]);
    // The claims follow the policies: their title and header, and here no claims.
    expect(split(text).claims).toEqual([[CLAIMS_SECTION_TITLE], [...CLAIMS_REPORT_HEADER]]);
    expect(body).toEqual([
      [policyNumber, 'cust', 'Ann Smith', validPolicy.carModel, 'AB12 CDE', 'Ann Smith', validPolicy.licenseNumber, '2026-07-01', '09:00', '2026-07-08', '23:59', 'active', 'temporary', '', '0.00', ''],
    ]);
  });

  it('ends each row with the amount paid and the last payment in UK time (docs/product.md#payments)', async () => {
    expect(REPORT_HEADER.slice(-2)).toEqual(['Amount paid', 'Last payment (UK time)']);
    const created = await json<{ id: number; policyNumber: string }>(await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, premium: 64.5 } }));
    const unpaid = await json<{ policyNumber: string }>(await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, premium: 20 } }));
    const pay = (amount: string) => h.request('POST', `/api/admin/policies/${created.id}/payments`, { token: admin, body: { amount, method: 'card-by-phone' } });
    expect((await pay('45')).status).toBe(201);
    h.clock.advance(90 * 60_000);
    expect((await pay('19.50')).status).toBe(201);
    // A refund, as cancellation records it: a negative amount (the table allows it; no route writes one yet).
    h.clock.advance(60_000);
    await h.database.client.execute({ sql: "insert into policy_payments (policy_id, amount_pence, method, at, username) values (?, -500, 'other', ?, 'boss')", args: [created.id, h.clock.now()] });
    const { body } = split((await getReport()).text);
    expect(body.find((r) => r[0] === created.policyNumber)!.slice(-3)).toEqual(['64.50', '59.50', '2026-07-01 14:31']);
    expect(body.find((r) => r[0] === unpaid.policyNumber)!.slice(-3)).toEqual(['20.00', '0.00', '']);
    h.clock.set(T0);
  });

  it('gives each row the product and the premium in pounds with two decimals (blank when not recorded)', async () => {
    expect(REPORT_HEADER.slice(-5, -2)).toEqual(['Status', 'Product', 'Premium']);
    const cases = [
      [{ product: 'learner', premium: '£1,234.50', status: 'cancelled' }, ['cancelled', 'learner', '1234.50']],
      [{ product: 'business', premium: 19 }, ['active', 'business', '19.00']],
      [{ product: 'temporary', premium: 0.5, status: 'pending' }, ['pending', 'temporary', '0.50']],
      [{ product: 'learner', premium: 100_000, status: 'expired' }, ['expired', 'learner', '100000.00']],
      [{ product: 'business', premium: '' }, ['active', 'business', '']],
    ] as const;
    const numbers: string[] = [];
    for (const [fields] of cases) {
      numbers.push((await addPolicy<{ policyNumber: string }>(h, admin, { ...fields })).policyNumber);
    }
    const { body } = split((await getReport()).text);
    for (const [i, [, tail]] of cases.entries()) {
      const row = body.find((r) => r[0] === numbers[i])!;
      expect(row).toHaveLength(REPORT_HEADER.length);
      expect(row.slice(-5, -2), numbers[i]).toEqual([...tail]);
    }
  });

  it('writes pence as pounds in whole numbers: never a float artefact, a negative keeps its sign (and is neutralised)', () => {
    expect([null, 0, 1, 10, 99, 100, 1999, 123450, 10_000_000, 29, 57, 115].map(premiumCell)).toEqual([
      '',
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '19.99',
      '1234.50',
      '100000.00',
      '0.29',
      '0.57',
      '1.15',
    ]);
    expect(premiumCell(-150)).toBe('-1.50');
    expect(csvCell(premiumCell(-150))).toBe(`"'-1.50"`);
  });

  it('dates the file name in the UK: 23:30 UTC in summer is already tomorrow', async () => {
    h.clock.set(Date.UTC(2026, 6, 1, 23, 30));
    try {
      const { res } = await getReport();
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="kerbside-report-2026-07-02.csv"');
    } finally {
      h.clock.set(T0);
    }
  });

  it('neutralises formula cells and quotes commas, quotes and line breaks', async () => {
    const tricky = { holderName: '=HYPERLINK("http://x","click")', carModel: '+SUM(A1:A9)', driverName: '@cmd' };
    const stored = await addPolicy<{ policyNumber: string; holderName: string; carModel: string; driverName: string; registration: string | null; licenseNumber: string }>(h, admin, { userId: null, ...tricky });
    // Values the policy form would not accept can still reach the table (older rows, imports): neutralised too.
    await insertPolicy({ policyNumber: 'KC-FORMULA001', holderName: '\tTAB', carModel: '\rCR', registration: '-1', licenseNumber: '-2+3' });

    const { text } = await getReport();
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    const row = split(text).body.find((r) => r[0] === stored.policyNumber)!;
    expect(row[1]).toBe('N/A');
    expect(row[2]).toBe(`'${stored.holderName}`);
    expect(row[3]).toBe(`'${stored.carModel}`);
    expect(row[5]).toBe(`'${stored.driverName}`);
    expect(row[4]).toBe(stored.registration);
    expect(row[6]).toBe(stored.licenseNumber);
    const raw = split(text).body.find((r) => r[0] === 'KC-FORMULA001')!;
    expect(raw.slice(2, 7)).toEqual(["'\tTAB", "'\rCR", "'-1", 'D', "'-2+3"]);
    // No unneutralised cell anywhere in the file starts a formula.
    for (const r of parseCsv(text.slice(1))) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('quotes a field holding a comma, a quote and a line break so it parses back whole', async () => {
    const awkward = 'Smith, "Jr"\nthe second';
    await insertPolicy({ policyNumber: 'KC-AWKWARD001', holderName: awkward });
    const { text } = await getReport();
    expect(text).toContain('"Smith, ""Jr""\nthe second"');
    const found = split(text).body.find((r) => r[0] === 'KC-AWKWARD001')!;
    expect(found).toHaveLength(REPORT_HEADER.length);
    expect(found[2]).toBe(awkward);
  });

  it('streams 2,500 policies complete, in id order, across several pages', async () => {
    const before = split((await getReport()).text).body.length;
    await seedPolicies(2500);
    const { res, text } = await getReport();
    expect(res.status).toBe(200);
    const { summary, body } = split(text);
    expect(body).toHaveLength(before + 2500);
    const bulk = body.filter((r) => r[0]!.startsWith('KC-BULK')).map((r) => r[0]);
    expect(bulk).toHaveLength(2500);
    expect(bulk[0]).toBe('KC-BULK000000');
    expect(bulk[2499]).toBe('KC-BULK002499');
    expect(new Set(bulk).size).toBe(2500);
    expect(summary.find((r) => r[0] === 'Total policies')![1]).toBe(String(before + 2500));
    for (const r of body) expect(r).toHaveLength(REPORT_HEADER.length);
  });

  it('is built in pieces of at most 1,000 policies, the summary and header first, the claims last', async () => {
    const caller: Caller = { id: 1, username: 'boss', isAdmin: true, isOwner: false, jti: 'report-test', exp: 0 };
    const chunks: string[] = [];
    for await (const chunk of (await generatePolicyReport(h.deps, caller)).chunks) chunks.push(chunk);
    const total = Number(split(chunks.join('')).summary.find((r) => r[0] === 'Total policies')![1]);
    // The head, the policies' pages, then the claims' title and header (no claims here).
    expect(chunks).toHaveLength(1 + Math.ceil(total / REPORT_PAGE_SIZE) + 1);
    expect(split(chunks[0]!).body).toEqual([]);
    for (const chunk of chunks.slice(1)) expect(parseCsv(chunk).length).toBeLessThanOrEqual(REPORT_PAGE_SIZE);
    expect(await policyReportText(await generatePolicyReport(h.deps, caller))).toBe(chunks.join(''));
  });

  /** The report asked for by an admin of a harness of its own, after `breakage` has run on its database. */
  async function reportAfter(breakage: string): Promise<{ broken: Harness; res: Response }> {
    const broken = await createHarness();
    await broken.addUser({ username: 'root', isAdmin: true });
    const token = await broken.tokenFor('root');
    await broken.database.client.execute(breakage);
    return { broken, res: await broken.request('GET', '/api/admin/report.csv', { token }) };
  }

  it('answers a failing database with an ordinary 500 before any CSV is sent, and logs no report', async () => {
    // The report's head (the statistics, read before anything is sent) fails: the counters are gone.
    const { broken, res } = await reportAfter('drop table counters');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const logged = await broken.database.client.execute("select count(*) n from audit_logs where action = 'Generated system report'");
    expect(Number(logged.rows[0]!['n'])).toBe(0);
    await broken.close();
  });

  it('cuts the download short when a page of policies fails after the head has gone (never a silently partial file)', async () => {
    const { broken, res } = await reportAfter('drop table policies');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    await broken.close();
  });

  it('logs each report under the admin who asked for it', async () => {
    const count = async () =>
      Number((await h.database.client.execute({ sql: "select count(*) n from audit_logs where action = 'Generated system report' and username = 'boss'" })).rows[0]!['n']);
    const before = await count();
    await getReport();
    expect(await count()).toBe(before + 1);
  });

  it('answers 403 to a customer and 401 to an anonymous caller, and logs nothing', async () => {
    const logs = async () => Number((await h.database.client.execute("select count(*) n from audit_logs where action = 'Generated system report'")).rows[0]!['n']);
    const before = await logs();
    const forbidden = await h.request('GET', '/api/admin/report.csv', { token: customer });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type')).toMatch(/application\/json/);
    expect((await h.request('GET', '/api/admin/report.csv')).status).toBe(401);
    expect(await logs()).toBe(before);
  });
});
