// One zod schema per input, parsed by the server and used by the client's forms: a rule and its message live once.
import { z } from 'zod';
import { cancelPolicyInput, changeReasonText, resendInput, voidPolicyInput } from './cancellation';
import { ADMIN_PAGE_SIZE } from './limits';
import { messages } from './messages';
import { keptMoney } from './money';
import { paymentInput, phoneAcceptanceBody } from './payments';
import { products } from './products';
import { lineText, nameText, textRuleMessage } from './text';
import { isCalendarDate, normaliseTime, ukLocalToEpoch } from './time';
import { isReservedUsername } from './usernames';

// Every string below starts from lineText (docs/product.md#text-fields): one rule for control and bidi characters.

/** Required text: blank, or no string at all, is '{label} is required'. */
const requiredLine = (label: string, text = lineText) =>
  text({ error: `${label} is required`, message: textRuleMessage(label) }).min(1, `${label} is required`);

const trimmed = (label: string, max: number, text = lineText) => requiredLine(label, text).max(max, `${label} must be at most ${max} characters`);

/** A person's name: as trimmed, with the name's stricter text rule (no character that shows as nothing). */
const personName = (label: string, max: number) => trimmed(label, max, nameText);

/** A transform to `normalise`'s standard form, refusing with `message` where it answers null. */
const normalising = (normalise: (value: string) => string | null, message: string) => (v: string, ctx: z.RefinementCtx) => {
  const normalised = normalise(v);
  if (normalised === null) ctx.addIssue({ code: 'custom', message });
  return normalised ?? z.NEVER;
};

/** Required text that `normalise` turns into its standard form or refuses with `invalid`; blank gives `required`. */
export function normalisedText(normalise: (value: string) => string | null, msg: { required: string; invalid: string }, max: number) {
  return lineText({ error: msg.required, message: msg.invalid })
    .min(1, msg.required)
    .max(max, msg.invalid)
    .transform(normalising(normalise, msg.invalid));
}

const usernameSchema = nameText({ error: 'Username is required', message: textRuleMessage('Username') })
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, hyphens and underscores');

/** A username being taken now: reserved names refused (an edit checks in the service, only on change: docs/product.md#registration). */
const newUsernameSchema = usernameSchema.refine((v) => !isReservedUsername(v), messages.usernameReserved);

export const emailSchema = trimmed('Email', 254).pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** docs/product.md#sessions: isAdmin is coerced to boolean from true, 'true' or 1. */
const flagSchema = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === 'true' || v === 1);

