// Extending cover (docs/product.md#extending-cover): more time on the caller's own live policy, priced on the live
// rate version from the answers it was bought on; once paid, the end moves as a new version with the premium grown by
// the extension's, and the documents are e-mailed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionQuoteView } from '../../src-server/contract/extension';
import type { IssuedPolicyView, PolicyVersionView } from '../../src-server/contract/views';
import { ensureExampleRates } from '../../src-server/modules/pricing';
import { applyPaidExtension } from '../../src-server/modules/policies';
import { addPolicy, expectJson, expectStatus } from './answers';
import { createHarness, T0, type ErrorBody, type Harness } from './harness';
import { acceptedQuote, mailsTo } from './quote-flow';

let h: Harness;
let admin: string;
let ella: string;
let policy: IssuedPolicyView['policy'];

const extend = (number: string, body: unknown, token = ella) => h.request('POST', `/api/user/policies/${number}/extension`, { token, body });

beforeAll(async () => {
  h = await createHarness(T0);
  await ensureExampleRates(h.deps);
  await h.addUser({ username: 'sam', isAdmin: true });
  await h.addUser({ username: 'ella', email: 'ella@example.test' });
  await h.addUser({ username: 'otto', email: 'otto@example.test' });
  admin = await h.tokenFor('sam');
  ella = await h.tokenFor('ella');
  // 10 Jul 2026 09:00 BST for 3 days, £64.50, paid by phone: active.
  const q = await acceptedQuote(h, admin, { email: 'ella@example.test' });
  const issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: admin, body: { licenseNumber: 'FLETC905175A99AA' } }), 201);
  await expectStatus(h.request('POST', `/api/admin/policies/${issued.policy.id}/payments`, { token: admin, body: { amount: '64.50', method: 'card-by-phone' } }), 201);
  policy = issued.policy;
});
afterAll(() => h.close());

describe('extending a live policy', () => {
  let quote: ExtensionQuoteView;

  it('prices the extra time from the end on the live version, valid 30 minutes', async () => {
    quote = await expectJson<ExtensionQuoteView>(extend(policy.policyNumber, { durationValue: 2, durationUnit: 'days' }), 201);
    // 48 h: 3500p x 1.05 (commuting) = 3675p; IPT 441p.
    expect(quote).toMatchObject({
      outcome: { decision: 'priced', premium: 41.16, ipt: 4.41, validUntil: new Date(T0 + 30 * 60_000).toISOString(), rateVersion: 1 },
      newEndDate: '2026-07-15',
      newEndTime: '09:00',
    });
  });

  it('once paid, moves the end and grows the premium as a new version, and e-mails the documents; once only', async () => {
    const before = (await mailsTo(h, 'ella@example.test')).length;
    expect(await h.deps.write((tx) => applyPaidExtension(h.deps, tx, quote.extensionId!, h.clock.now()))).toBe(true);
    const row = (await h.database.client.execute({ sql: 'select end_date, end_time, premium_pence, status from policies where id = ?', args: [policy.id] })).rows[0];
    expect(row).toMatchObject({ end_date: '2026-07-15', end_time: '09:00', premium_pence: 6450 + 4116, status: 'active' });
    const versions = await expectJson<PolicyVersionView[]>(h.request('GET', `/api/admin/policies/${policy.id}/history`, { token: admin }), 200);
    expect(versions[0]).toMatchObject({ username: 'system', reason: 'Extended by 2 days (£41.16), paid online' });
    const mails = await mailsTo(h, 'ella@example.test');
    expect(mails.length).toBe(before + 1);
    expect(await h.deps.write((tx) => applyPaidExtension(h.deps, tx, quote.extensionId!, h.clock.now()))).toBe(false);
    expect((await mailsTo(h, 'ella@example.test')).length).toBe(before + 1);
  });

  it('refuses another customer\'s policy, cover longer than the product sells, and a policy staff made by hand', async () => {
    await expectStatus(extend(policy.policyNumber, { durationValue: 1, durationUnit: 'days' }, await h.tokenFor('otto')), 404);
    const long = await expectJson<ErrorBody>(extend(policy.policyNumber, { durationValue: 1, durationUnit: 'months' }), 400);
    expect(long.details?.fieldErrors?.durationValue).toEqual(['That is longer than this cover can run: choose less time']);
    await expectStatus(extend(policy.policyNumber, { durationValue: 0, durationUnit: 'days' }), 400);
    const byHand = await addPolicy(h, admin, { userId: 2 });
    const refused = await expectJson<{ error: string }>(extend(byHand.policyNumber, { durationValue: 1, durationUnit: 'days' }), 409);
    expect(refused.error).toBe('This policy was set up by our staff: call us to extend it');
  });
});
