// The links the app under test e-mailed, read where a person would find them: the outbox keeps no working token
// once a message is delivered (docs/operations.md#mail), so they are read from the log line that stands in for
// sending it (the harness's app runs without SMTP_URL and with MAIL_LOG_LINKS on).
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import type { Harness } from './harness';

/** The log line of a message delivered without SMTP_URL (src-server/platform/mail/mailer.ts). */
export const MAIL_LOGGED = 'mail (no SMTP_URL: logged, not sent)';

export interface SentLink {
  subject: string;
  url: URL;
  token: string;
}

/**
 * Every link with a `token=` e-mailed to `to` (any letter case), oldest first, once the work requests left for
 * after their answers is done and every message queued so far is delivered.
 */
export async function linksSentTo(h: Harness, to: string): Promise<SentLink[]> {
  await settleAfterAnswer(h.deps);
  // A run takes a batch at a time; the last one finds nothing left.
  while ((await h.deps.mailer.deliverPending()) > 0);
  const links: SentLink[] = [];
  for (const entry of h.logs) {
    if (entry.msg !== MAIL_LOGGED || String(entry['to']).toLowerCase() !== to.toLowerCase()) continue;
    for (const [found] of String(entry['text']).matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(found);
      const token = url.searchParams.get('token');
      if (token) links.push({ subject: String(entry['subject']), url, token });
    }
  }
  return links;
}

/** The newest link to `path` (such as '/reset-password') e-mailed to `to`; throws when there is none. */
export async function latestLinkTo(h: Harness, to: string, path: string): Promise<SentLink> {
  const link = (await linksSentTo(h, to)).filter((l) => l.url.pathname === path).at(-1);
  if (!link) throw new Error(`no ${path} link e-mailed to ${to}`);
  return link;
}

/**
 * The newest six-digit confirmation code e-mailed to `to` (docs/product.md#e-mail-confirmation), read from the same
 * log lines as the links (the delivered copy keeps no code); throws when there is none.
 */
export async function latestCodeTo(h: Harness, to: string): Promise<string> {
  await settleAfterAnswer(h.deps);
  while ((await h.deps.mailer.deliverPending()) > 0);
  const codes = h.logs
    .filter((e) => e.msg === MAIL_LOGGED && String(e['to']).toLowerCase() === to.toLowerCase())
    .flatMap((e) => [...String(e['text']).matchAll(/Your 6-digit code: (\d{6})/g)].map((m) => m[1]!));
  const code = codes.at(-1);
  if (!code) throw new Error(`no code e-mailed to ${to}`);
  return code;
}
