// Helpers for the tests of the broker's working day (offer, issue policy, invitation): quote requests sent
// through the public API as the wizard sends them, and the mail the server queued.
import { validQuote } from '../fixtures/quote';
import { json, type Harness } from './harness';

let sent = 0;

/** A quote request through POST /api/quotes (a fresh address each, so the hourly limit stays out of the way). */
export async function submitQuote(h: Harness, overrides: Record<string, unknown> = {}): Promise<{ id: number; reference: string }> {
  sent += 1;
  const res = await h.request('POST', '/api/quotes', {
    body: { ...validQuote, email: `customer${sent}@example.test`, ...overrides },
    headers: { 'x-forwarded-for': `203.0.113.${sent % 250}` },
  });
  if (res.status !== 201) throw new Error(`quote request refused: ${res.status} ${await res.text()}`);
  const { reference } = await json<{ reference: string }>(res);
  const rs = await h.database.client.execute({ sql: 'select id from quote_requests where reference = ?', args: [reference] });
  return { id: Number(rs.rows[0]!['id']), reference };
}

export interface QueuedMail {
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/** Every message queued for `to`, oldest first. */
export async function mailsTo(h: Harness, to: string): Promise<QueuedMail[]> {
  const rs = await h.database.client.execute({ sql: 'select subject, text_body, attachments from mail_outbox where lower(to_address) = lower(?) order by id', args: [to] });
  return rs.rows.map((r) => ({
    subject: String(r['subject']),
    text: String(r['text_body']),
    attachments: r['attachments'] === null ? [] : (JSON.parse(String(r['attachments'])) as QueuedMail['attachments']),
  }));
}

/** The audit entries whose action is `like` (an SQL LIKE pattern), oldest first. */
export async function auditEntriesLike(h: Harness, like: string): Promise<{ action: string; username: string | null }[]> {
  const rs = await h.database.client.execute({ sql: 'select action, username from audit_logs where action like ? order by id', args: [like] });
  return rs.rows.map((r) => ({ action: String(r['action']), username: r['username'] === null ? null : String(r['username']) }));
}

/** The audit entries whose action mentions `text`, oldest first. */
export const logsMentioning = (h: Harness, text: string) => auditEntriesLike(h, `%${text}%`);

/**
 * A quote request priced and accepted (by phone, recorded by the staff member of `token`), ready for "Issue policy"
 * (docs/product.md#accepting-a-quote): the request's id and reference.
 */
export async function acceptedQuote(h: Harness, token: string, overrides: Record<string, unknown> = {}, premium: number | string = '64.50'): Promise<{ id: number; reference: string }> {
  const q = await submitQuote(h, overrides);
  await priceAndAccept(h, token, q.id, premium);
  return q;
}

/** Sends a price on a request and records its acceptance by phone. */
export async function priceAndAccept(h: Harness, token: string, id: number, premium: number | string = '64.50'): Promise<void> {
  const offered = await h.request('POST', `/api/admin/quotes/${id}/offer`, { token, body: { premium } });
  if (offered.status !== 200) throw new Error(`offer refused: ${offered.status} ${await offered.text()}`);
  const accepted = await h.request('POST', `/api/admin/quotes/${id}/acceptance`, { token, body: { confirm: true } });
  if (accepted.status !== 200) throw new Error(`acceptance refused: ${accepted.status} ${await accepted.text()}`);
}