export const loginInput = z.object({
  // Exempt from the text rule (docs/product.md#text-fields): looked up, never stored; the audit log quotes it escaped.
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  username: newUsernameSchema,
  email: emailSchema,
  password: passwordSchema,
  // Accepted for the registration payload's documented shape (docs/api.md#account) and ignored: registration always creates a plain user.
  isAdmin: z.unknown().optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

const userFields = {
  username: usernameSchema,
  email: emailSchema,
  isAdmin: flagSchema.optional().default(false),
  isOwner: flagSchema.optional().default(false),
};

export const createUserInput = z.object({
  ...userFields,
  username: newUsernameSchema,
  password: z
    .string({ error: messages.passwordRequiredForNewUsers })
    .min(1, messages.passwordRequiredForNewUsers)
    .pipe(passwordSchema),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

export const updateUserInput = z.object({
  ...userFields,
  // On edit a blank password is omitted (docs/product.md#changing-users-and-policies).
  password: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(passwordSchema.optional()),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const policyStatuses = ['active', 'expired', 'pending', 'cancelled', 'void'] as const;
export type PolicyStatus = (typeof policyStatuses)[number];
/** The statuses a save may give; `void` comes only from voiding a policy made in error (docs/product.md#policies). */
export const settablePolicyStatuses = ['active', 'expired', 'pending', 'cancelled'] as const;

const dateField = (label: string) => requiredLine(label).refine(isCalendarDate, `${label} must be a real date (YYYY-MM-DD)`);

const timeField = (label: string) => requiredLine(label).transform(normalising(normaliseTime, `${label} must be a time such as 09:00 or 09:00 AM`));

const optionalId = z
  .union([
    z.number().int().positive(),
    lineText({ message: 'userId must be a positive whole number', trim: false }).regex(/^\d+$/).transform(Number),
    z.literal(''),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === '' || v === undefined || v === null ? null : v));

export const policyInput = z
  .object({
    userId: optionalId,
    holderName: personName('Holder name', 100),
    carModel: trimmed('Vehicle', 100),
    driverName: personName('Driver name', 100),
    licenseNumber: trimmed('Licence number', 40),
    registration: lineText({ message: 'Registration may use letters, digits and spaces' })
      .max(10, 'Registration must be at most 10 characters')
      .regex(/^[A-Za-z0-9 ]*$/, 'Registration may use letters, digits and spaces')
      .transform((v) => (v === '' ? null : v.toUpperCase().replace(/\s+/g, ' ')))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    startDate: dateField('Start date'),
    startTime: timeField('Start time'),
    endDate: dateField('End date'),
    endTime: timeField('End time'),
    status: z.enum(settablePolicyStatuses, { error: 'Status must be active, expired, pending or cancelled' }).optional().default('active'),
    // Callers from before products existed send neither of these: a new policy is then temporary cover with
    // no premium recorded, and an edit keeps what the policy has (docs/api.md#shapes).
    product: z.enum(products, { error: `Product must be one of: ${products.join(', ')}` }).optional(),
    /** The premium paid, in pounds (insurance premium tax included); staff record it where known. */
    premium: keptMoney({ max: 100_000 }),
    /** Why the change is made, kept in its version; required when it cancels the policy (docs/product.md#cancelling-and-voiding). */
    reason: changeReasonText,
  })
  .superRefine((p, ctx) => {
    // zod still runs this when a field failed; compare only well-formed ends (the field errors say the rest).
    const wellFormed = (d: string, t: string) => isCalendarDate(d) && normaliseTime(t) === t;
    if (!wellFormed(p.startDate, p.startTime) || !wellFormed(p.endDate, p.endTime)) return;
    if (ukLocalToEpoch(p.endDate, p.endTime) <= ukLocalToEpoch(p.startDate, p.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: messages.endBeforeStart });
    }
  });
export type PolicyInput = z.infer<typeof policyInput>;

export const listQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1).max(100).optional().default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0).max(1_000_000_000).optional().default(0),
  search: lineText({ message: 'search must not contain control characters' })
    .max(100, 'search must be at most 100 characters')
    .optional()
    .default(''),
});
export type ListQuery = z.infer<typeof listQuery>;

export const logLevels = ['info', 'warning', 'error'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Entries the client writes itself; error level is the server's alone. */
export const clientLogInput = z.object({
  action: trimmed('Action', 200),
  level: z.enum(['info', 'warning'], { error: 'Level must be info or warning' }).optional().default('info'),
});
export type ClientLogInput = z.infer<typeof clientLogInput>;

/** A positive id or its plain decimal text: Number() would read ' 1', '1e3' and '0x10' as other rows' ids. */
export const idParam = z
  .union(
    [
      z.number(),
      // Not trimmed: ' 1' is not an id.
      lineText({ message: 'id must be a positive whole number', trim: false })
        .regex(/^\d{1,15}$/, 'id must be a positive whole number')
        .transform(Number),
    ],
    { error: 'id must be a number' },
  )
  .pipe(z.number().int('id must be a positive whole number').positive('id must be a positive whole number').max(Number.MAX_SAFE_INTEGER));

/** One record, named by its id (on REST, the path's `{id}`). */
export const idInput = z.object({ id: idParam });
/** One account's records (admin.policies.ofUser; on REST, /admin/users/{id}/policies). */
export const userIdInput = z.object({ userId: idParam });
/** An edit: the record's id beside its fields, so a field's error is keyed by the field (errors.ts inputErrorDetails). */
export const updateUserByIdInput = z.object({ id: idParam, data: updateUserInput });
export const updatePolicyByIdInput = z.object({ id: idParam, data: policyInput });
/** A policy's cancellation, voiding or sending again: its id beside the body's fields (contract/cancellation.ts). */
export const cancelPolicyByIdInput = z.object({ id: idParam, data: cancelPolicyInput });
export const voidPolicyByIdInput = z.object({ id: idParam, data: voidPolicyInput });
export const resendByIdInput = z.object({ id: idParam, data: resendInput });
export const paymentByIdInput = paymentInput.extend({ id: idParam });
export const phoneAcceptanceByIdInput = phoneAcceptanceBody.extend({ id: idParam });

export const policyNumberParam = lineText({ message: messages.invalidPolicyNumber })
  .min(1, messages.invalidPolicyNumber)
  .max(40, messages.invalidPolicyNumber)
  .regex(/^[A-Za-z0-9-]+$/, messages.invalidPolicyNumber);
