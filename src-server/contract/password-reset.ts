// Password reset (docs/product.md#password-reset): both steps' inputs and texts, shared with the reset pages.
import { z } from 'zod';
import { messages } from './messages';
import { emailSchema, passwordSchema } from './schemas';
import { linkToken } from './text';

export const passwordResetMessages = {
  /** Verbatim (docs/product.md#password-reset): the one answer to every well-formed request, whether the account exists or not. */
  requested: messages.resetEmailSent,
  /** Verbatim (docs/product.md#errors-and-messages). */
  requestFailed: messages.resetEmailFailed,
  invalidLink: 'This reset link is invalid or has expired. Please request a new one.',
  changed: 'Your password has been changed. You can now login.',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'The passwords do not match',
  /** An invitation spent: the password is set and the person is signed in (docs/product.md#welcome). */
  welcomed: 'Your password is set. Welcome to your account.',
} as const;

/** Step 1: "send me a link". */
export const passwordResetRequestInput = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

/** Step 2: the token from the e-mailed link and the new password. */
export const passwordResetConfirmInput = z.object({
  token: linkToken(passwordResetMessages.invalidLink),
  password: passwordSchema,
  /** Whether the session an invitation's link signs in is remembered on the device; a reset link ignores it. */
  remember: z.boolean().optional().default(false),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;

/** The reset page's form: the new password typed twice (the confirmation never leaves the browser). */
export const newPasswordForm = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, passwordResetMessages.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: passwordResetMessages.mismatch });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;
