// "Issue policy" (docs/product.md#issuing-a-policy): POST /api/admin/quotes/{id}/policy and
// admin.quotes.issuePolicy build the policy from an accepted request (staff's fields winning), find the customer's
// account by e-mail or make one (plain, no usable password, invited), create the policy pending (active only once
// paid, docs/product.md#payments), link it, close the request with it, log it and queue the e-mails, all in one
// transaction. Existing vs new account, overrides, the documents e-mail of pending cover, refusals (400 writing
// nothing, 404, 409 not accepted, twice or closed) and who may call it.
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedPolicyView, QuoteRequestDetailView } from '../../src-server/contract/views';
import { createHarness, json, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { pagesText, readingOrder } from './pdf-reader';
import { latestLinkTo } from './mail-links';
import { acceptedQuote, logsMentioning, mailsTo, priceAndAccept, submitQuote } from './quote-flow';

let h: Harness;
let admin: string;
let customer: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true });
  await h.addUser({ username: 'cora' });
  admin = await h.tokenFor('sam');
  customer = await h.tokenFor('cora');
});
afterAll(() => h.close());

const LICENCE = 'FLETC905175A99AA';
const issue = (id: number | string, body: unknown, token: string | null = admin) =>
  h.request('POST', `/api/admin/quotes/${id}/policy`, { token: token ?? undefined, body });

async function one(sql: string, args: (string | number)[] = []) {
  return (await h.database.client.execute({ sql, args })).rows[0]!;
}
/** What a refused call must leave exactly as it was. */
async function writes(): Promise<string> {
  const rs = await h.database.client.execute(
    'select (select count(*) from users) u, (select count(*) from policies) p, (select count(*) from mail_outbox) m, (select count(*) from one_time_tokens) t, (select count(*) from audit_logs) a, (select group_concat(status || coalesce(policy_id, \'-\')) from quote_requests) q',
  );
  return JSON.stringify(rs.rows[0]);
}

