// Admin rights are asserted inside every admin service function too, not only by the REST guard and the tRPC
// admin tier (docs/product.md#roles): called directly with a customer as the caller, each one throws
// ForbiddenError before it reads or writes anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyInput } from '../../src-server/contract/schemas';
import type { Caller } from '../../src-server/deps';
import { ForbiddenError } from '../../src-server/errors';
import { callbackQueue } from '../../src-server/modules/requests/callbacks/service';
import { addClientLog, listLogs } from '../../src-server/modules/reporting/logs/service';
import { createPolicy, deletePolicy, listPolicies, policiesOfUser } from '../../src-server/modules/policies/policies/service';
import { updatePolicy } from '../../src-server/modules/policies/policies/update';
import { getQueueItem, listQueue, updateQueueItem } from '../../src-server/modules/requests/queues/queue';
import { quoteQueue } from '../../src-server/modules/requests/quotes/service';
import { generatePolicyReport } from '../../src-server/modules/reporting/reports/service';
import { getStats } from '../../src-server/modules/reporting/stats/service';
import { coverHeld, createUser, deleteUser, listUsers, updateUser } from '../../src-server/modules/accounts/users/service';
import { customerOverview } from '../../src-server/modules/reporting/customers/service';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { waitFor } from './smtp';

let h: Harness;
let customer: Caller;
let admin: Caller;
let targetUserId: number;
let policyId: number;
let quoteId: number;
let callbackId: number;

const caller = (id: number, username: string, roles: { isAdmin: boolean; isOwner: boolean }): Caller => ({ id, username, ...roles, jti: `jti-${id}`, exp: 0 });
const page = { limit: 10, offset: 0, search: '' };

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'owen', isOwner: true });
  const adminId = await h.addUser({ username: 'ada', isAdmin: true });
  const customerId = await h.addUser({ username: 'cora' });
  targetUserId = await h.addUser({ username: 'tim' });
  customer = caller(customerId, 'cora', { isAdmin: false, isOwner: false });
  admin = caller(adminId, 'ada', { isAdmin: true, isOwner: false });
  const token = await h.tokenFor('owen');
  policyId = (await json<{ id: number }>(await h.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, userId: customerId } }))).id;
  await h.request('POST', '/api/quotes', { body: validQuote });
  await h.request('POST', '/api/callbacks', { body: { name: 'Cal Back', email: 'cal@example.test', phone: '07700 900123', reasonForContact: 'other' } });
  quoteId = (await h.trpc(token).admin.quotes.list({})).items[0]!.id;
  callbackId = (await h.trpc(token).admin.callbacks.list({})).items[0]!.id;
  // The requests' confirmations go out after their answers: once delivered, nothing but a refused call could write.
  await waitFor('the confirmations delivered', async () => {
    const { rows } = await h.database.client.execute("select count(*) from mail_outbox where status in ('pending', 'sending')");
    return Number(rows[0]![0]) === 0;
  });
});
afterAll(async () => {
  await h?.close();
});

/** Every row of every table a refused call could touch. */
async function snapshot(): Promise<unknown[]> {
  const tables = ['users', 'policies', 'audit_logs', 'quote_requests', 'callback_requests', 'counters', 'mail_outbox'];
  return Promise.all(tables.map(async (t) => (await h.database.client.execute(`select * from ${t} order by rowid`)).rows));
}

const policy = () => policyInput.parse({ ...validPolicy, holderName: 'Forbidden Holder' });
const user = { username: 'sneaky', email: 'sneaky@example.test', isAdmin: false, isOwner: false };

const calls: Record<string, (c: Caller) => Promise<unknown>> = {
  getStats: (c) => getStats(h.deps, c),
  listUsers: (c) => listUsers(h.deps, c, page),
  createUser: (c) => createUser(h.deps, c, { ...user, password: 'long-enough-1' }),
  updateUser: (c) => updateUser(h.deps, c, targetUserId, { ...user, password: 'long-enough-2' }),
  deleteUser: (c) => deleteUser(h.deps, c, targetUserId),
  coverHeld: (c) => coverHeld(h.deps, c, customer.id),
  customerOverview: (c) => customerOverview(h.deps, c, customer.id),
  listPolicies: (c) => listPolicies(h.deps, c, page),
  policiesOfUser: (c) => policiesOfUser(h.deps, c, customer.id),
  createPolicy: (c) => createPolicy(h.deps, c, policy()),
  updatePolicy: (c) => updatePolicy(h.deps, c, policyId, policy()),
  deletePolicy: (c) => deletePolicy(h.deps, c, policyId),
  listLogs: (c) => listLogs(h.deps, c, page),
  addClientLog: (c) => addClientLog(h.deps, c, { action: 'Forged entry', level: 'info' }),
  generatePolicyReport: (c) => generatePolicyReport(h.deps, c),
  listQuoteRequests: (c) => listQueue(h.deps, quoteQueue, c, page),
  getQuoteRequest: (c) => getQueueItem(h.deps, quoteQueue, c, quoteId),
  updateQuoteRequest: (c) => updateQueueItem(h.deps, quoteQueue, c, quoteId, { status: 'closed' }),
  listCallbackRequests: (c) => listQueue(h.deps, callbackQueue, c, page),
  getCallbackRequest: (c) => getQueueItem(h.deps, callbackQueue, c, callbackId),
  updateCallbackRequest: (c) => updateQueueItem(h.deps, callbackQueue, c, callbackId, { status: 'closed' }),
};

describe('admin service functions called by a customer', () => {
  it.each(Object.keys(calls))('%s throws ForbiddenError and writes nothing', async (name) => {
    const before = await snapshot();
    await expect(calls[name]!(customer)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await snapshot()).toEqual(before);
  });
});

it('the same calls go through for an admin (the refusal above is the role, not the data)', async () => {
  for (const name of ['getStats', 'listUsers', 'coverHeld', 'customerOverview', 'listPolicies', 'policiesOfUser', 'listLogs', 'getQuoteRequest', 'getCallbackRequest', 'updateQuoteRequest']) {
    await expect(calls[name]!(admin), name).resolves.toBeDefined();
  }
});
