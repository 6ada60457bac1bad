// The quote request (SPEC.md §2/§3/§5 quote wizard, as DECISIONS.md "Quote wizard" fixes it): the step 1 and
// step 2 schemas the wizard's forms use, and the whole request the server parses at both doors (REST and
// tRPC), with SPEC.md §5's option lists. Rules that need today's date (age, a start date not in the past,
// the ten start years) are one pure function, checkQuoteDates, that the forms and the service both apply
// with their own clock: the server's word is final.
import { z } from 'zod';
import { callbackMessages, normaliseUkPhone } from './callback';
import { emailSchema, normalisedText } from './schemas';
import { isCalendarDate } from './time';

export interface Option {
  value: string;
  label: string;
}

const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
/** Options whose values are SPEC.md §5's words as listed; labels start with a capital. */
const listed = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: capitalised(value) }));

// SPEC.md §5, in its order. 'Alarm & Immobiliser' is listed twice there: it is offered once.
export const vehicleTypes = ['Car', 'Commercial Vehicle'] as const;
export const vehicleOwners = ['Private', 'Company'] as const;
export const annualMileages = ['Under 5,000', '5,000 - 10,000', '10,000 - 15,000', '15,000 - 20,000', 'Over 20,000'] as const;
export const purchaseDates = ['Less than 1 year', '1 to 5 years', 'More than 5 years'] as const;
export const keptOvernightPlaces = ['Garage', 'Street', 'Driveway', 'Secure parking'] as const;
export const securityDevices = ['None', 'Alarm & Immobiliser', 'Immobiliser', 'Tracker'] as const;
export const claimsCounts = ['no', '1', '2', '3', 'more than 3'] as const;
export const drivingConvictionAnswers = ['None', 'Yes'] as const;
export const otherConvictionAnswers = ['No', 'Yes'] as const;
export const lowerYesNo = ['no', 'yes'] as const;
export const otherDriverAnswers = ['None', 'Yes'] as const;
export const coverTypes = ['Comprehensive', 'Third Party Fire and Theft', 'Third Party'] as const;
export const noClaimsBonusYears = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '9+'] as const;
export const upperYesNo = ['No', 'Yes'] as const;
// "Social Domestic and Pleasure; plus Commute; plus Business": each "plus" adds to the one before, as UK
// insurers rate them (business use includes commuting).
export const vehicleUsages = [
  'Social Domestic and Pleasure',
  'Social Domestic and Pleasure plus Commute',
  'Social Domestic and Pleasure plus Commute plus Business',
  'Carriage on Own Goods',
  'Haulage',
  'Courier',
] as const;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
/** How many policy start years are offered: the current year plus the next nine. */
export const START_YEARS = 10;
export const MIN_DRIVER_AGE = 17;
export const MAX_DRIVER_AGE = 110;

export const quoteOptions = {
  vehicleType: listed(vehicleTypes),
  vehicleOwner: listed(vehicleOwners),
  annualMileage: listed(annualMileages),
  purchaseDate: listed(purchaseDates),
  keptOvernight: listed(keptOvernightPlaces),
  security: listed(securityDevices),
  claimsPast5Years: listed(claimsCounts),
  drivingConvictions: listed(drivingConvictionAnswers),
  otherConvictions: listed(otherConvictionAnswers),
  disabilities: listed(lowerYesNo),
  vehicleModified: listed(lowerYesNo),
  otherDrivers: listed(otherDriverAnswers),
  coverType: listed(coverTypes),
  noClaimsBonusYears: noClaimsBonusYears.map((value) => ({
    value,
    label: value === '9+' ? '9 years +' : `${value} ${value === '1' ? 'year' : 'years'}`,
  })),
  noClaimsBonusProtected: listed(upperYesNo),
  usage: listed(vehicleUsages),
  policyStartDay: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  policyStartMonth: MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label })),
} satisfies Record<string, Option[]>;

/** The current year plus the next nine (SPEC.md §5), for the policy start year. */
export function policyStartYearOptions(currentYear: number): Option[] {
  return Array.from({ length: START_YEARS }, (_, i) => ({ value: String(currentYear + i), label: String(currentYear + i) }));
}

