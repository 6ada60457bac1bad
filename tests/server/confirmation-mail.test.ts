// The quote and callback confirmations go to an address nobody has proved (docs/product.md#e-mails), so they carry
// nothing the requester typed freely: a greeting without the name, the reference, choices from the lists and
// normalised values. Otherwise anyone could put their own words and links into the broker's genuine e-mail to any
// inbox ('Hello Visit http://evil.example to claim,').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, type Harness } from './harness';
import { mailsTo } from './quote-flow';

const PLANTED = ['Visit http://evil.example to claim', 'www.evil.example', 'evil.example/claim now'];

let h: Harness;
let addressCounter = 0;
const address = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** The one mail queued to `to`, after checking nothing planted reached it. */
async function onlyMailTo(to: string): Promise<string> {
  const mails = await mailsTo(h, to);
  expect(mails).toHaveLength(1);
  const { subject, text } = mails[0]!;
  for (const shown of [subject, text]) {
    expect(shown).not.toMatch(/evil|http:|www\.|claim now/i);
  }
  return text;
}

describe('the quote request confirmation', () => {
  it('greets without the name and leaves out the make and model, keeping the reference and the listed facts', async () => {
    const email = 'quote.target@example.test';
    const res = await h.request('POST', '/api/quotes', {
      body: { ...validQuote, email, firstName: PLANTED[0], lastName: PLANTED[1], vehicleMake: PLANTED[2], vehicleModel: PLANTED[2], businessName: PLANTED[2] },
      headers: { 'x-forwarded-for': address() },
    });
    expect(res.status).toBe(201);
    const { reference } = await json<{ reference: string }>(res);
    const text = await onlyMailTo(email);
    expect(text.split('\n')[0]).toBe('Hello,');
    expect(text).toContain(`Your reference: ${reference}`);
    expect(text).toContain('Vehicle: AB12 CDE (Car)');
    // Updates come by e-mail only: nothing sends SMS, so nothing promises it (docs/product.md#step-3-your-price).
    expect(text).toContain('4. We e-mail you your quote, and your policy documents once your policy is set up.');
    expect(text).not.toMatch(/\bSMS\b|\btext (you|message)/i);
    // Stored whole for staff, who read it in the console.
    const row = (await h.database.client.execute({ sql: 'select first_name from quote_requests where reference = ?', args: [reference] })).rows[0]!;
    expect(row['first_name']).toBe(PLANTED[0]);
  });
});

describe('the callback request confirmation', () => {
  it('greets without the name, keeping the reference, the reason and the number to be called', async () => {
    const email = 'callback.target@example.test';
    const res = await h.request('POST', '/api/callbacks', {
      body: { name: PLANTED[0], email, phone: '07700 900123', reasonForContact: 'claims' },
      headers: { 'x-forwarded-for': address() },
    });
    expect(res.status).toBe(201);
    const { reference } = await json<{ reference: string }>(res);
    const text = await onlyMailTo(email);
    expect(text.split('\n')[0]).toBe('Hello,');
    expect(text).toContain(`Your reference: ${reference}`);
    expect(text).toContain('Reason for contact: Claims');
    expect(text).toContain('We will call you on: 07700900123');
  });
});
