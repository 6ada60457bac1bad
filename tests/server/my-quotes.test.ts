// A customer's own quote requests on their dashboard (docs/product.md#dashboard): matched by the account's
// e-mail in any letter case, newest first, with the offer and the policy issued; nobody else's; nothing
// staff wrote. REST GET /api/user/quotes and tRPC quotes.mine answer alike.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myQuoteRequestView } from '../../src-server/contract/views';
import { policies, quoteRequests } from '../../src-server/platform/db/schema/index';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
let customer: string;
let other: string;
let address = 0;

async function submit(email: string, lastName: string): Promise<string> {
  return ((await expectJson(h.request('POST', '/api/quotes', { body: { ...validQuote, email, lastName }, headers: { 'x-forwarded-for': `10.7.0.${address++}` } }), 201)) as { reference: string }).reference;
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'boss', isAdmin: true, isOwner: true });
  await h.addUser({ username: 'jo.mine', email: 'Jo.Mine@example.test' });
  await h.addUser({ username: 'someone.else', email: 'someone@example.test' });
  customer = await h.tokenFor('jo.mine');
  other = await h.tokenFor('someone.else');
});
afterAll(() => h.close());

describe('GET /api/user/quotes and quotes.mine', () => {
  it("lists the customer's own requests (e-mail in any case), newest first, with the offer and the policy", async () => {
    const first = await submit('jo.mine@example.test', 'First');
    h.clock.advance(60_000);
    const second = await submit('JO.MINE@EXAMPLE.TEST', 'Second');
    await submit('someone@example.test', 'Theirs');

    // Staff offered a price on the first, and issued a policy from it.
    const boss = await h.tokenFor('boss');
    const created = await json<{ id: number; policyNumber: string }>(await h.request('POST', '/api/admin/policies', { token: boss, body: validPolicy }));
    await h.database.db
      .update(quoteRequests)
      .set({ status: 'closed', offerPremiumPence: 6450, offerValidUntil: h.clock.now() + 86_400_000, offeredAt: h.clock.now(), policyId: created.id })
      .where(eq(quoteRequests.reference, first));

    const mine = await expectJson<unknown[]>(h.request('GET', '/api/user/quotes', { token: customer }), 200);
    for (const item of mine) expect(myQuoteRequestView.parse(item)).toEqual(item);
    expect(mine).toEqual([
      { reference: second, status: 'new', createdAt: expect.any(String), product: expect.anything(), offer: null, policyNumber: null, statementOfFact: null, payOnline: false },
      {
        reference: first,
        status: 'closed',
        createdAt: expect.any(String),
        product: expect.anything(),
        offer: { premium: 64.5, validUntil: new Date(h.clock.now() + 86_400_000).toISOString(), offeredAt: new Date(h.clock.now()).toISOString(), acceptance: null },
        policyNumber: created.policyNumber,
        // Shown only while a price awaits acceptance (docs/product.md#accepting-a-quote).
        statementOfFact: null,
        // A price staff sent is accepted and paid by phone; only an instant price is bought online.
        payOnline: false,
      },
    ]);
    expect(await h.trpc(customer).quotes.mine()).toEqual(mine);

    // Someone else sees only theirs; nothing staff-only travels (no notes, assignee, address); the answers only as a
    // Statement of Fact to confirm.
    const theirs = await h.trpc(other).quotes.mine();
    expect(theirs.map((q) => q.reference)).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toMatch(/notes|assignee|clientAddress|details|Jo\.Mine@/);
  });

  it('a policy deleted later leaves the request without a number; an account with no requests gets []', async () => {
    await h.database.db.delete(policies);
    expect((await h.trpc(customer).quotes.mine()).every((q) => q.policyNumber === null)).toBe(true);
    await h.addUser({ username: 'new.person', email: 'new.person@example.test' });
    expect(await h.trpc(await h.tokenFor('new.person')).quotes.mine()).toEqual([]);
  });

  it('needs a session: 401 without one', async () => {
    expect((await h.request('GET', '/api/user/quotes')).status).toBe(401);
  });
});
