// The account's password e-mails (docs/product.md#e-mails): a reset link, the change made, an invitation.
import { brand } from '../../../contract/brand';
import { letter } from '../../../platform/mail/letter';

/**
 * Why the invitation is sent: a new account made for the customer, an account someone made with this address
 * without confirming it, which the link gives to whoever reads this mailbox (docs/product.md#issuing-a-policy), or
 * an account staff made with a password they typed, whose owner chooses their own (docs/product.md#welcome).
 */
export type InvitationKind = 'new-account' | 'unconfirmed-account' | 'staff-account';

export function resetMail(to: string, username: string, link: string) {
  return letter({
    to,
    subject: `Reset your ${brand.name} password`,
    greeting: username,
    body: [
      `We received a request to reset the password of your ${brand.name} account.`,
      'To choose a new password, open this link within 30 minutes:',
      '',
      link,
      '',
      'The link works once. If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}).`,
    ],
  });
}

export function changedMail(to: string, username: string) {
  return letter({
    to,
    subject: `Your ${brand.name} password has been changed`,
    greeting: username,
    body: [
      `The password of your ${brand.name} account has just been changed, and every device that was signed in has been signed out.`,
      'Any passkey, e-mail address change or link made before the change has been removed too.',
      '',
      `If this was not you, call us straight away on ${brand.phones.support} or write to ${brand.emails.support}.`,
    ],
  });
}

export function invitationMail(to: string, greeting: string, username: string, link: string, kind: InvitationKind) {
  return letter({
    to,
    subject: `Set your password for ${brand.name}`,
    greeting: greeting,
    body: [
      ...(kind === 'new-account'
        ? [`We have set up a ${brand.name} account for you, so you can see your policy and open your certificate at any time.`]
        : kind === 'staff-account'
          ? [
              `Our staff have set up a ${brand.name} account for you with a password they chose. Choose your own instead: the link below`,
              'sets it, confirms this e-mail address is yours and signs out every device signed in with the old one.',
            ]
          : [
            `Your policy is waiting for you. The ${brand.name} account for this e-mail address ("${username}") has not confirmed the address yet,`,
            'so the policy shows in it only once you open the link below. Opening it confirms the address, sets a new password and signs',
            'out every device signed in to the account.',
          ]),
      'To choose your password and sign in, open this link within 7 days:',
      '',
      link,
      '',
      `The link works once. After that, sign in with your username (${username}) or this e-mail address.`,
      'If the link has expired, choose "Forgot your password?" on the login page and we will send you a new one.',
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.support}.`,
    ],
  });
}