/** What each field is called on the wizard's forms, and in the staff console's view of a request. */
export const quoteFieldLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  postcode: 'Postcode',
  vehicleType: 'Vehicle type',
  regNumber: 'Registration number',
  vehicleOwner: 'Vehicle owner',
  annualMileage: 'Annual mileage',
  value: 'Vehicle value (£)',
  purchaseDate: 'How long have you owned the vehicle?',
  keptOvernight: 'Where is the vehicle kept overnight?',
  security: 'Security',
  claimsPast5Years: 'Claims in the past 5 years',
  drivingConvictions: 'Driving convictions',
  otherConvictions: 'Other convictions',
  disabilities: 'Disabilities or medical conditions',
  vehicleModified: 'Has the vehicle been modified?',
  otherDrivers: 'Other drivers',
  coverType: 'Cover type',
  noClaimsBonusYears: 'Years of no claims bonus',
  noClaimsBonusProtected: 'Is your no claims bonus protected?',
  bestQuotedPremium: 'Best quote you have been offered (£)',
  policyStartDay: 'Policy start day',
  policyStartMonth: 'Policy start month',
  policyStartYear: 'Policy start year',
  usage: 'Vehicle use',
} as const;

export const quoteMessages = {
  submitted: 'Quote request submitted! Thank you.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameInvalid: 'Names may not contain line breaks or control characters',
  phoneRequired: callbackMessages.phoneRequired,
  phoneInvalid: callbackMessages.phoneInvalid,
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Enter a real date of birth',
  dateOfBirthFuture: 'Enter a date of birth in the past',
  tooYoung: `You must be ${MIN_DRIVER_AGE} or over to request a quote`,
  tooOld: 'Check the year of your date of birth',
  addressRequired: 'Address is required',
  addressInvalid: 'Address may not contain line breaks or control characters',
  postcodeRequired: 'Postcode is required',
  postcodeInvalid: 'Enter a full UK postcode, such as SW1A 1AA',
  regNumberRequired: 'Registration number is required',
  regNumberInvalid: 'Enter the registration as shown on the number plate, such as AB12 CDE',
  valueRequired: 'Vehicle value is required',
  moneyInvalid: 'Enter an amount in pounds, such as 4500 or 4500.50',
  moneyNegative: 'Enter an amount of 0 or more',
  moneyPence: 'Enter pounds and pence with at most two decimal places',
  startDayRequired: 'Choose the day cover should start',
  startMonthRequired: 'Choose the month cover should start',
  startYearRequired: 'Choose the year cover should start',
  startDateInvalid: 'That date does not exist: check the day and month',
  startDatePast: 'Choose a start date from today onwards',
  startYearOutOfRange: 'Choose a year from the list',
} as const;

/** What each step 2 choice asks for when it is missing or not on its list. */
export const choiceMessages = {
  vehicleType: 'Choose the vehicle type',
  vehicleOwner: 'Choose who owns the vehicle',
  annualMileage: 'Choose the annual mileage',
  purchaseDate: 'Choose how long ago the vehicle was bought',
  keptOvernight: 'Choose where the vehicle is kept overnight',
  security: 'Choose the vehicle’s security',
  claimsPast5Years: 'Choose how many claims you have made in the past 5 years',
  drivingConvictions: 'Choose whether you have any driving convictions',
  otherConvictions: 'Choose whether you have any other convictions',
  disabilities: 'Choose whether you have a disability or medical condition that affects your driving',
  vehicleModified: 'Choose whether the vehicle has been modified',
  otherDrivers: 'Choose whether anyone else will drive',
  coverType: 'Choose the type of cover',
  noClaimsBonusYears: 'Choose your years of no claims bonus',
  noClaimsBonusProtected: 'Choose whether your no claims bonus is protected',
  usage: 'Choose how the vehicle will be used',
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

const requiredText = (required: string, max: number, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), invalid);

const UK_POSTCODE = /^(GIR0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])\d[ABD-HJLNP-UW-Z]{2})$/;

