// The account page (docs/product.md#account): its inputs, views and texts, shared by the server and /account.
import { z } from 'zod';
import { brand } from './brand';
import { normaliseUkPhone } from './callback';
import { emailSchema, idParam, passwordSchema } from './schemas';
import { lineText, linkToken, nameText, textRuleMessage } from './text';

export const accountMessages = {
  detailsSaved: 'Your details are saved.',
  nameTooLong: 'Name must be at most 100 characters',
  phoneInvalid: 'Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000',
  currentPasswordRequired: 'Enter your current password',
  wrongPassword: 'That is not your current password',
  sameEmail: 'That is already the e-mail address of your account',
  /** Said whoever holds the address: it tells nobody whose account it is (docs/product.md#account). */
  emailUnavailable: 'That e-mail address cannot be used. Choose another.',
  emailChangeSent: 'We have e-mailed a link to your new address. Your e-mail address changes when you open it, within 24 hours.',
  emailChanged: 'Your e-mail address is changed.',
  emailChangeInvalidLink: 'This link is invalid, has been used or has expired. You can ask for a new one on your account page.',
  emailChangeOtherAccount: 'This link was sent for a different account. Sign out, then sign in to the account that asked for the change.',
  passwordChanged: 'Your password is changed. Every other device has been signed out.',
  /** An account whose address is not proved yet: the address may be someone else's (docs/product.md#account). */
  emailChangeUnconfirmed: `Confirm your e-mail address before changing it: open the link we sent you. If the address is wrong, call us on ${brand.phones.support} and we will change it.`,
  removePasskeys: 'Remove your passkeys too',
  sessionNotFound: 'That session has ended already',
  thisSession: 'This is the device you are using: use Logout to sign out of it',
} as const;

/** Text a person may leave empty: always sent (PUT replaces both), blank or null meaning none; else checked. */
const clearable = <T extends z.ZodType<string, string>>(text: T) => text.nullable().transform((v): string | null => (v === null || v === '' ? null : v));

const nameField = nameText({ error: 'Name must be text', message: textRuleMessage('Name') }).max(100, accountMessages.nameTooLong);

const phoneField = lineText({ error: accountMessages.phoneInvalid, message: accountMessages.phoneInvalid })
  .max(30, accountMessages.phoneInvalid)
  .transform((v, ctx) => {
    if (v === '') return '';
    const normalised = normaliseUkPhone(v);
    if (normalised === null) ctx.addIssue({ code: 'custom', message: accountMessages.phoneInvalid });
    return normalised ?? z.NEVER;
  });

/** PUT /api/account: the details a person keeps on their account, both sent; blank or null clears one. */
export const updateDetailsInput = z.object({ name: clearable(nameField), phone: clearable(phoneField) });
export type UpdateDetailsInput = z.infer<typeof updateDetailsInput>;

/** The current password, typed to prove it is the owner asking: checked, never stored. */
export const currentPassword = z
  .string({ error: accountMessages.currentPasswordRequired })
  .min(1, accountMessages.currentPasswordRequired)
  .max(128, accountMessages.wrongPassword);

/** POST /api/account/email: the new address, sent a link. */
export const changeEmailInput = z.object({ email: emailSchema, currentPassword });
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

/** POST /api/account/email/confirm: the token of the link e-mailed to the new address. */
export const confirmEmailChangeInput = z.object({ token: linkToken(accountMessages.emailChangeInvalidLink) });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeInput>;

/**
 * POST /api/account/password: the new password by registration's rules, and whether the account's passkeys go too
 * (yes unless said: a password changed because someone else knew it should not leave their passkey behind).
 */
export const changePasswordInput = z.object({
  currentPassword,
  password: passwordSchema,
  removePasskeys: z.boolean({ error: 'Say whether your passkeys are removed too' }).optional().default(true),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The password form of /account: the new password typed twice (the confirmation never leaves the browser). */
export const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password'), removePasskeys: z.boolean() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** DELETE /api/account/sessions/{id}: one of the caller's sessions. */
export const sessionIdInput = z.object({ id: idParam });

/** The account as its owner sees it on /account. */
export const accountDetailsView = z
  .strictObject({
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    /** National form, digits only. */
    phone: z.string().nullable(),
    /** An address asked for whose link has not been opened yet, and until when the link works. */
    pendingEmail: z.string().nullable(),
    pendingEmailExpiresAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountDetailsView' });
export type AccountDetailsView = z.infer<typeof accountDetailsView>;

/** One place the account is signed in ("Signed in on"). */
export const sessionView = z
  .strictObject({
    id: z.number().int(),
    /** In plain words, such as 'Chrome on Android'. */
    device: z.string(),
    /** The address it signed in from. */
    address: z.string(),
    signedInAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    /** The session making this request: "This device". */
    current: z.boolean(),
  })
  .meta({ id: 'SessionView' });
export type SessionView = z.infer<typeof sessionView>;

/** An e-mail change asked for: the link is on its way to the new address. */
export const emailChangeStartedReply = z.strictObject({ message: z.string(), pendingEmail: z.string() });

/** An e-mail change made: the account as it now is. */
export const emailChangedReply = z.strictObject({ message: z.string(), account: accountDetailsView });

/**
 * A password changed: this device's new token (the old one, like every other session's, has stopped working), and
 * the names of the passkeys removed and of those that still sign in.
 */
export const passwordChangedReply = z.strictObject({
  message: z.string(),
  token: z.string(),
  expiresAt: z.iso.datetime(),
  passkeysRemoved: z.array(z.string()),
  passkeysRemaining: z.array(z.string()),
});

const quotedNames = (names: readonly string[]) => names.map((n) => `“${n}”`).join(', ');

/** What the password section says of the passkeys after a change: which were removed and which remain (or none). */
export function passkeysAfterChangeText(removed: readonly string[], remaining: readonly string[]): string {
  const said: string[] = [];
  if (removed.length === 1) said.push(`Your passkey ${quotedNames(removed)} was removed.`);
  else if (removed.length > 1) said.push(`Your ${removed.length} passkeys (${quotedNames(removed)}) were removed.`);
  if (remaining.length === 1) said.push(`Your passkey ${quotedNames(remaining)} still signs in.`);
  else if (remaining.length > 1) said.push(`These passkeys still sign in: ${quotedNames(remaining)}.`);
  else if (removed.length > 0) said.push('No passkey signs in to your account now.');
  return said.join(' ');
}

/** Sessions signed out, and how many. */
export const sessionsEndedReply = z.strictObject({ success: z.literal(true), ended: z.number().int() });
