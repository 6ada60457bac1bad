// The account page's e-mails (docs/product.md#account): the link that proves a new address, and the notices a change
// sends to the address that may belong to the real owner.
import { brand } from '../../../contract/brand';
import { letter } from '../../../platform/mail/letter';

/** To the NEW address: the change happens only when this link is opened by the account signed in. */
export function emailChangeMail(to: string, username: string, link: string) {
  return letter({
    to,
    subject: `${brand.name}: confirm your new e-mail address`,
    greeting: username,
    body: [
      `You asked to use this address for your ${brand.name} account "${username}".`,
      'Sign in to that account, then open this link within 24 hours:',
      '',
      link,
      '',
      'Until you do, your account keeps its old address. The link works once.',
      `If you did not ask for this, do not open the link: nothing changes unless you do.`,
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.support}.`,
    ],
  });
}

/** To the OLD address, once the change is made: if it was not the owner, they can call at once. */
export function emailChangedMail(to: string, username: string) {
  return letter({
    to,
    subject: `Your ${brand.name} e-mail address has been changed`,
    greeting: username,
    body: [
      `The e-mail address of your ${brand.name} account "${username}" has just been changed, so we will write to the new`,
      'address from now on. This is the last e-mail this address gets about the account.',
      '',
      `If this was not you, call us straight away on ${brand.phones.support} or write to ${brand.emails.support}.`,
    ],
  });
}

/** To the account's address after a password change on the account page. */
export function passwordChangedMail(to: string, username: string) {
  return letter({
    to,
    subject: `Your ${brand.name} password has been changed`,
    greeting: username,
    body: [
      `The password of your ${brand.name} account has just been changed on the account page. Every other device that`,
      'was signed in has been signed out.',
      '',
      `If this was not you, call us straight away on ${brand.phones.support} or write to ${brand.emails.support}.`,
    ],
  });
}