/** A UK postcode as people type it, in its standard form ('sw1a1aa' -> 'SW1A 1AA'), or null. */
export function normalisePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A registration mark: letters, digits and single spaces, 2-7 characters as on a UK plate ('ab12  cde' -> 'AB12 CDE'). */
export function normaliseRegistration(value: string): string | null {
  const spaced = value.trim().replace(/\s+/g, ' ').toUpperCase();
  const characters = spaced.replace(/ /g, '');
  return /^[A-Z0-9 ]+$/.test(spaced) && characters.length >= 2 && characters.length <= 7 ? spaced : null;
}

const MONEY_TEXT = /^\d+(\.\d+)?$/;

/** An amount in pounds, from a number or the text of a number input; '' counts as not given. */
function money(opts: { required: string | null; max: number }) {
  return z
    .union([z.number(), z.string(), z.null(), z.undefined()], { error: quoteMessages.moneyInvalid })
    .transform((v, ctx): number | undefined => {
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : (v ?? '').trim().replace(/^£/, '').replace(/,/g, '');
      if (text === '') {
        if (opts.required) ctx.addIssue({ code: 'custom', message: opts.required });
        return undefined;
      }
      if (/^-/.test(text)) ctx.addIssue({ code: 'custom', message: quoteMessages.moneyNegative });
      else if (!MONEY_TEXT.test(text)) ctx.addIssue({ code: 'custom', message: quoteMessages.moneyInvalid });
      else if (/\.\d{3,}$/.test(text)) ctx.addIssue({ code: 'custom', message: quoteMessages.moneyPence });
      else if (Number(text) > opts.max) ctx.addIssue({ code: 'custom', message: `Enter an amount up to £${opts.max.toLocaleString('en-GB')}` });
      else return Math.round(Number(text) * 100) / 100;
      return z.NEVER;
    });
}

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/** A whole number from a select's text (or a number), within [min, max]. */
const wholeNumber = (min: number, max: number, required: string) =>
  z
    .union([z.number(), z.string()], { error: required })
    .transform((v, ctx) => {
      const text = String(v).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return n;
    });

export const quotePersonalInput = z.object({
  firstName: requiredText(quoteMessages.firstNameRequired, 50, quoteMessages.nameInvalid),
  lastName: requiredText(quoteMessages.lastNameRequired, 50, quoteMessages.nameInvalid),
  email: emailSchema,
  phone: normalisedText(normaliseUkPhone, { required: quoteMessages.phoneRequired, invalid: quoteMessages.phoneInvalid }, 30),
  dateOfBirth: z
    .string({ error: quoteMessages.dateOfBirthRequired })
    .trim()
    .min(1, quoteMessages.dateOfBirthRequired)
    .refine(isCalendarDate, quoteMessages.dateOfBirthInvalid),
  address: requiredText(quoteMessages.addressRequired, 200, quoteMessages.addressInvalid),
  postcode: normalisedText(normalisePostcode, { required: quoteMessages.postcodeRequired, invalid: quoteMessages.postcodeInvalid }, 10),
});
export type QuotePersonal = z.infer<typeof quotePersonalInput>;
export type QuotePersonalFormValues = z.input<typeof quotePersonalInput>;