describe('a new customer', () => {
  let issued: IssuedPolicyView;
  let reference: string;
  let requestId: number;

  beforeAll(async () => {
    const q = await acceptedQuote(h, admin, { email: 'Amelia.Fletcher@Example.test' });
    ({ reference, id: requestId } = q);
    issued = await expectJson<IssuedPolicyView>(issue(q.id, { licenseNumber: LICENCE }), 201);
  });

  it('answers 201 with the policy built from the request, the account made for it, and invited: true', () => {
    expect(issued.invited).toBe(true);
    expect(issued.user).toEqual({ id: expect.any(Number), username: 'amelia.fletcher', email: 'Amelia.Fletcher@Example.test' });
    expect(issued.policy).toEqual({
      id: expect.any(Number),
      policyNumber: expect.stringMatching(/^KC-[0-9A-Z]{10}$/),
      userId: issued.user.id,
      username: 'amelia.fletcher',
      holderName: 'Amelia Fletcher',
      driverName: 'Amelia Fletcher',
      // The make and model the wizard asked.
      carModel: 'Ford Fiesta 1.0 Zetec',
      licenseNumber: LICENCE,
      registration: 'AB12 CDE',
      product: 'temporary',
      // 09:00 on 10 July (BST) for 3 days.
      startDate: '2026-07-10',
      startTime: '09:00',
      endDate: '2026-07-13',
      endTime: '09:00',
      // Active only once payments cover the premium (docs/product.md#payments).
      status: 'pending',
      premium: 64.5,
    });
  });

  it('makes a plain user that no password can open yet', async () => {
    const user = await one('select is_admin, is_owner, password_hash from users where id = ?', [issued.user.id]);
    expect(user).toMatchObject({ is_admin: 0, is_owner: 0 });
    expect(String(user['password_hash'])).not.toMatch(/^scrypt\$/);
    expect((await h.request('POST', '/api/login', { body: { username: 'amelia.fletcher@example.test', password: String(user['password_hash']) } })).status).toBe(401);
  });

  it('closes the request with the policy: its detail shows closed and the policy number', async () => {
    const view = await json<QuoteRequestDetailView>(await h.request('GET', `/api/admin/quotes/${requestId}`, { token: admin }));
    expect(view).toMatchObject({ status: 'closed', policyId: issued.policy.id, policyNumber: issued.policy.policyNumber });
    expect(await one('select status, policy_id from quote_requests where id = ?', [requestId])).toMatchObject({ status: 'closed', policy_id: issued.policy.id });
  });

  it('writes the audit entries under the staff member', async () => {
    const actions = (await h.database.client.execute({ sql: "select action, username from audit_logs where username = 'sam' order by id", args: [] })).rows.map((r) => String(r['action']));
    expect(actions).toEqual(
      expect.arrayContaining([
        'Created new user: amelia.fletcher',
        `Created new policy: ${issued.policy.policyNumber}`,
        `Quote request ${reference}: status quoted -> closed`,
        `Quote request ${reference}: policy ${issued.policy.policyNumber} issued to amelia.fletcher (new account, invited)`,
      ]),
    );
  });

  it('queues an invitation with a single-use link to /welcome, stored hashed for 7 days', async () => {
    const mails = await mailsTo(h, 'amelia.fletcher@example.test');
    const invitation = mails.find((m) => m.subject === 'Set your password for Kerbside Cover');
    expect(invitation).toBeDefined();
    const link = await latestLinkTo(h, 'amelia.fletcher@example.test', '/welcome');
    expect(link.subject).toBe('Set your password for Kerbside Cover');
    expect(link.url.origin).toBe('http://localhost:3000');
    const token = link.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation!.text).toContain('within 7 days');
    expect(invitation!.text).toContain('username (amelia.fletcher) or this e-mail address');
    const stored = await one("select token_hash, kind as purpose, expires_at, used_at from one_time_tokens where kind in ('reset', 'invite', 'verify', 'login') and user_id = ?", [issued.user.id]);
    expect(stored).toMatchObject({ purpose: 'invite', expires_at: T0 + 7 * 24 * 3600_000, used_at: null });
    expect(String(stored['token_hash'])).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await h.database.client.execute('select * from one_time_tokens'))).not.toContain(token);
  });

  it('queues the policy documents naming the policy number: pending cover, so no certificate until it is paid', async () => {
    const mails = await mailsTo(h, 'amelia.fletcher@example.test');
    const documents = mails.find((m) => m.subject === `Kerbside Cover: your policy documents, ${issued.policy.policyNumber}`);
    expect(documents).toBeDefined();
    const n = issued.policy.policyNumber;
    expect(documents!.text).toContain(`Policy number: ${n}`);
    expect(documents!.text).toContain('From: Fri 10 Jul 2026, 09:00 BST');
    expect(documents!.text).toContain('To: Mon 13 Jul 2026, 09:00 BST');
    expect(documents!.text).toContain('Premium: £64.50');
    expect(documents!.text).toContain('Your cover is awaiting confirmation: you are not covered to drive until we confirm it, once we have taken your payment.');
    expect(documents!.text).not.toContain('Keep your Certificate of Motor Insurance with you');
    expect(documents!.text).toContain('a separate e-mail has a link to set your password');
    // The schedule (not in force until confirmed), the Statement of Fact and the summary; the certificate once paid.
    expect(documents!.text).toContain(`Your policy documents are attached (${n}_schedule.pdf, ${n}_statement-of-fact.pdf, ${n}_summary.pdf).`);
    expect(documents!.attachments.map((f) => [f.filename, f.contentType])).toEqual(
      ['schedule', 'statement-of-fact', 'summary'].map((kind) => [`${n}_${kind}.pdf`, 'application/pdf']),
    );
    const [schedule, statement, summary] = documents!.attachments.map((f) => Buffer.from(f.contentBase64, 'base64'));
    for (const pdf of [schedule, statement, summary]) expect(pdf!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readingOrder(new Uint8Array(schedule!))).toContain('Total premium (including Insurance Premium Tax): £64.50');
    expect(readingOrder(new Uint8Array(schedule!))).toContain('Not in force until confirmed');
    // The Statement of Fact is the request's answers, issued from it.
    expect(pagesText(new Uint8Array(statement!)).join(' ')).toContain(`Your quote request ${reference}`);
    expect(readingOrder(new Uint8Array(summary!))).toContain('Temporary car cover: product summary');
  });

  it('gives the next customer of the same name a username of their own', async () => {
    const q = await acceptedQuote(h, admin, { email: 'amelia.other@example.test' });
    const second = await json<IssuedPolicyView>(await issue(q.id, { licenseNumber: LICENCE }));
    expect(second.user.username).toBe('amelia.fletcher2');
    const q3 = await acceptedQuote(h, admin, { email: 'zoe@example.test', firstName: 'Zoë', lastName: "O'Brien-Smith" });
    expect((await json<IssuedPolicyView>(await issue(q3.id, { licenseNumber: LICENCE }))).user.username).toBe('zoe.obrien.smith');
  });
});

