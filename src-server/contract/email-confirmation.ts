// Confirming an account's e-mail address (docs/product.md#e-mail-confirmation): the input of the confirm call and
// the texts a person reads. Isomorphic: the banner and the /verify-email page use the same texts.
import { z } from 'zod';
import { linkToken } from './text';

export const emailConfirmationMessages = {
  /** The e-mail's subject, and the link's page heading. */
  subject: 'Confirm your e-mail address',
  sent: 'We have e-mailed you a link to confirm your address. It works once, for 7 days.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  confirmed: 'Your e-mail address is confirmed.',
  invalidLink: 'This confirmation link is invalid, has been used or has expired. You can ask for a new one.',
  otherAccount: 'This link was sent for a different account. Sign out, then sign in to the account you registered with that address.',
  /** The banner of a signed-in person whose address is not confirmed yet. */
  banner: 'Please confirm your e-mail address: open the link we sent you. Until you do, quotes and policies sent to that address do not show in your account.',
  sendAgain: 'Send the link again',
} as const;

/** The token from the e-mailed link, taken exactly as sent. */
export const emailConfirmInput = z.object({
  token: linkToken(emailConfirmationMessages.invalidLink),
});
export type EmailConfirmInput = z.infer<typeof emailConfirmInput>;
