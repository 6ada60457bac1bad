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
  /** The six-digit code typed on the purchase's own screen (docs/product.md#e-mail-confirmation). */
  codeMalformed: 'Enter the 6-digit code from the e-mail',
  codeWrong: 'That code is not right or has expired',
} as const;

/** The line of the confirmation e-mail that carries the code; the delivered copy drops the digits (mail/token-links.ts). */
export const CONFIRMATION_CODE_LABEL = 'Your 6-digit code:';

/** The token from the e-mailed link, taken exactly as sent. */
export const emailConfirmInput = z.object({
  token: linkToken(emailConfirmationMessages.invalidLink),
});
export type EmailConfirmInput = z.infer<typeof emailConfirmInput>;

/** The six digits from the confirmation e-mail, typed with or without spaces. */
export const emailCodeInput = z.object({
  code: z
    .string({ error: emailConfirmationMessages.codeMalformed })
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, emailConfirmationMessages.codeMalformed)),
});
export type EmailCodeInput = z.infer<typeof emailCodeInput>;

/**
 * What was removed when the owner of the address took the account (docs/product.md#e-mail-confirmation): an
 * invitation, a reset link, or the first confirmation. Each was made before the mailbox was proved, perhaps by
 * someone else, so none outlives it.
 */
export const accountClearedView = z.strictObject({
  /** The names of the passkeys removed. */
  passkeys: z.array(z.string()),
  /** Changes of e-mail address that were waiting for their link. */
  emailChanges: z.number().int(),
  /** E-mailed links and sign-in challenges not yet used, now spent. */
  links: z.number().int(),
  /** Sessions signed out. */
  sessions: z.number().int(),
});
export type AccountCleared = z.infer<typeof accountClearedView>;

const quoted = (names: readonly string[]) => names.map((n) => `“${n}”`).join(', ');

/** "a, b and c". */
const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * What the welcome, reset and confirmation pages say was removed, in short sentences. `devices` says which
 * sessions ended: every one (an invitation or a reset), or every one but this (a confirmation while signed in).
 */
export function accountClearedText(cleared: AccountCleared, devices: 'all' | 'others'): string {
  const said: string[] = [];
  if (devices === 'all') said.push('Every device that was signed in has been signed out.');
  else if (cleared.sessions > 0) said.push('Every other device that was signed in has been signed out.');
  const removed: string[] = [];
  const n = cleared.passkeys.length;
  if (n === 1) removed.push(`the passkey ${quoted(cleared.passkeys)}`);
  else if (n > 1) removed.push(`${n} passkeys (${quoted(cleared.passkeys)})`);
  if (cleared.emailChanges === 1) removed.push('a waiting change of e-mail address');
  else if (cleared.emailChanges > 1) removed.push(`${cleared.emailChanges} waiting changes of e-mail address`);
  if (removed.length > 0) {
    const sentence = `${listed(removed)} made before ${n + cleared.emailChanges === 1 ? 'was' : 'were'} removed.`;
    said.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
  }
  if (cleared.links > 0) said.push('Links e-mailed before no longer work.');
  return said.join(' ');
}

/** Whether anything worth stopping to read was removed: a passkey, a waiting address change or a signed-in device. */
export const accountClearedMatters = (cleared: AccountCleared) => cleared.passkeys.length > 0 || cleared.emailChanges > 0 || cleared.sessions > 0;
