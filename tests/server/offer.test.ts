// "Send quote" (docs/product.md#sending-a-quote): POST /api/admin/quotes/{id}/offer and admin.quotes.offer
// record the price and its validity on the request, mark it quoted, log it and e-mail the customer the price,
// what it covers, until when (UK time naming GMT or BST) and how to accept. Validation, 404, 409 for a closed
// request, and who may call it.
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteRequestDetailView } from '../../src-server/contract/views';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { logsMentioning, mailsTo, submitQuote } from './quote-flow';

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

const offer = (id: number | string, body: unknown, token: string | null = admin) =>
  h.request('POST', `/api/admin/quotes/${id}/offer`, { token: token ?? undefined, body });

async function row(id: number) {
  const rs = await h.database.client.execute({ sql: 'select * from quote_requests where id = ?', args: [id] });
  return rs.rows[0]!;
}

describe('sending a quote', () => {
  it('records the price in pence, valid 24 hours by default, marks the request quoted and answers the detail view', async () => {
    const q = await submitQuote(h);
    const view = await expectJson<QuoteRequestDetailView>(offer(q.id, { premium: '64.50' }), 200);
    expect(view).toMatchObject({
      id: q.id,
      reference: q.reference,
      status: 'quoted',
      offer: { premium: 64.5, validUntil: new Date(T0 + 24 * 3600_000).toISOString(), offeredAt: new Date(T0).toISOString() },
      policyId: null,
      policyNumber: null,
    });
    const stored = await row(q.id);
    expect(stored).toMatchObject({ offer_premium_pence: 6450, offer_valid_until: T0 + 24 * 3600_000, offered_at: T0, status: 'quoted' });
    // The queue's own read shows the same.
    expect(await json(await h.request('GET', `/api/admin/quotes/${q.id}`, { token: admin }))).toEqual(view);
  });

  it('e-mails the customer the price, what it covers, until when (naming BST) and how to accept', async () => {
    const q = await submitQuote(h, { email: 'priya@example.test', firstName: 'Priya' });
    expect((await offer(q.id, { premium: 64.5 })).status).toBe(200);
    const mails = await mailsTo(h, 'priya@example.test');
    const mail = mails[mails.length - 1]!;
    expect(mail.subject).toBe(`Kerbside Cover: your quote ${q.reference}, £64.50`);
    expect(mail.text).toContain('Hello Priya,');
    expect(mail.text).toContain('Price: £64.50 (insurance premium tax included)');
    expect(mail.text).toContain('Cover: Temporary car cover');
    // The make and model the wizard asked (a request from before names the vehicle's type instead).
    expect(mail.text).toContain('Vehicle: Ford Fiesta 1.0 Zetec, registration AB12 CDE');
    expect(mail.text).toContain('Driver: Priya Fletcher');
    expect(mail.text).toContain('Cover to start: Fri 10 Jul 2026, 09:00 BST');
    expect(mail.text).toContain('For: 3 days');
    expect(mail.text).toContain('This price is valid until Thu 2 Jul 2026, 13:00 BST.');
    expect(mail.text).toContain(`call us on 020 7946 0000 (Monday to Friday 8am to 8pm, Saturday 9am to 5pm; claims line 24 hours a day, 7 days a week) and quote your reference ${q.reference}`);
    expect(mail.text).toContain('quotes@kerbsidecover.example');
    expect(mail.text).toContain('Authorised and regulated by the Financial Conduct Authority.');
  });

  it('takes the validity in whole hours, 1 to 720, and money as people type it', async () => {
    const q = await submitQuote(h);
    const view = await json<QuoteRequestDetailView>(await offer(q.id, { premium: '£1,234.50', validHours: '720' }));
    expect(view.offer).toMatchObject({ premium: 1234.5, validUntil: new Date(T0 + 720 * 3600_000).toISOString() });
    const one = await json<QuoteRequestDetailView>(await offer(q.id, { premium: 19, validHours: 1 }));
    expect(one.offer).toMatchObject({ premium: 19, validUntil: new Date(T0 + 3600_000).toISOString() });
  });

  it('names GMT when the offer runs past the clocks going back', async () => {
    const q = await submitQuote(h, { email: 'autumn@example.test' });
    const saved = h.clock.now();
    h.clock.set(Date.UTC(2026, 9, 24, 12, 0)); // Sat 24 Oct 2026, 13:00 BST
    try {
      // A session of that day: the harness's earlier ones have long expired.
      const view = await json<QuoteRequestDetailView>(await offer(q.id, { premium: '58', validHours: 48 }, await h.tokenFor('sam')));
      expect(view.offer?.validUntil).toBe(new Date(Date.UTC(2026, 9, 26, 12, 0)).toISOString());
      const mails = await mailsTo(h, 'autumn@example.test');
      expect(mails[mails.length - 1]!.text).toContain('This price is valid until Mon 26 Oct 2026, 12:00 GMT.');
    } finally {
      h.clock.set(saved);
    }
  });

  it('logs the status change and the offer under the staff member; an offer sent again replaces the first', async () => {
    const q = await submitQuote(h);
    await offer(q.id, { premium: '64.50' });
    await offer(q.id, { premium: '60', validHours: 48 });
    expect(await logsMentioning(h, q.reference)).toEqual([
      { action: `Quote requested: ${q.reference}`, username: null },
      { action: `Quote request ${q.reference}: status new -> quoted`, username: 'sam' },
      { action: `Quote request ${q.reference}: quote sent, £64.50 valid until Thu 2 Jul 2026, 13:00 BST`, username: 'sam' },
      { action: `Quote request ${q.reference}: quote sent, £60.00 valid until Fri 3 Jul 2026, 13:00 BST`, username: 'sam' },
    ]);
    expect(await row(q.id)).toMatchObject({ offer_premium_pence: 6000, status: 'quoted' });
  });

  it('works over tRPC as admin.quotes.offer, with the same answer', async () => {
    const q = await submitQuote(h);
    const view = await h.trpc(admin).admin.quotes.offer({ id: q.id, premium: '64.50', validHours: 12 });
    expect(view).toMatchObject({ id: q.id, status: 'quoted', offer: { premium: 64.5, validUntil: new Date(T0 + 12 * 3600_000).toISOString() } });
  });
});

