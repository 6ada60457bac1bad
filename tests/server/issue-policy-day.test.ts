// The broker's working day through the API alone (docs/product.md#from-quote-to-cover), as its "Done when"
// reads: a quote request with product, start time and duration is stored and shown to staff (a learner aged 66
// is refused with an age message); a note and an offer are recorded and the customer is e-mailed "£64.50"; the
// customer accepts by phone and staff record it; issuing answers 201 with invited: true and a pending policy; the
// payment taken by phone makes it active; the invitation sets a password exactly once; signing in with the
// e-mail shows the policy with the request's registration, product, start date and time and the end its
// duration gives; the confirmation is e-mailed with the certificate; the request shows closed with the policy number.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IssuedPolicyView, LoginResult, PolicyView, QuoteRequestDetailView } from '../../src-server/contract/views';
import { validLearner, validQuote } from '../fixtures/quote';
import { createHarness, json, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { latestLinkTo } from './mail-links';
import { mailsTo } from './quote-flow';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true });
});
afterAll(() => h.close());

const EMAIL = 'lena.marsh@example.test';

it('takes a quote request to cover, e-mails and all', async () => {
  const staff = await h.tokenFor('sam');
  const request = { ...validQuote, ...validLearner, product: 'learner', firstName: 'Lena', lastName: 'Marsh', email: EMAIL, regNumber: 'lm70 abc', policyStartDay: '15', policyStartMonth: '7', policyStartYear: '2026', policyStartTime: '17:30', durationValue: '2', durationUnit: 'weeks' };

  // A learner aged 66 is refused with the product's age message.
  expect((await expectJson<ErrorBody>(h.request('POST', '/api/quotes', { body: { ...request, dateOfBirth: '1960-01-01' }, headers: { 'x-forwarded-for': '203.0.113.200' } }), 400)).details?.fieldErrors?.dateOfBirth?.[0]).toMatch(/aged 17 to 50/);

  // The request, stored with what was asked, shown to staff.
  const { reference } = await expectJson<{ reference: string }>(h.request('POST', '/api/quotes', { body: request, headers: { 'x-forwarded-for': '203.0.113.201' } }), 201);
  const list = await json<{ id: number; reference: string }[]>(await h.request('GET', `/api/admin/quotes?search=${reference}`, { token: staff }));
  const id = list.find((r) => r.reference === reference)!.id;
  const shown = await json<QuoteRequestDetailView>(await h.request('GET', `/api/admin/quotes/${id}`, { token: staff }));
  expect(shown).toMatchObject({
    status: 'new',
    product: 'learner',
    requestedStart: new Date(Date.UTC(2026, 6, 15, 16, 30)).toISOString(), // 17:30 BST
    duration: { value: 2, unit: 'weeks' },
  });

  // A note and an offer.
  expect((await h.request('POST', `/api/admin/quotes/${id}/notes`, { token: staff, body: { text: 'Called Lena: wants cover from Wednesday teatime.' } })).status).toBe(201);
  const offered = await json<QuoteRequestDetailView>(await h.request('POST', `/api/admin/quotes/${id}/offer`, { token: staff, body: { premium: '64.50' } }));
  expect(offered).toMatchObject({ status: 'quoted', offer: { premium: 64.5 } });
  expect(offered.notes.map((n) => n.text)).toEqual(['Called Lena: wants cover from Wednesday teatime.']);
  const offerMail = (await mailsTo(h, EMAIL)).find((m) => m.subject.includes('your quote'));
  expect(offerMail?.text).toContain('£64.50');
  expect(offerMail?.text).toContain('Cover: Learner driver cover');

  // The customer accepts on the phone; staff record it (docs/product.md#accepting-a-quote).
  expect((await h.request('POST', `/api/admin/quotes/${id}/acceptance`, { token: staff , body: { confirm: true } })).status).toBe(200);

  // Issued: a new account, invited; pending until paid.
  const issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${id}/policy`, { token: staff, body: { licenseNumber: 'MARSH905175L99LM' } }), 201);
  expect(issued.invited).toBe(true);
  expect(issued.user.email).toBe(EMAIL);
  expect(issued.policy.status).toBe('pending');

  // Paid by card on the phone: the policy is active (docs/product.md#payments).
  expect(await expectJson(h.request('POST', `/api/admin/policies/${issued.policy.id}/payments`, { token: staff, body: { amount: '64.50', method: 'card-by-phone' } }), 201)).toMatchObject({ activated: true, policy: { status: 'active' } });

  // The invitation sets a password exactly once.
  const { token } = await latestLinkTo(h, EMAIL, '/welcome');
  expect((await expectJson<{ session: LoginResult }>(h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'lena-chose-this' } }), 200)).session.user.email).toBe(EMAIL);
  expect((await h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'another-password' } })).status).toBe(400);

  // Sign in with the e-mail: the policy as the request described it.
  const { token: session } = await expectJson<{ token: string }>(h.request('POST', '/api/login', { body: { username: 'Lena.Marsh@example.test', password: 'lena-chose-this' } }), 200);
  const policies = await json<PolicyView[]>(await h.request('GET', '/api/user/policies', { token: session }));
  expect(policies).toHaveLength(1);
  expect(policies[0]).toMatchObject({
    policyNumber: issued.policy.policyNumber,
    registration: 'LM70 ABC',
    product: 'learner',
    startDate: '2026-07-15',
    startTime: '17:30',
    // Two weeks on the UK wall clock.
    endDate: '2026-07-29',
    endTime: '17:30',
    holderName: 'Lena Marsh',
    driverName: 'Lena Marsh',
    licenseNumber: 'MARSH905175L99LM',
    premium: 64.5,
    status: 'active',
  });

  // The confirmation, with the certificate.
  const documents = (await mailsTo(h, EMAIL)).find((m) => m.subject === `Kerbside Cover: your cover is confirmed, ${issued.policy.policyNumber}`);
  expect(documents?.text).toContain(issued.policy.policyNumber);
  expect(documents?.attachments.map((a) => a.filename)).toEqual(['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => `${issued.policy.policyNumber}_${kind}.pdf`));

  // The request is closed, with the policy number.
  const closed = await json<QuoteRequestDetailView>(await h.request('GET', `/api/admin/quotes/${id}`, { token: staff }));
  expect(closed).toMatchObject({ status: 'closed', policyNumber: issued.policy.policyNumber, policyId: issued.policy.id });
});
