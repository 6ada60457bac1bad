// A request's phone number and e-mail as links staff tap to call or write (docs/product.md#staff-queues).
import { formatUkPhone } from '@server/contract/phone';
import { textLinkClass } from '../../components/button';

/** The digits (and a leading +) as the tel: link, the number grouped for reading (07700 900456) as the text. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className={textLinkClass} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {formatUkPhone(phone)}
    </a>
  );
}

/** Wrapped anywhere in the opened request; kept on one line in the queue's Contact column. */
export function EmailLink({ email, wrap = true }: { email: string; wrap?: boolean }) {
  return (
    <a className={`${textLinkClass} ${wrap ? 'break-all' : 'whitespace-nowrap'}`} href={`mailto:${email}`}>
      {email}
    </a>
  );
}
