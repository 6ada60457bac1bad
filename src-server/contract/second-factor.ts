// The staff second factor's inputs and answers (docs/product.md#second-factor-for-staff), shared with the client.
import { z } from 'zod';
import { loginResultView } from './views';

/** The code the client sees on a 403 from the admin area while the owner's rule waits for this account to set one up. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
/** The site_settings row of the owner's rule ('true' when every staff account must have a second factor). */
export const SECOND_FACTOR_RULE_KEY = 'staff_second_factor_required';

/** A code from the authenticator: six digits, spaces allowed between them as apps show them. */
export const TOTP_CODE_RE = /^\d{6}$/;
/** A recovery code as shown (`ABCDE-12345`): ten letters and digits; case, spaces and the hyphen are forgiven. */
export const RECOVERY_CODE_RE = /^[A-Z0-9]{10}$/;

/** What was typed, as it is compared: no spaces or hyphens, upper case. */
export const normaliseCode = (typed: string) => typed.replaceAll(/[\s-]/g, '').toUpperCase();

/** A code from the authenticator, or a recovery code: what the sign-in's second step and removing a factor take. */
export const codeField = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(32, 'Enter the 6-digit code or a recovery code')
  .refine((typed) => TOTP_CODE_RE.test(normaliseCode(typed)) || RECOVERY_CODE_RE.test(normaliseCode(typed)), 'Enter the 6-digit code or a recovery code');

/** Only the authenticator's six digits: setting up proves the authenticator itself. */
const totpField = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .max(32, 'Enter the 6-digit code')
  .refine((typed) => TOTP_CODE_RE.test(normaliseCode(typed)), 'Enter the 6-digit code from your authenticator app');

/** POST /api/login/second-factor: the challenge the password step answered, and a code. */
export const secondFactorLoginInput = z.object({
  challenge: z.string({ error: 'The sign-in has expired: enter your password again' }).min(1).max(100),
  code: codeField,
  remember: z.boolean().optional().default(false),
});
export type SecondFactorLoginInput = z.infer<typeof secondFactorLoginInput>;

export const secondFactorConfirmInput = z.object({ code: totpField });
export const secondFactorRemoveInput = z.object({ code: codeField });
export const secondFactorRuleInput = z.object({ required: z.boolean({ error: 'Say whether a second factor is required' }) });

/** The password step's answer for an account with a second factor: no session yet, a challenge for the code. */
export const secondFactorChallengeView = z
  .strictObject({
    secondFactorRequired: z.literal(true),
    /** Single use, for POST /api/login/second-factor within five minutes. */
    challenge: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'SecondFactorChallenge' });
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeView>;

/** POST /api/login: a session, or (staff with a second factor) the challenge for the code. */
export const loginAnswerView = z.union([loginResultView, secondFactorChallengeView]).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof loginAnswerView>;

export const secondFactorStatusView = z
  .strictObject({
    /** Staff only: customers have no second factor. */
    available: z.boolean(),
    enrolled: z.boolean(),
    /** The owner's rule: every staff account must have one before it reaches the console. */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'SecondFactorStatus' });
export type SecondFactorStatus = z.infer<typeof secondFactorStatusView>;

export const secondFactorSetupView = z
  .strictObject({
    /** The key in Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    otpauthUri: z.string(),
    /** The URI as a QR code: an SVG data URL. */
    qrCode: z.string(),
  })
  .meta({ id: 'SecondFactorSetup' });
export type SecondFactorSetup = z.infer<typeof secondFactorSetupView>;

export const recoveryCodesView = z.strictObject({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesView>;

export const secondFactorRuleView = z.strictObject({ required: z.boolean() }).meta({ id: 'SecondFactorRule' });