describe('an existing account', () => {
  it('is found by e-mail in any letter case: no new account, no invitation, only the documents', async () => {
    const bobId = await h.addUser({ username: 'bob', email: 'Bob.Brown@Example.test' });
    const q = await acceptedQuote(h, admin, { email: 'bob.brown@example.TEST', firstName: 'Bob', lastName: 'Brown' });
    const users = Number((await one('select count(*) n from users'))['n']);
    const issued = await expectJson<IssuedPolicyView>(issue(q.id, { licenseNumber: 'BROWN801015B99BB' }), 201);
    expect(issued).toMatchObject({ invited: false, user: { id: bobId, username: 'bob', email: 'Bob.Brown@Example.test' }, policy: { userId: bobId, username: 'bob' } });
    expect(Number((await one('select count(*) n from users'))['n'])).toBe(users);
    expect(Number((await one("select count(*) n from one_time_tokens where kind in ('reset', 'invite', 'verify', 'login') and user_id = ?", [bobId]))['n'])).toBe(0);
    const subjects = (await mailsTo(h, 'bob.brown@example.test')).map((m) => m.subject);
    expect(subjects).toEqual([
      `Kerbside Cover: quote request ${q.reference}`,
      `Kerbside Cover: your quote ${q.reference}, £64.50`,
      `Kerbside Cover: your policy documents, ${issued.policy.policyNumber}`,
    ]);
    const documents = (await mailsTo(h, 'bob.brown@example.test'))[2]!;
    expect(documents.text).toContain('Sign in with your username (bob) or this e-mail address');
    // Bob sees it among his policies.
    const mine = await json<{ policyNumber: string }[]>(await h.request('GET', '/api/user/policies', { token: await h.tokenFor('bob') }));
    expect(mine.map((p) => p.policyNumber)).toContain(issued.policy.policyNumber);
  });
});

describe('a second policy for a customer who has not set a password yet', () => {
  it('goes to the same account, uninvited, and the documents say how to set the password', async () => {
    const first = await acceptedQuote(h, admin, { email: 'twice.insured@example.test', firstName: 'Tia', lastName: 'Twice' });
    const one = await json<IssuedPolicyView>(await issue(first.id, { licenseNumber: LICENCE }));
    const second = await acceptedQuote(h, admin, { email: 'TWICE.insured@example.test', firstName: 'Tia', lastName: 'Twice', regNumber: 'TT22 TTT' });
    const two = await json<IssuedPolicyView>(await issue(second.id, { licenseNumber: LICENCE }));
    expect(two).toMatchObject({ invited: false, user: { id: one.user.id, username: 'tia.twice' } });
    const documents = (await mailsTo(h, 'twice.insured@example.test')).filter((m) => m.subject.includes('your policy documents'));
    expect(documents).toHaveLength(2);
    expect(documents[0]!.text).not.toContain('If you have not set your password yet');
    expect(documents[1]!.text).toContain('If you have not set your password yet, use the link in our earlier e-mail');
  });
});

