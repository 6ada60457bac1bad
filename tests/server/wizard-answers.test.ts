// What the wizard asks for insuring (docs/product.md#step-1-personal-details, issue 33): the driving licence, the
// vehicle's make and model, a learner's supervising driver and business cover's work. Bad answers get their field
// message through both doors; good ones are stored with the request, shown to staff, carried into "Issue policy"'s
// form (the real vehicle, the licence number) and into the Statement of Fact; a request from before still opens and issues.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyFromRequest } from '../../src-server/contract/offer';
import { statementAnswers } from '../../src-server/contract/statement-of-fact';
import type { IssuedPolicyView, QuoteRequestDetailView } from '../../src-server/contract/views';
import { quoteRequests } from '../../src-server/platform/db/schema/index';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { pagesText } from './pdf-reader';
import { priceAndAccept, submitQuote } from './quote-flow';

let h: Harness;
let owner: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  owner = await h.tokenFor('olivia');
});
afterAll(() => h.close());

/** Learner cover for a driver of 18 on a provisional licence, typed in lower case with spaces, and her supervisor. */
const LEARNER = {
  product: 'learner',
  dateOfBirth: '2008-03-01',
  licenceType: 'Provisional UK',
  licenceNumber: 'fletc 053018 a9 9ab',
  licenceYears: '0',
  supervisorName: 'Dan Fletcher',
  supervisorAge: '52',
  supervisorLicenceYears: '30',
  vehicleMake: 'Vauxhall',
  vehicleModel: 'Corsa 1.2 SXi',
};

const detailOf = async (id: number) => json<QuoteRequestDetailView>(await h.request('GET', `/api/admin/quotes/${id}`, { token: owner }));
const counts = async () => String((await h.database.client.execute('select count(*) n from quote_requests')).rows[0]!['n']);

describe('bad answers get their field message, and nothing is stored', () => {
  it('a UK licence number of the wrong shape, through REST and tRPC', async () => {
    const before = await counts();
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/quotes', { body: { ...validQuote, licenceNumber: 'FLETC95517' } }), 400)).details?.fieldErrors).toEqual({ licenceNumber: [expect.stringMatching(/^Enter the 16-character number from section 5 of your UK photocard licence/)] });
    await expect(h.trpc().quotes.submit({ ...validQuote, licenceNumber: 'FLETC95517' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await counts()).toBe(before);
  });

  it('a supervising driver aged 19, and one with a full licence for 2 years', async () => {
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/quotes', { body: { ...validQuote, ...LEARNER, supervisorAge: '19', supervisorLicenceYears: '2' } }), 400)).details?.fieldErrors).toEqual({
      supervisorAge: ['The supervising driver must be 21 or over'],
      supervisorLicenceYears: ['The supervising driver must have held a full licence for 3 years or more'],
    });
  });

  it('learner cover without a supervisor, business cover without the work', async () => {
    const learner = await h.request('POST', '/api/quotes', { body: { ...validQuote, ...LEARNER, supervisorName: '', supervisorAge: undefined } });
    expect(Object.keys((await json<ErrorBody>(learner)).details?.fieldErrors ?? {}).sort()).toEqual(['supervisorAge', 'supervisorName']);
    const business = await h.request('POST', '/api/quotes', { body: { ...validQuote, product: 'business' } });
    expect((await json<ErrorBody>(business)).details?.fieldErrors).toEqual({
      occupation: ['Enter your occupation'],
      businessName: ['Enter the name of the business'],
      businessNature: ['Say what the business does'],
    });
  });
});

