// Every e-mail the broker sends is one letter: a greeting, the message, and the company's name and regulator
// statement at its foot (docs/product.md#e-mails), written here once for every template (modules/*/*/mail.ts).
import { brand } from '../../contract/brand';
import type { MailAttachment, OutgoingMail } from './mailer';

export interface Letter {
  to: string;
  subject: string;
  /** Who is greeted ('Hello Ann,'); none: 'Hello,'. */
  greeting?: string | null | undefined;
  /** The message, a line an element ('' for a blank line). */
  body: readonly string[];
  attachments?: readonly MailAttachment[];
}

export function letter({ to, subject, greeting, body, attachments }: Letter): OutgoingMail {
  const text = [greeting ? `Hello ${greeting},` : 'Hello,', '', ...body, '', brand.legalName, brand.regulatorStatement].join('\n');
  return { to, subject, text, ...(attachments ? { attachments } : {}) };
}
