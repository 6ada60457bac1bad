// A policy's history (docs/product.md#policy-history): each change a version with who, when, old and new values;
// the audit entry names the changes; REST and tRPC read it, staff only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepExpiredPolicies } from '../../src-server/modules/policies/policies/service';
import type { LogEntryView, PolicyVersionView, PolicyView } from '../../src-server/contract/views';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
let admin: string;
let customer: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'hist.admin', isAdmin: true });
  await h.addUser({ username: 'hist.customer' });
  admin = await h.tokenFor('hist.admin');
  customer = await h.tokenFor('hist.customer');
});
afterAll(async () => h?.close());

const history = async (id: number) => {
  return expectJson<PolicyVersionView[]>(h.request('GET', `/api/admin/policies/${id}/history`, { token: admin }), 200);
};

it('keeps the first version with every field, then each change with its old and new values, newest first', async () => {
  const made = await json<PolicyView>(await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, premium: 19 } }));
  const [first] = await history(made.id);
  expect(first).toMatchObject({ username: 'hist.admin', reason: null });
  expect(first!.changes).toEqual([
    { field: 'holder', from: null, to: 'Ann Smith' },
    { field: 'vehicle', from: null, to: 'Ford Fiesta 1.0 Zetec' },
    { field: 'driver', from: null, to: 'Ann Smith' },
    { field: 'licence', from: null, to: 'SMITH701015A99AA' },
    { field: 'registration', from: null, to: 'AB12 CDE' },
    { field: 'start', from: null, to: '1 Jul 2026 09:00' },
    { field: 'end', from: null, to: '8 Jul 2026 23:59' },
    { field: 'status', from: null, to: 'active' },
    { field: 'product', from: null, to: 'temporary' },
    { field: 'premium', from: null, to: '£19.00' },
  ]);

  const changed = { ...validPolicy, premium: 19, endDate: '2026-07-09', status: 'cancelled', reason: 'Sold for the wrong week' };
  expect((await h.request('PUT', `/api/admin/policies/${made.id}`, { token: admin, body: changed })).status).toBe(200);
  // The same save again changes nothing and adds no version.
  expect((await h.request('PUT', `/api/admin/policies/${made.id}`, { token: admin, body: changed })).status).toBe(200);
  const versions = await history(made.id);
  expect(versions).toHaveLength(2);
  expect(versions[0]!.changes).toEqual([
    { field: 'end', from: '8 Jul 2026 23:59', to: '9 Jul 2026 23:59' },
    { field: 'status', from: 'active', to: 'cancelled' },
  ]);
  expect(versions[0]!.timestamp >= versions[1]!.timestamp).toBe(true);

  const logs = await json<LogEntryView[]>(await h.request('GET', `/api/admin/logs?limit=100&search=${made.policyNumber}`, { token: admin }));
  expect(logs.map((l) => l.action)).toContain(`Updated policy: ${made.policyNumber}: end 8 Jul 2026 23:59 -> 9 Jul 2026 23:59; status active -> cancelled`);

  // tRPC answers the same.
  expect(await h.trpc(admin).admin.policies.history({ id: made.id })).toEqual(versions);
});

it("records the expiry sweep's change as the system's", async () => {
  const made = await json<PolicyView>(
    await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, startDate: '2026-06-01', endDate: '2026-06-02' } }),
  );
  await sweepExpiredPolicies(h.deps);
  const [latest] = await history(made.id);
  expect(latest).toMatchObject({ username: 'system', changes: [{ field: 'status', from: 'active', to: 'expired' }] });
});

it('is for staff only, and answers 404 for a policy that does not exist', async () => {
  const made = await json<PolicyView>(await h.request('POST', '/api/admin/policies', { token: admin, body: validPolicy }));
  expect((await h.request('GET', `/api/admin/policies/${made.id}/history`, { token: customer })).status).toBe(403);
  expect((await h.request('GET', `/api/admin/policies/${made.id}/history`)).status).toBe(401);
  expect((await h.request('GET', '/api/admin/policies/999999/history', { token: admin })).status).toBe(404);
  expect((await h.request('GET', '/api/admin/policies/abc/history', { token: admin })).status).toBe(400);
});