export const quoteVehicleInput = z.object({
  vehicleType: choice(vehicleTypes, choiceMessages.vehicleType),
  regNumber: normalisedText(normaliseRegistration, { required: quoteMessages.regNumberRequired, invalid: quoteMessages.regNumberInvalid }, 12),
  vehicleOwner: choice(vehicleOwners, choiceMessages.vehicleOwner),
  annualMileage: choice(annualMileages, choiceMessages.annualMileage),
  value: money({ required: quoteMessages.valueRequired, max: 5_000_000 }),
  purchaseDate: choice(purchaseDates, choiceMessages.purchaseDate),
  keptOvernight: choice(keptOvernightPlaces, choiceMessages.keptOvernight),
  security: choice(securityDevices, choiceMessages.security),
  claimsPast5Years: choice(claimsCounts, choiceMessages.claimsPast5Years),
  drivingConvictions: choice(drivingConvictionAnswers, choiceMessages.drivingConvictions),
  otherConvictions: choice(otherConvictionAnswers, choiceMessages.otherConvictions),
  disabilities: choice(lowerYesNo, choiceMessages.disabilities),
  vehicleModified: choice(lowerYesNo, choiceMessages.vehicleModified),
  otherDrivers: choice(otherDriverAnswers, choiceMessages.otherDrivers),
  coverType: choice(coverTypes, choiceMessages.coverType),
  noClaimsBonusYears: choice(noClaimsBonusYears, choiceMessages.noClaimsBonusYears),
  noClaimsBonusProtected: choice(upperYesNo, choiceMessages.noClaimsBonusProtected),
  bestQuotedPremium: money({ required: null, max: 100_000 }).optional(),
  policyStartDay: wholeNumber(1, 31, quoteMessages.startDayRequired),
  policyStartMonth: wholeNumber(1, 12, quoteMessages.startMonthRequired),
  // The range against today is checkQuoteDates' job; here only a plausible four-digit year.
  policyStartYear: wholeNumber(2000, 2999, quoteMessages.startYearRequired),
  usage: choice(vehicleUsages, choiceMessages.usage),
});
export type QuoteVehicle = z.infer<typeof quoteVehicleInput>;
export type QuoteVehicleFormValues = z.input<typeof quoteVehicleInput>;

/** The whole request as POST /api/quotes and quotes.submit take it: step 1 + step 2 (+ the honeypot). */
export const quoteRequestInput = quotePersonalInput.extend({
  ...quoteVehicleInput.shape,
  /** Hidden from people, so empty or absent; a filled one is answered like success and dropped. */
  website: z.string().max(500).optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestInput>;
export type QuoteRequestFormValues = z.input<typeof quoteRequestInput>;

export interface QuoteReceipt {
  reference: string;
  message: string;
}

export interface DateIssue {
  field: 'dateOfBirth' | 'policyStartDay' | 'policyStartYear';
  message: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Whole years from `birth` to `today` (both 'YYYY-MM-DD'). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The rules that need today's date (UK, 'YYYY-MM-DD'): a date of birth in the past and an age of 17 or
 * over; a policy start date that exists, is not before today and falls in the ten offered years.
 * ISO dates compare as text.
 */
export function checkQuoteDates(
  input: Partial<Pick<QuoteRequest, 'dateOfBirth' | 'policyStartDay' | 'policyStartMonth' | 'policyStartYear'>>,
  today: string,
): DateIssue[] {
  const issues: DateIssue[] = [];
  const dob = input.dateOfBirth;
  if (dob && isCalendarDate(dob)) {
    if (dob >= today) issues.push({ field: 'dateOfBirth', message: quoteMessages.dateOfBirthFuture });
    else if (ageOn(dob, today) < MIN_DRIVER_AGE) issues.push({ field: 'dateOfBirth', message: quoteMessages.tooYoung });
    else if (ageOn(dob, today) > MAX_DRIVER_AGE) issues.push({ field: 'dateOfBirth', message: quoteMessages.tooOld });
  }
  const { policyStartDay: d, policyStartMonth: m, policyStartYear: y } = input;
  if (d !== undefined && m !== undefined && y !== undefined) {
    const thisYear = Number(today.slice(0, 4));
    const start = `${y}-${pad2(m)}-${pad2(d)}`;
    if (y < thisYear || y >= thisYear + START_YEARS) issues.push({ field: 'policyStartYear', message: quoteMessages.startYearOutOfRange });
    else if (!isCalendarDate(start)) issues.push({ field: 'policyStartDay', message: quoteMessages.startDateInvalid });
    else if (start < today) issues.push({ field: 'policyStartDay', message: quoteMessages.startDatePast });
  }
  return issues;
}

/** A schema with the date rules of `today` added, for a form (the server applies checkQuoteDates itself). */
export function withQuoteDates<S extends z.ZodType<Partial<QuoteRequest>>>(schema: S, today: string) {
  return schema.superRefine((value, ctx) => {
    for (const issue of checkQuoteDates(value, today)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
}