describe('refusals', () => {
  it('answers 400 with a field message for a bad price or validity, and writes nothing', async () => {
    const q = await submitQuote(h);
    const before = JSON.stringify([await row(q.id), (await h.database.client.execute('select count(*) n from mail_outbox')).rows]);
    const cases: [unknown, string, string][] = [
      [{}, 'premium', 'Enter the price in pounds'],
      [{ premium: '' }, 'premium', 'Enter the price in pounds'],
      [{ premium: null }, 'premium', 'Enter the price in pounds'],
      [{ premium: 0 }, 'premium', 'Enter a price above £0.00'],
      [{ premium: '-5' }, 'premium', 'Enter an amount of 0 or more'],
      [{ premium: '64.505' }, 'premium', 'Enter pounds and pence with at most two decimal places'],
      [{ premium: '100000.01' }, 'premium', 'Enter an amount up to £100,000'],
      [{ premium: 'sixty' }, 'premium', 'Enter an amount in pounds, such as 4500 or 4500.50'],
      [{ premium: true }, 'premium', 'Enter an amount in pounds, such as 4500 or 4500.50'],
      [{ premium: 64.5, validHours: 0 }, 'validHours', 'Enter a whole number of hours from 1 to 720'],
      [{ premium: 64.5, validHours: 721 }, 'validHours', 'Enter a whole number of hours from 1 to 720'],
      [{ premium: 64.5, validHours: 1.5 }, 'validHours', 'Enter a whole number of hours from 1 to 720'],
      [{ premium: 64.5, validHours: '24h' }, 'validHours', 'Enter a whole number of hours from 1 to 720'],
      [{ premium: 64.5, validHours: -1 }, 'validHours', 'Enter a whole number of hours from 1 to 720'],
      [{ premium: 64.5, validHours: [24] }, 'validHours', 'Enter a whole number of hours from 1 to 720'],
    ];
    for (const [body, field, message] of cases) {
      const res = await offer(q.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await json<ErrorBody>(res);
      expect(answer.error).toBe('Some of the details are not valid');
      expect(answer.details?.fieldErrors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(JSON.stringify([await row(q.id), (await h.database.client.execute('select count(*) n from mail_outbox')).rows])).toBe(before);
  });

  it('answers 404 for a request that does not exist and 400 for an id that cannot be one', async () => {
    expect(await expectJson(offer(999_999, { premium: 64.5 }), 404)).toEqual({ error: 'Quote request not found' });
    expect((await offer('abc', { premium: 64.5 })).status).toBe(400);
  });

  it('answers 409 for a closed request, at both doors, and changes nothing', async () => {
    const q = await submitQuote(h);
    expect((await h.request('PUT', `/api/admin/quotes/${q.id}`, { token: admin, body: { status: 'closed' } })).status).toBe(200);
    const before = await row(q.id);
    expect(await expectJson(offer(q.id, { premium: 64.5 }), 409)).toEqual({ error: 'This quote request is closed' });
    const err = await h.trpc(admin).admin.quotes.offer({ id: q.id, premium: 64.5 }).catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('CONFLICT');
    expect(await row(q.id)).toEqual(before);
  });

  it('is for staff only: 401 signed out, 403 for a customer, at both doors', async () => {
    const q = await submitQuote(h);
    expect((await offer(q.id, { premium: 64.5 }, null)).status).toBe(401);
    expect((await offer(q.id, { premium: 64.5 }, customer)).status).toBe(403);
    expect(((await h.trpc().admin.quotes.offer({ id: q.id, premium: 64.5 }).catch((e: unknown) => e)) as TRPCError).code).toBe('UNAUTHORIZED');
    expect(((await h.trpc(customer).admin.quotes.offer({ id: q.id, premium: 64.5 }).catch((e: unknown) => e)) as TRPCError).code).toBe('FORBIDDEN');
    expect(await row(q.id)).toMatchObject({ status: 'new', offer_premium_pence: null });
  });
});
