// The takeover a hostile review walked (docs/product.md#e-mail-confirmation): someone asks for a quote as
// victim@mail.example; mallory registers with VICTIM@mail.example (accepted at once, nothing confirmed); staff send
// the quote and issue the policy. Mallory must see none of it, and the victim's invitation link must take the
// account over and end mallory's session. Then the variants: a stranger's quote with a customer's address, and an
// account deleted and its address registered again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedPolicyView, LoginResult, MyQuoteRequestView, PolicyView } from '../../src-server/contract/views';
import { createHarness, json, PASSWORD, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { latestLinkTo, linksSentTo } from './mail-links';
import { acceptedQuote, logsMentioning, mailsTo, submitQuote } from './quote-flow';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true });
  admin = await h.tokenFor('sam');
});
afterAll(() => h.close());

async function register(username: string, email: string): Promise<void> {
  await expectStatus(h.request('POST', '/api/register', { body: { username, email, password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.7' } }), 201);
}

async function dashboard(token: string) {
  const quotes = await h.request('GET', '/api/user/quotes', { token });
  const policies = await h.request('GET', '/api/user/policies', { token });
  expect(quotes.status).toBe(200);
  expect(policies.status).toBe(200);
  return { quotes: await json<MyQuoteRequestView[]>(quotes), policies: await json<PolicyView[]>(policies) };
}

describe('an address registered by someone who does not own it', () => {
  let mallory: string;
  let request: { id: number; reference: string };
  let issued: IssuedPolicyView;

  beforeAll(async () => {
    request = await submitQuote(h, { email: 'victim@mail.example', firstName: 'Vicky', lastName: 'Tim' });
    await register('mallory', 'VICTIM@mail.example');
    mallory = await h.tokenFor('mallory');
  });

  it("shows the squatter none of the victim's requests, before or after the quote is sent", async () => {
    expect(await dashboard(mallory)).toEqual({ quotes: [], policies: [] });
    expect((await h.request('POST', `/api/admin/quotes/${request.id}/offer`, { token: admin, body: { premium: '80.00' } })).status).toBe(200);
    expect((await dashboard(mallory)).quotes).toEqual([]);
    expect((await h.trpc(mallory).quotes.mine())).toEqual([]);
  });

  it('issuing the request does not give the squatter the policy: it waits, and the address is invited', async () => {
    expect((await h.request('POST', `/api/admin/quotes/${request.id}/acceptance`, { token: admin , body: { confirm: true } })).status).toBe(200);
    issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${request.id}/policy`, { token: admin, body: { licenseNumber: 'TIMVI905175A99AA' } }), 201);
    expect(issued).toMatchObject({ invited: true, awaitingConfirmation: true, user: { username: 'mallory' } });
    expect(issued.policy.userId).toBeNull();
    expect(await dashboard(mallory)).toEqual({ quotes: [], policies: [] });
    expect((await h.trpc(mallory).policies.mine())).toEqual([]);
    expect((await h.request('GET', `/api/policies/${issued.policy.policyNumber}/certificate`, { token: mallory })).status).toBe(404);
    expect((await logsMentioning(h, `policy ${issued.policy.policyNumber} issued to mallory`))[0]?.action).toContain('address not confirmed');
  });

  it("the victim's invitation link takes the account over: the policy and request join it and the squatter's session ends", async () => {
    const invitation = (await mailsTo(h, 'VICTIM@mail.example')).find((m) => m.subject === 'Set your password for Kerbside Cover');
    expect(invitation?.text).toContain('has not confirmed the address');
    const { token } = await latestLinkTo(h, 'VICTIM@mail.example', '/welcome');
    const { session } = await expectJson<{ session: LoginResult }>(h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'victims-own-password' } }), 200);
    expect(session.user).toMatchObject({ username: 'mallory', emailVerified: true });

    expect((await h.request('GET', '/api/user/policies', { token: mallory })).status).toBe(401);
    expect((await h.request('POST', '/api/login', { body: { username: 'mallory', password: PASSWORD } })).status).toBe(401);

    const seen = await dashboard(session.token);
    expect(seen.policies.map((p) => p.policyNumber)).toEqual([issued.policy.policyNumber]);
    expect(seen.quotes.map((q) => q.reference)).toEqual([request.reference]);
    // Theirs now (not 404); pending until paid, so no certificate yet (docs/product.md#payments).
    expect((await h.request('GET', `/api/policies/${issued.policy.policyNumber}/certificate`, { token: session.token })).status).toBe(409);
    // The move is in the policy's history (docs/product.md#policy-history).
    const [joined] = await h.trpc(admin).admin.policies.history({ id: issued.policy.id });
    expect(joined).toMatchObject({ username: 'mallory', reason: 'address confirmed', changes: [{ field: 'account', from: null, to: `#${session.user.id}` }] });
  });
});

describe('confirming an address by its link', () => {
  it('works only signed in to the account it was sent for, and then brings in the requests made with the address', async () => {
    const { reference } = await submitQuote(h, { email: 'dana@mail.example' });
    await register('dana', 'dana@mail.example');
    await register('eve', 'eve@mail.example');
    const dana = await h.tokenFor('dana');
    const eve = await h.tokenFor('eve');
    expect((await h.trpc(dana).account.me()).user.emailVerified).toBe(false);
    expect((await dashboard(dana)).quotes).toEqual([]);

    const { subject, token } = await latestLinkTo(h, 'dana@mail.example', '/verify-email');
    expect(subject).toContain('confirm your e-mail address');
    // Opened by someone signed in to another account (or signed out): nothing is confirmed.
    expect((await h.request('POST', '/api/account/verify-email/confirm', { body: { token } })).status).toBe(401);
    expect((await h.request('POST', '/api/account/verify-email/confirm', { token: eve, body: { token } })).status).toBe(403);
    expect((await h.trpc(dana).account.me()).user.emailVerified).toBe(false);

    expect((await expectJson<{ user: { emailVerified: boolean } }>(h.request('POST', '/api/account/verify-email/confirm', { token: dana, body: { token } }), 200)).user.emailVerified).toBe(true);
    expect((await dashboard(dana)).quotes.map((q) => q.reference)).toEqual([reference]);
    // Spent: the same link again confirms nothing new and says so; another account still gets nothing from it.
    expect((await h.request('POST', '/api/account/verify-email/confirm', { token: dana, body: { token } })).status).toBe(200);
    expect((await h.request('POST', '/api/account/verify-email/confirm', { token: eve, body: { token } })).status).toBe(400);
  });

  it('sends a new link on request, spending the one before; an address already confirmed sends nothing', async () => {
    await register('fred', 'fred@mail.example');
    const fred = await h.tokenFor('fred');
    const again = await h.trpc(fred).account.verifyEmail.request();
    expect(again).toEqual({ message: expect.stringContaining('e-mailed you a link'), emailVerified: false });
    const links = (await linksSentTo(h, 'fred@mail.example')).filter((l) => l.url.pathname === '/verify-email');
    expect(links).toHaveLength(2);
    const [first, second] = links.map((l) => l.token);
    expect(await h.trpc(fred).account.verifyEmail.confirm({ token: first! }).catch((e: { code: string }) => e.code)).toBe('BAD_REQUEST');
    expect((await h.trpc(fred).account.verifyEmail.confirm({ token: second! })).user.emailVerified).toBe(true);
    const count = (await mailsTo(h, 'fred@mail.example')).length;
    expect(await h.trpc(fred).account.verifyEmail.request()).toMatchObject({ emailVerified: true });
    expect(await mailsTo(h, 'fred@mail.example')).toHaveLength(count);
  });
});

describe('the variants', () => {
  it("a stranger's quote made with a confirmed customer's address is the customer's, who owns the mailbox it went to", async () => {
    await h.addUser({ username: 'gina', email: 'gina@mail.example' });
    const gina = await h.tokenFor('gina');
    const { reference } = await submitQuote(h, { email: 'GINA@mail.example', firstName: 'Stranger' });
    expect((await dashboard(gina)).quotes.map((q) => q.reference)).toEqual([reference]);
  });

  it("deleting an account that holds a policy closes it: its address stays with it, never handed to whoever registers it next", async () => {
    const holly = await h.addUser({ username: 'holly', email: 'holly@mail.example' });
    const q = await acceptedQuote(h, admin, { email: 'holly@mail.example' });
    const issued = await json<IssuedPolicyView>(
      await h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: admin, body: { licenseNumber: 'HOLLY905175A99AA' } }),
    );
    expect(issued.user.id).toBe(holly);
    const res = await h.request('DELETE', `/api/admin/users/${holly}`, { token: admin });
    expect(await json(res)).toEqual({ success: true, closed: true });

    // The closed account keeps the address (docs/product.md#closed-accounts): nobody registers it again.
    expect((await h.request('POST', '/api/register', { body: { username: 'newholly', email: 'holly@mail.example', password: 'long-enough-1' } })).status).toBe(409);
  });

  it("staff changing an account's address makes it unconfirmed again, with a link to the new address", async () => {
    const ivy = await h.addUser({ username: 'ivy', email: 'ivy@mail.example' });
    expect((await expectJson<{ emailVerified: boolean }>(h.request('PUT', `/api/admin/users/${ivy}`, { token: admin, body: { username: 'ivy', email: 'ivy.new@mail.example', isAdmin: false, isOwner: false } }), 200)).emailVerified).toBe(false);
    expect((await latestLinkTo(h, 'ivy.new@mail.example', '/verify-email')).token).toBeTruthy();
    const { reference } = await submitQuote(h, { email: 'ivy.new@mail.example' });
    const ivyToken = await h.tokenFor('ivy');
    expect((await dashboard(ivyToken)).quotes.map((q) => q.reference)).not.toContain(reference);
  });
});