describe("staff's fields", () => {
  it('win over the request: vehicle, registration, times, product and premium', async () => {
    const q = await acceptedQuote(h, admin, { email: 'override@example.test' });
    const res = await issue(q.id, {
      licenseNumber: LICENCE,
      carModel: 'Ford Fiesta 1.0 Zetec',
      registration: 'xy99  zzz',
      startTime: '10:30 AM',
      endDate: '2026-07-17',
      endTime: '11:59 PM',
      product: 'business',
      premium: '70',
      status: 'pending',
      // Not a policy field staff may set here: the account is always the request's e-mail's.
      userId: 1,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const issued = await json<IssuedPolicyView>(res);
    expect(issued.policy).toMatchObject({
      carModel: 'Ford Fiesta 1.0 Zetec',
      registration: 'XY99 ZZZ',
      startDate: '2026-07-10',
      startTime: '10:30',
      endDate: '2026-07-17',
      endTime: '23:59',
      product: 'business',
      premium: 70,
      status: 'pending',
      userId: issued.user.id,
    });
    expect(issued.user.email).toBe('override@example.test');
  });

  it('a pending policy’s documents e-mail has no certificate and says it follows once confirmed', async () => {
    const documents = (await mailsTo(h, 'override@example.test')).find((m) => m.subject.includes('your policy documents'));
    // The schedule (not in force until confirmed), the Statement of Fact and the summary; no certificate.
    expect(documents!.attachments.map((f) => f.filename.replace(/^KC-[0-9A-Z]+_/, ''))).toEqual(['schedule.pdf', 'statement-of-fact.pdf', 'summary.pdf']);
    expect(documents!.text).not.toContain('Keep your Certificate of Motor Insurance with you');
    expect(documents!.text).toContain('Your cover is awaiting confirmation: you are not covered to drive until we confirm it, once we have taken your payment.');
    expect(documents!.text).toContain('Your Certificate of Motor Insurance follows once your cover is confirmed');
  });

  it('a request from before the wizard asked for a start gives no dates: 400 until staff type them', async () => {
    const q = await acceptedQuote(h, admin, { email: 'legacy@example.test' });
    // The confirmation's delivery runs after the answer, in write transactions; this test's own write (a second
    // connection, synchronous) must not start while one is open, or it holds the event loop the transaction needs.
    await h.deps.mailer.deliverPending();
    await h.database.client.execute({ sql: 'update quote_requests set product = null, requested_start_at = null, duration_value = null, duration_unit = null where id = ?', args: [q.id] });
    const before = await writes();
    expect((await expectJson<ErrorBody>(issue(q.id, { licenseNumber: LICENCE }), 400)).details?.fieldErrors).toMatchObject({ startDate: ['Start date is required'], endDate: ['End date is required'] });
    expect(await writes()).toBe(before);
    expect((await expectJson<IssuedPolicyView>(issue(q.id, { licenseNumber: LICENCE, startDate: '2026-07-10', startTime: '09:00', endDate: '2026-07-11', endTime: '09:00' }), 201)).policy).toMatchObject({ product: 'temporary', startDate: '2026-07-10', endDate: '2026-07-11' });
  });
});

describe('refusals', () => {
  it('answers 400 with field messages and writes nothing: no licence, an end before the start, a status but pending, no premium', async () => {
    const q = await acceptedQuote(h, admin, { email: 'refused@example.test' });
    const before = await writes();
    const cases: [unknown, string, string][] = [
      [{}, 'licenseNumber', 'Licence number is required'],
      [{ licenseNumber: '  ' }, 'licenseNumber', 'Licence number is required'],
      [{ licenseNumber: LICENCE, endDate: '2026-07-09' }, 'endDate', 'The end must be after the start'],
      [{ licenseNumber: LICENCE, status: 'lapsed' }, 'status', 'A policy from a quote starts pending: it becomes active once payments cover its premium'],
      [{ licenseNumber: LICENCE, status: 'active' }, 'status', 'A policy from a quote starts pending: it becomes active once payments cover its premium'],
      [{ licenseNumber: LICENCE, premium: null }, 'premium', 'A policy from a quote needs its premium, above £0.00'],
      [{ licenseNumber: LICENCE, premium: '0' }, 'premium', 'A policy from a quote needs its premium, above £0.00'],
      [{ licenseNumber: LICENCE, startTime: '25:00' }, 'startTime', 'Start time must be a time such as 09:00 or 09:00 AM'],
      [{ licenseNumber: LICENCE, registration: 'AB-12' }, 'registration', 'Registration may use letters, digits and spaces'],
      [{ licenseNumber: LICENCE, premium: '1.234' }, 'premium', 'Enter pounds and pence with at most two decimal places'],
      [{ licenseNumber: LICENCE, product: 'van' }, 'product', 'Product must be one of: temporary, learner, business'],
    ];
    for (const [body, field, message] of cases) {
      const res = await issue(q.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await writes()).toBe(before);
  });

  it('answers 409 to a second issue, and to an offer once issued; the first policy stands alone', async () => {
    const q = await acceptedQuote(h, admin, { email: 'twice@example.test' });
    const first = await json<IssuedPolicyView>(await issue(q.id, { licenseNumber: LICENCE }));
    const before = await writes();
    expect(await expectJson(issue(q.id, { licenseNumber: LICENCE }), 409)).toEqual({ error: 'A policy has already been issued from this quote request' });
    const trpc = await h.trpc(admin).admin.quotes.issuePolicy({ id: q.id, licenseNumber: LICENCE }).catch((e: unknown) => e);
    expect((trpc as TRPCError).code).toBe('CONFLICT');
    expect((await h.request('POST', `/api/admin/quotes/${q.id}/offer`, { token: admin, body: { premium: 10 } })).status).toBe(409);
    expect(await writes()).toBe(before);
    expect(Number((await one('select count(*) n from policies where user_id = ?', [first.user.id]))['n'])).toBe(1);
  });

  it('answers 409 for a quote not accepted, priced or not, writing nothing; the console explains why', async () => {
    const unpriced = await submitQuote(h, { email: 'not.accepted@example.test' });
    const priced = await submitQuote(h, { email: 'priced.only@example.test' });
    expect((await h.request('POST', `/api/admin/quotes/${priced.id}/offer`, { token: admin, body: { premium: 50 } })).status).toBe(200);
    const before = await writes();
    for (const q of [unpriced, priced]) {
      expect(await expectJson(issue(q.id, { licenseNumber: LICENCE }), 409)).toEqual({
        error: 'The customer has not accepted this quote yet: they accept it in their account, or record their acceptance by phone',
      });
    }
    expect(await writes()).toBe(before);
  });

  it('answers 409 when a new price was sent after the acceptance: the new price needs its own', async () => {
    const q = await acceptedQuote(h, admin, { email: 'repriced@example.test' });
    expect((await h.request('POST', `/api/admin/quotes/${q.id}/offer`, { token: admin, body: { premium: 80 } })).status).toBe(200);
    expect((await issue(q.id, { licenseNumber: LICENCE })).status).toBe(409);
    await priceAndAccept(h, admin, q.id, 80);
    expect((await expectJson<IssuedPolicyView>(issue(q.id, { licenseNumber: LICENCE }), 201)).policy).toMatchObject({ premium: 80, status: 'pending' });
  });

  it('answers 409 when the address belongs to a closed account, writing nothing', async () => {
    const leaver = await h.addUser({ username: 'leaver', email: 'leaver@example.test' });
    expect((await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, userId: leaver } })).status).toBe(201);
    expect(await json(await h.request('DELETE', `/api/admin/users/${leaver}`, { token: admin }))).toEqual({ success: true, closed: true });
    const q = await acceptedQuote(h, admin, { email: 'LEAVER@example.test' });
    const before = await writes();
    expect(await expectJson(issue(q.id, { licenseNumber: LICENCE }), 409)).toEqual({ error: "The account of this request's e-mail address is closed: a policy cannot be issued to it" });
    expect(await writes()).toBe(before);
  });

  it('answers 409 for a request staff closed by hand', async () => {
    const q = await submitQuote(h, { email: 'closed@example.test' });
    await h.request('PUT', `/api/admin/quotes/${q.id}`, { token: admin, body: { status: 'closed' } });
    expect(await expectJson(issue(q.id, { licenseNumber: LICENCE }), 409)).toEqual({ error: 'This quote request is closed' });
  });

  it('answers 404 for a request that does not exist, 400 for an id that cannot be one', async () => {
    expect(await expectJson(issue(987_654, { licenseNumber: LICENCE }), 404)).toEqual({ error: 'Quote request not found' });
    expect((await issue('1e3', { licenseNumber: LICENCE })).status).toBe(400);
  });

  it('is for staff only: 401 signed out, 403 for a customer, at both doors, writing nothing', async () => {
    const q = await acceptedQuote(h, admin, { email: 'guarded@example.test' });
    const before = await writes();
    expect((await issue(q.id, { licenseNumber: LICENCE }, null)).status).toBe(401);
    expect((await issue(q.id, { licenseNumber: LICENCE }, customer)).status).toBe(403);
    expect(((await h.trpc().admin.quotes.issuePolicy({ id: q.id, licenseNumber: LICENCE }).catch((e: unknown) => e)) as TRPCError).code).toBe('UNAUTHORIZED');
    expect(((await h.trpc(customer).admin.quotes.issuePolicy({ id: q.id, licenseNumber: LICENCE }).catch((e: unknown) => e)) as TRPCError).code).toBe('FORBIDDEN');
    expect(await writes()).toBe(before);
  });
});

describe('over tRPC', () => {
  it('admin.quotes.issuePolicy answers the same view', async () => {
    const q = await acceptedQuote(h, admin, { email: 'trpc@example.test', firstName: 'Tom', lastName: 'Rowe' });
    const issued = await h.trpc(admin).admin.quotes.issuePolicy({ id: q.id, licenseNumber: LICENCE, startTime: '09:30' });
    expect(issued).toMatchObject({ invited: true, user: { username: 'tom.rowe', email: 'trpc@example.test' }, policy: { startTime: '09:30', holderName: 'Tom Rowe' } });
    expect(await logsMentioning(h, `issued to tom.rowe`)).toHaveLength(1);
  });
});