describe('good answers go all the way', () => {
  let requestId: number;
  let detail: QuoteRequestDetailView;

  beforeAll(async () => {
    ({ id: requestId } = await submitQuote(h, { ...LEARNER, email: 'learner@example.test' }));
    detail = await detailOf(requestId);
  });

  it('are stored with the request, the licence number compacted, and staff read them with the wizard’s labels', () => {
    expect(detail.details).toMatchObject({
      licenceType: 'Provisional UK',
      licenceNumber: 'FLETC053018A99AB',
      licenceYears: 0,
      supervisorName: 'Dan Fletcher',
      supervisorAge: 52,
      supervisorLicenceYears: 30,
      vehicleMake: 'Vauxhall',
      vehicleModel: 'Corsa 1.2 SXi',
    });
    const answers = statementAnswers(detail.details).map((a) => `${a.label}: ${a.text}`);
    expect(answers).toEqual(
      expect.arrayContaining([
        'Driving licence type: Provisional UK',
        'Driving licence number: FLETC053018A99AB',
        'Years you have held this licence: 0',
        'Supervising driver’s full name: Dan Fletcher',
        'Supervising driver’s age: 52',
        'Years the supervising driver has held a full licence: 30',
        'Vehicle make: Vauxhall',
        'Vehicle model: Corsa 1.2 SXi',
      ]),
    );
    // In the wizard's order: the licence after the postcode, the make and model after the registration.
    const labels = answers.map((a) => a.split(':')[0]);
    expect(labels.indexOf('Driving licence number')).toBeGreaterThan(labels.indexOf('Postcode'));
    expect(labels.indexOf('Vehicle make')).toBeGreaterThan(labels.indexOf('Registration number'));
  });

  it('fill the issue form with the real vehicle and the licence number', () => {
    const fields = policyFromRequest({ ...detail, requestedStartAt: null, duration: null, offerPremium: null });
    expect(fields).toMatchObject({ carModel: 'Vauxhall Corsa 1.2 SXi', licenseNumber: 'FLETC053018A99AB', registration: 'AB12 CDE' });
  });

  it('issue a policy as the pre-filled form sends it, and print on the Statement of Fact', async () => {
    await priceAndAccept(h, owner, requestId);
    const { licenseNumber } = policyFromRequest({ ...detail, requestedStartAt: null, duration: null, offerPremium: null });
    const issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${requestId}/policy`, { token: owner, body: { licenseNumber } }), 201);
    expect(issued.policy).toMatchObject({ carModel: 'Vauxhall Corsa 1.2 SXi', licenseNumber: 'FLETC053018A99AB', product: 'learner' });
    const pdf = await h.request('GET', `/api/policies/${issued.policy.policyNumber}/documents/statement-of-fact`, { token: owner });
    expect(pdf.status).toBe(200);
    const text = pagesText(new Uint8Array(await pdf.arrayBuffer())).join(' ');
    for (const part of ['Driving licence type Provisional UK', 'Driving licence number FLETC053018A99AB', 'Dan Fletcher', 'Vehicle make Vauxhall', 'Vehicle model Corsa 1.2 SXi']) {
      expect(text).toContain(part);
    }
  });

  it('keep only the chosen product’s: a business request drops a supervisor typed before the product changed', async () => {
    const { id } = await submitQuote(h, { ...LEARNER, product: 'business', dateOfBirth: '1990-05-17', occupation: 'Plumber', businessName: 'Fletcher Plumbing', businessNature: 'Domestic plumbing' });
    const stored = (await detailOf(id)).details as Record<string, unknown>;
    expect(stored).toMatchObject({ occupation: 'Plumber', businessName: 'Fletcher Plumbing', businessNature: 'Domestic plumbing' });
    expect(Object.keys(stored)).not.toContain('supervisorName');
    expect(Object.keys(stored)).not.toContain('supervisorAge');
  });
});

describe('a request from before the wizard asked', () => {
  it('still opens, pre-fills the type and registration, and asks staff for the licence number', async () => {
    const { id } = await submitQuote(h, { email: 'old@example.test' });
    const old = { ...Object.fromEntries(Object.entries(validQuote).filter(([k]) => !['licenceType', 'licenceNumber', 'licenceYears', 'vehicleMake', 'vehicleModel'].includes(k))), regNumber: 'AB12 CDE' };
    // Through the write queue: the request's confirmation e-mail may be delivering (a write) at this moment.
    await h.deps.write((tx) => tx.update(quoteRequests).set({ details: JSON.stringify(old) }).where(eq(quoteRequests.id, id)));
    const detail = await detailOf(id);
    expect(policyFromRequest({ ...detail, requestedStartAt: null, duration: null, offerPremium: null })).toMatchObject({ carModel: 'Car AB12 CDE' });
    expect(policyFromRequest({ ...detail, requestedStartAt: null, duration: null, offerPremium: null })).not.toHaveProperty('licenseNumber');
    expect(statementAnswers(detail.details).map((a) => a.label)).not.toContain('Driving licence number');
    await priceAndAccept(h, owner, id);
    expect((await expectJson<ErrorBody>(h.request('POST', `/api/admin/quotes/${id}/policy`, { token: owner, body: {} }), 400)).details?.fieldErrors).toEqual({ licenseNumber: ['Licence number is required'] });
    expect((await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${id}/policy`, { token: owner, body: { licenseNumber: 'OLDER801017DA9AB' } }), 201)).policy).toMatchObject({ carModel: 'Car AB12 CDE', licenseNumber: 'OLDER801017DA9AB' });
  });
});
