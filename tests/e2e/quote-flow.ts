// Shared by the browser tests of the broker's working day (docs/product.md#from-quote-to-cover): a quote request
// sent through the public API for cover starting tomorrow (browser tests run on the real date), a policy issued
// from it through the admin API, and the messages the server queued for the customer.
import { expect, type APIRequestContext } from '@playwright/test';
import type { IssuedPolicyView } from '../../src-server/contract/views';
import { validQuote } from '../fixtures/quote';
import { db, latestLinkTo, ownerHeaders, sceneAddress } from './fixtures';

const ukDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Tomorrow in UK time as the wizard's day, month and year. */
function tomorrow(): { day: string; month: string; year: string; date: string } {
  const date = ukDay.format(Date.now() + 86_400_000);
  const [year, month, day] = date.split('-') as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year, date };
}

export interface SentQuote {
  id: number;
  reference: string;
  /** The UK date cover was asked to start, YYYY-MM-DD. */
  startDate: string;
}

/** A quote request for temporary cover from 09:00 tomorrow for 3 days, through POST /api/quotes. */
export async function requestQuote(request: APIRequestContext, person: { firstName: string; lastName: string; email: string }, extra: Record<string, unknown> = {}): Promise<SentQuote> {
  const start = tomorrow();
  const res = await request.post('/api/quotes', {
    headers: sceneAddress(),
    data: { ...validQuote, ...person, policyStartDay: start.day, policyStartMonth: start.month, policyStartYear: start.year, policyStartTime: '09:00', durationValue: '3', durationUnit: 'days', ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { reference } = (await res.json()) as { reference: string };
  const rs = await db().execute({ sql: 'select id from quote_requests where reference = ?', args: [reference] });
  return { id: Number(rs.rows[0]!['id']), reference, startDate: start.date };
}

/**
 * Cover through the admin API as staff give it (docs/product.md#from-quote-to-cover): a price sent (unless one was),
 * the acceptance recorded as given by phone, the policy issued, and (unless `pay: false`) its premium paid by card,
 * which makes it active. Answers the issue's answer with the policy as it then is.
 */
export async function issueThroughApi(
  request: APIRequestContext,
  quoteId: number,
  body: Record<string, unknown> = { licenseNumber: 'E2E0000001' },
  { pay = true }: { pay?: boolean } = {},
): Promise<IssuedPolicyView> {
  const headers = await ownerHeaders(request);
  const offered = (await db().execute({ sql: 'select offer_premium_pence p from quote_requests where id = ?', args: [quoteId] })).rows[0]?.['p'];
  if (offered === null || offered === undefined) {
    const offer = await request.post(`/api/admin/quotes/${quoteId}/offer`, { headers, data: { premium: '64.50' } });
    expect(offer.status(), await offer.text()).toBe(200);
  }
  const accepted = await request.post(`/api/admin/quotes/${quoteId}/acceptance`, { headers, data: { confirm: true } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const res = await request.post(`/api/admin/quotes/${quoteId}/policy`, { headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  const issued = (await res.json()) as IssuedPolicyView;
  if (!pay || issued.policy.premium === null) return issued;
  const paid = await request.post(`/api/admin/policies/${issued.policy.id}/payments`, { headers, data: { amount: issued.policy.premium, method: 'card-by-phone' } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { ...issued, policy: ((await paid.json()) as { policy: IssuedPolicyView['policy'] }).policy };
}

/** The newest message to `to` whose subject is `subject`, waiting briefly for it. */
export async function mailWithSubject(to: string, subject: string | RegExp): Promise<{ subject: string; text: string; attachments: string | null }> {
  for (let i = 0; i < 50; i++) {
    const rs = await db().execute({ sql: 'select subject, text_body, attachments from mail_outbox where lower(to_address) = lower(?) order by id desc', args: [to] });
    const row = rs.rows.find((r) => (typeof subject === 'string' ? r['subject'] === subject : subject.test(String(r['subject']))));
    if (row) return { subject: String(row['subject']), text: String(row['text_body']), attachments: row['attachments'] === null ? null : String(row['attachments']) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail '${String(subject)}' for ${to}`);
}

/** The invitation's /welcome link e-mailed to `to`, as a path on this site. */
export async function invitationPath(to: string): Promise<string> {
  await mailWithSubject(to, 'Set your password for Kerbside Cover');
  const link = await latestLinkTo(to, '/welcome');
  return link.pathname + link.search;
}
