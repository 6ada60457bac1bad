// Staff reading a customer's certificate are in the audit log (docs/product.md#audit-log), as their read of the
// customer's policy list is: 'Viewed certificate {policyNumber}' under the staff member's name, for every read
// of GET /api/policies/{policyNumber}/certificate (the only door: there is no tRPC certificate procedure). The
// customer's own reads, staff's reads of their own cover, and refused reads write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntryView, PolicyView } from '../../src-server/contract/views';
import { createHarness, json, type Harness } from './harness';
import { addPolicy } from './answers';

let h: Harness;
let ownerToken: string;
let adminToken: string;
let customerToken: string;
let customerPolicy: PolicyView;
let adminsOwnPolicy: PolicyView;
let pendingPolicy: PolicyView;

const createPolicy = (body: Record<string, unknown>) => addPolicy(h, ownerToken, body);

async function certificateLogs(): Promise<{ action: string; username: string | null; user_id: number | null }[]> {
  const rs = await h.database.client.execute("select action, username, user_id from audit_logs where action like 'Viewed certificate %' order by id");
  return rs.rows.map((r) => ({ action: String(r['action']), username: r['username'] as string | null, user_id: r['user_id'] === null ? null : Number(r['user_id']) }));
}

const read = (policyNumber: string, token: string, query = '') => h.request('GET', `/api/policies/${policyNumber}/certificate${query}`, { token });

let adminId: number;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  adminId = await h.addUser({ username: 'adam', isAdmin: true });
  const customerId = await h.addUser({ username: 'cara' });
  ownerToken = await h.tokenFor('olivia');
  adminToken = await h.tokenFor('adam');
  customerToken = await h.tokenFor('cara');
  customerPolicy = await createPolicy({ userId: customerId });
  adminsOwnPolicy = await createPolicy({ userId: adminId });
  pendingPolicy = await createPolicy({ userId: customerId, status: 'pending' });
});
afterAll(() => h.close());

describe('a certificate read by staff', () => {
  it('is logged for every read, inline or downloaded, under the staff member who read it', async () => {
    expect((await read(customerPolicy.policyNumber, adminToken)).status).toBe(200);
    expect((await read(customerPolicy.policyNumber.toLowerCase(), ownerToken, '?download=1')).status).toBe(200);
    expect(await certificateLogs()).toEqual([
      { action: `Viewed certificate ${customerPolicy.policyNumber}`, username: 'adam', user_id: adminId },
      { action: `Viewed certificate ${customerPolicy.policyNumber}`, username: 'olivia', user_id: expect.any(Number) },
    ]);
  });

  it('shows in the console’s log, found by the policy number', async () => {
    const res = await h.request('GET', `/api/admin/logs?search=${encodeURIComponent(customerPolicy.policyNumber)}`, { token: ownerToken });
    const entries = await json<LogEntryView[]>(res);
    expect(entries.filter((e) => e.action.startsWith('Viewed certificate')).map((e) => e.username)).toEqual(['olivia', 'adam']);
  });
});

describe('reads that are not logged', () => {
  it('the customer’s own read, staff reading their own cover, and refused reads (409, 404) write nothing', async () => {
    const before = await certificateLogs();
    expect((await read(customerPolicy.policyNumber, customerToken)).status).toBe(200);
    expect((await read(adminsOwnPolicy.policyNumber, adminToken)).status).toBe(200);
    expect((await read(pendingPolicy.policyNumber, adminToken)).status).toBe(409);
    expect((await read('KC-NOSUCHPOL1', adminToken)).status).toBe(404);
    expect((await read(adminsOwnPolicy.policyNumber, customerToken)).status).toBe(404);
    expect(await certificateLogs()).toEqual(before);
  });
});
