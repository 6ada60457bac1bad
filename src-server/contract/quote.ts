// The quote request (docs/product.md#quote-wizard): the wizard's step schemas and the whole request both doors parse.
// Rules that need the clock are one pure function, checkQuoteTimes, applied by forms and service alike.
import { z } from 'zod';
import { callbackMessages, normaliseUkPhone } from './callback';
import { addDuration, durationText, durationUnits, type Duration, type DurationUnit } from './durations';
import { money, moneyMessages } from './money';
import { productLabels, productRules, products, useAnswers, type Product } from './products';
import { emailSchema, normalisedText, policyNumberParam } from './schemas';
import { lineText, nameText } from './text';
import { epochToUkLocal, isCalendarDate, MONTH_NAMES, ukLocalToEpoch } from './time';

export interface Option {
  value: string;
  label: string;
}

const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
/** Options whose values are the documented words as listed (docs/product.md#option-lists); labels start with a capital. */
const listed = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: capitalised(value) }));

/** Step 2's choices in the documented order (docs/product.md#option-lists), each with what it asks when missing or unlisted. */
const choices = {
  licenceType: { values: ['Full UK', 'Provisional UK', 'EU', 'International'], message: 'Choose the type of driving licence you hold' },
  vehicleType: { values: ['Car', 'Commercial Vehicle'], message: 'Choose the vehicle type' },
  vehicleOwner: { values: ['Private', 'Company'], message: 'Choose who owns the vehicle' },
  annualMileage: {
    values: ['Under 5,000', '5,000 - 10,000', '10,000 - 15,000', '15,000 - 20,000', 'Over 20,000'],
    message: 'Choose the annual mileage',
  },
  purchaseDate: { values: ['Less than 1 year', '1 to 5 years', 'More than 5 years'], message: 'Choose how long ago the vehicle was bought' },
  keptOvernight: { values: ['Garage', 'Street', 'Driveway', 'Secure parking'], message: 'Choose where the vehicle is kept overnight' },
  // 'Alarm & Immobiliser' is offered once.
  security: { values: ['None', 'Alarm & Immobiliser', 'Immobiliser', 'Tracker'], message: 'Choose the vehicle’s security' },
  claimsPast5Years: { values: ['no', '1', '2', '3', 'more than 3'], message: 'Choose how many claims you have made in the past 5 years' },
  drivingConvictions: { values: ['None', 'Yes'], message: 'Choose whether you have any driving convictions' },
  otherConvictions: { values: ['No', 'Yes'], message: 'Choose whether you have any other convictions' },
  disabilities: { values: ['no', 'yes'], message: 'Choose whether you have a disability or medical condition that affects your driving' },
  vehicleModified: { values: ['no', 'yes'], message: 'Choose whether the vehicle has been modified' },
  otherDrivers: { values: ['None', 'Yes'], message: 'Choose whether anyone else will drive' },
  coverType: { values: ['Comprehensive', 'Third Party Fire and Theft', 'Third Party'], message: 'Choose the type of cover' },
  noClaimsBonusYears: { values: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '9+'], message: 'Choose your years of no claims bonus' },
  noClaimsBonusProtected: { values: ['No', 'Yes'], message: 'Choose whether your no claims bonus is protected' },
  usage: {
    // Each "plus" adds to the one before, as UK insurers rate them (business use includes commuting).
    // The first three name the use a policy's documents state (contract/products.ts useAnswers).
    values: [
      useAnswers.social,
      useAnswers.commuting,
      useAnswers.business,
      'Carriage on Own Goods',
      'Haulage',
      'Courier',
    ],
    message: 'Choose how the vehicle will be used',
  },
} as const;
type ChoiceField = keyof typeof choices;

const START_YEARS = 10;
/** The youngest driver any product takes (learner driver cover): the age rule before a product is chosen. */
const MIN_DRIVER_AGE = Math.min(...products.map((p) => productRules[p].minAge));
/** Older than this, the year of birth is taken for a typing slip rather than an age. */
const MAX_DRIVER_AGE = 110;

export const quoteOptions = {
  ...(Object.fromEntries(Object.entries(choices).map(([field, c]) => [field, listed(c.values)])) as Record<ChoiceField, Option[]>),
  noClaimsBonusYears: choices.noClaimsBonusYears.values.map((value) => ({
    value,
    label: value === '9+' ? '9 years +' : `${value} ${value === '1' ? 'year' : 'years'}`,
  })),
  policyStartDay: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  policyStartMonth: MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label })),
  durationUnit: listed(durationUnits),
} satisfies Record<string, Option[]>;

/** The current year plus the next nine (docs/product.md#option-lists), for the policy start year. */
export function policyStartYearOptions(currentYear: number): Option[] {
  return Array.from({ length: START_YEARS }, (_, i) => ({ value: String(currentYear + i), label: String(currentYear + i) }));
}

/** What each field is called on the wizard's forms, and in the staff console's view of a request. */
export const quoteFieldLabels = {
  product: 'Which cover do you want?',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  postcode: 'Postcode',
  licenceType: 'Driving licence type',
  licenceNumber: 'Driving licence number',
  licenceYears: 'Years you have held this licence',
  supervisorName: 'Supervising driver’s full name',
  supervisorAge: 'Supervising driver’s age',
  supervisorLicenceYears: 'Years the supervising driver has held a full licence',
  occupation: 'Your occupation',
  businessName: 'Name of the business',
  businessNature: 'What the business does',
  vehicleType: 'Vehicle type',
  regNumber: 'Registration number',
  vehicleMake: 'Vehicle make',
  vehicleModel: 'Vehicle model',
  // Requests made before the wizard asked make and model apart hold both in one answer.
  carModel: 'Make and model',
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
  policyStartTime: 'Policy start time',
  durationValue: 'Cover length',
  durationUnit: 'Cover length unit',
  usage: 'Vehicle use',
} as const;

export const quoteMessages = {
  submitted: 'Quote request submitted! Thank you.',
  /** How a requester hears of progress, on step 3 and in the confirmation e-mail: by e-mail only; nothing sends SMS. */
  updatesByEmail: 'We e-mail you your quote, and your policy documents once your policy is set up.',
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
  vehicleMakeRequired: 'Enter the vehicle’s make, such as Ford',
  vehicleModelRequired: 'Enter the vehicle’s model, such as Fiesta 1.0 Zetec',
  vehicleTextInvalid: 'Make and model may not contain line breaks or control characters',
  licenceNumberRequired: 'Enter your driving licence number',
  licenceNumberInvalid: 'Licence numbers may not contain line breaks or control characters',
  ukLicenceNumberShape:
    'Enter the 16-character number from section 5 of your UK photocard licence: 5 letters of your surname (with 9s for a short one), 6 digits, 2 initials, a digit and 2 letters, such as MORGA753116SM9IJ',
  licenceYearsRequired: 'Enter how many whole years you have held this licence, from 0 to 80',
  supervisorNameRequired: 'Enter the supervising driver’s full name',
  supervisorAgeRequired: 'Enter the supervising driver’s age in whole years',
  supervisorTooYoung: 'The supervising driver must be 21 or over',
  supervisorLicenceYearsRequired: 'Enter how many whole years the supervising driver has held a full licence',
  supervisorLicenceTooShort: 'The supervising driver must have held a full licence for 3 years or more',
  occupationRequired: 'Enter your occupation',
  businessNameRequired: 'Enter the name of the business',
  businessNatureRequired: 'Say what the business does',
  textInvalid: 'Answers may not contain line breaks or control characters',
  valueRequired: 'Vehicle value is required',
  moneyInvalid: moneyMessages.invalid,
  moneyNegative: moneyMessages.negative,
  moneyPence: moneyMessages.pence,
  startDayRequired: 'Choose the day cover should start',
  startMonthRequired: 'Choose the month cover should start',
  startYearRequired: 'Choose the year cover should start',
  startDateInvalid: 'That date does not exist: check the day and month',
  startDatePast: 'Choose a start date from today onwards',
  startYearOutOfRange: 'Choose a year from the list',
  productRequired: 'Choose which cover you want',
  startTimeRequired: 'Enter the time cover should start',
  startTimeInvalid: 'Enter the start time as HH:MM on the 24-hour clock, such as 09:00 or 17:30',
  startTimePast: 'Choose a start time that has not passed yet',
  durationValueRequired: 'Enter how long you need cover for',
  durationValueInvalid: 'Enter a whole number, such as 3',
  durationUnitRequired: 'Choose hours, days, weeks or months',
} as const;

/** 'Learner driver cover is for drivers aged 17 to 50' (docs/product.md#step-1-personal-details). */
export function productAgeMessage(product: Product): string {
  const { minAge, maxAge } = productRules[product];
  return `${productLabels[product]} is for drivers aged ${minAge} to ${maxAge}`;
}

/** 'Temporary car cover runs from 1 hour to 30 days' (docs/product.md#step-2-your-vehicle). */
export function productDurationMessage(product: Product): string {
  const { minDuration, maxDuration } = productRules[product];
  return `${productLabels[product]} runs from ${durationText(minDuration)} to ${durationText(maxDuration)}`;
}

const requiredText = (required: string, max: number, invalid: string, text = lineText) =>
  text({ error: required, message: invalid })
    .min(1, required)
    .max(max, `Must be at most ${max} characters`);

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

const choice = <F extends ChoiceField>(field: F) => z.enum(choices[field].values, { error: choices[field].message });

/** A whole number from a select's text (or a number), within [min, max]. */
const wholeNumber = (min: number, max: number, required: string) =>
  z
    .union([z.number(), lineText({ message: required, trim: false })], { error: required })
    .transform((v, ctx) => {
      const text = String(v).trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return n;
    });

const TIME_24 = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A cover length as typed: up to five digits (the product's limits then refuse a long one with their own message). */
const DURATION_TEXT = /^\d{1,5}$/;

/** A UK licence number as people type it, compacted: spaces dropped, upper case ('morga 753116 sm9ij' -> 'MORGA753116SM9IJ'). */
export const compactLicenceNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The shape of a UK driving licence number (docs/product.md#step-1-personal-details), compacted: 5 letters of the
 * surname padded with 9s; 6 digits of the date of birth (decade, month with 5 added to its first digit for women,
 * day, year); 2 initials padded with 9; a digit; 2 check letters.
 */
export function isUkLicenceNumber(compact: string): boolean {
  const m = /^[A-Z][A-Z9]{4}\d(\d\d)(\d\d)\d[A-Z][A-Z9]\d[A-Z]{2}$/.exec(compact);
  if (!m) return false;
  const [month, day] = [Number(m[1]), Number(m[2])];
  return month <= 62 && month % 50 >= 1 && month % 50 <= 12 && day >= 1 && day <= 31;
}

/** The licence types whose numbers are in the UK format; EU and international numbers are free text. */
const UK_LICENCE_TYPES: readonly string[] = ['Full UK', 'Provisional UK'];
/** UK law: a learner's supervisor is 21 or over and has held a full licence for 3 years (docs/product.md#step-1-personal-details). */
export const SUPERVISOR_MIN_AGE = 21;
export const SUPERVISOR_MIN_LICENCE_YEARS = 3;

/** Text asked only for one product: blank is left out; whether it is needed is checkDriverAnswers' job. */
const productText = (max: number, text = lineText) =>
  text({ error: quoteMessages.textInvalid, message: quoteMessages.textInvalid })
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A whole number asked only for one product, within [min, max]: blank is left out. */
const productWhole = (min: number, max: number, message: string) =>
  z
    .union([z.number(), lineText({ message, trim: false })], { error: message })
    .optional()
    .transform((v, ctx) => {
      const text = v === undefined ? '' : String(v).trim();
      if (text === '') return undefined;
      const n = Number(text);
      if (!/^\d{1,3}$/.test(text) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** A choice asked only of some products: blank is left out; whether it is needed is checkCoverAnswers' job. */
const productChoice = <F extends ChoiceField>(field: F) =>
  z
    .union([z.enum(choices[field].values), z.literal('')], { error: choices[field].message })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** The no-claims questions (docs/product.md#step-2-your-vehicle). */
const NO_CLAIMS_FIELDS = ['noClaimsBonusYears', 'noClaimsBonusProtected'] as const;

/**
 * Whether step 2 asks the no-claims questions of this product: of every product but learner driver cover (a learner
 * drives on a provisional licence, so has no bonus of their own), and while no product is known.
 */
export const asksNoClaims = (product: unknown): boolean => product !== 'learner';

/** The fields only some products ask for, and which: a request for another product does not keep them. */
const PRODUCT_ONLY_FIELDS: Record<string, readonly Product[]> = {
  supervisorName: ['learner'],
  supervisorAge: ['learner'],
  supervisorLicenceYears: ['learner'],
  occupation: ['business'],
  businessName: ['business'],
  businessNature: ['business'],
  ...Object.fromEntries(NO_CLAIMS_FIELDS.map((field) => [field, products.filter(asksNoClaims)])),
};

/** The stored answers without those another product asks for (a learner's supervisor on a business request). */
export function answersForProduct<T extends { product: Product }>(details: T): T {
  return Object.fromEntries(Object.entries(details).filter(([k]) => !Object.hasOwn(PRODUCT_ONLY_FIELDS, k) || PRODUCT_ONLY_FIELDS[k]?.includes(details.product))) as T;
}

const quotePersonalFields = z.object({
  product: z.enum(products, { error: quoteMessages.productRequired }),
  firstName: requiredText(quoteMessages.firstNameRequired, 50, quoteMessages.nameInvalid, nameText),
  lastName: requiredText(quoteMessages.lastNameRequired, 50, quoteMessages.nameInvalid, nameText),
  email: emailSchema,
  phone: normalisedText(normaliseUkPhone, { required: quoteMessages.phoneRequired, invalid: quoteMessages.phoneInvalid }, 30),
  dateOfBirth: lineText({ error: quoteMessages.dateOfBirthRequired, message: quoteMessages.dateOfBirthInvalid })
    .min(1, quoteMessages.dateOfBirthRequired)
    .refine(isCalendarDate, quoteMessages.dateOfBirthInvalid),
  address: requiredText(quoteMessages.addressRequired, 200, quoteMessages.addressInvalid),
  postcode: normalisedText(normalisePostcode, { required: quoteMessages.postcodeRequired, invalid: quoteMessages.postcodeInvalid }, 10),
  licenceType: choice('licenceType'),
  // A UK-format number is kept compacted, whatever type is chosen; the type decides whether the format is required.
  licenceNumber: requiredText(quoteMessages.licenceNumberRequired, 40, quoteMessages.licenceNumberInvalid).transform((v) =>
    isUkLicenceNumber(compactLicenceNumber(v)) ? compactLicenceNumber(v) : v,
  ),
  licenceYears: wholeNumber(0, 80, quoteMessages.licenceYearsRequired),
  supervisorName: productText(100, nameText),
  supervisorAge: productWhole(0, MAX_DRIVER_AGE, quoteMessages.supervisorAgeRequired),
  supervisorLicenceYears: productWhole(0, 80, quoteMessages.supervisorLicenceYearsRequired),
  occupation: productText(100),
  businessName: productText(100),
  businessNature: productText(200),
});

/** A field the product's or the licence type's rules refuse, with the message shown by it. */
export interface AnswerIssue {
  field: 'licenceNumber' | keyof typeof PRODUCT_ONLY_FIELDS;
  message: string;
}

/**
 * Rules between fields (docs/product.md#step-1-personal-details): a UK licence's number in the UK format; a learner's
 * supervising driver (21 or over, a full licence for 3 years or more); a business's occupation and business. Reads
 * values parsed or as typed; a malformed one is left to its own field's rules.
 */
export function checkDriverAnswers(value: unknown): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  // A refinement that runs whatever failed sees any input, an object or not (null, a list, a string).
  if (!value || typeof value !== 'object' || Array.isArray(value)) return issues;
  const input = value as Record<string, unknown>;
  const number = input['licenceNumber'];
  if (typeof input['licenceType'] === 'string' && UK_LICENCE_TYPES.includes(input['licenceType']) && typeof number === 'string') {
    const compact = compactLicenceNumber(number);
    if (compact !== '' && number.length <= 40 && !isUkLicenceNumber(compact)) issues.push({ field: 'licenceNumber', message: quoteMessages.ukLicenceNumberShape });
  }
  const blank = (field: string) => {
    const v = input[field];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  };
  const need = (field: AnswerIssue['field'], message: string) => {
    if (blank(field)) issues.push({ field, message });
  };
  const atLeast = (field: AnswerIssue['field'], min: number, message: string) => {
    const n = whole(input[field]);
    if (n !== undefined && n < min) issues.push({ field, message });
  };
  if (input['product'] === 'learner') {
    need('supervisorName', quoteMessages.supervisorNameRequired);
    need('supervisorAge', quoteMessages.supervisorAgeRequired);
    atLeast('supervisorAge', SUPERVISOR_MIN_AGE, quoteMessages.supervisorTooYoung);
    need('supervisorLicenceYears', quoteMessages.supervisorLicenceYearsRequired);
    atLeast('supervisorLicenceYears', SUPERVISOR_MIN_LICENCE_YEARS, quoteMessages.supervisorLicenceTooShort);
  }
  if (input['product'] === 'business') {
    need('occupation', quoteMessages.occupationRequired);
    need('businessName', quoteMessages.businessNameRequired);
    need('businessNature', quoteMessages.businessNatureRequired);
  }
  return issues;
}

/**
 * Step 2's rule between a field and step 1's product: the no-claims bonus, needed unless the product is learner
 * driver cover. Reads values parsed or as typed; a malformed one is left to its own field's rules.
 */
export function checkCoverAnswers(value: unknown, product: unknown): AnswerIssue[] {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !asksNoClaims(product)) return [];
  const input = value as Record<string, unknown>;
  return NO_CLAIMS_FIELDS.filter((field) => input[field] === undefined || input[field] === null || input[field] === '').map((field) => ({
    field,
    message: choices[field].message,
  }));
}

/** checkDriverAnswers on a schema, even when other fields fail, so a form shows every message at once. */
const withDriverAnswers = <S extends z.ZodType<object>>(schema: S) =>
  schema.superRefine(
    (value, ctx) => {
      for (const issue of checkDriverAnswers(value)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    },
    { when: () => true },
  );

/** checkCoverAnswers on step 2's schema, with the product chosen on step 1 (or on the whole request, its own). */
export function withCoverAnswers<S extends z.ZodType<object>>(schema: S, product?: unknown) {
  return schema.superRefine(
    (value, ctx) => {
      // A refinement that runs whatever failed sees any input, an object or not (null, a list, a string).
      const chosen = product ?? (value && typeof value === 'object' ? (value as { product?: unknown }).product : undefined);
      for (const issue of checkCoverAnswers(value, chosen)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    },
    { when: () => true },
  );
}

export const quotePersonalInput = withDriverAnswers(quotePersonalFields);
export type QuotePersonalFormValues = z.input<typeof quotePersonalInput>;

export const quoteVehicleInput = z.object({
  vehicleType: choice('vehicleType'),
  regNumber: normalisedText(normaliseRegistration, { required: quoteMessages.regNumberRequired, invalid: quoteMessages.regNumberInvalid }, 12),
  // Typed, with common makes offered (contract/vehicle-makes.ts); a policy issued from the request names them both.
  vehicleMake: requiredText(quoteMessages.vehicleMakeRequired, 40, quoteMessages.vehicleTextInvalid),
  vehicleModel: requiredText(quoteMessages.vehicleModelRequired, 80, quoteMessages.vehicleTextInvalid),
  vehicleOwner: choice('vehicleOwner'),
  annualMileage: choice('annualMileage'),
  value: money({ required: quoteMessages.valueRequired, max: 5_000_000 }),
  purchaseDate: choice('purchaseDate'),
  keptOvernight: choice('keptOvernight'),
  security: choice('security'),
  claimsPast5Years: choice('claimsPast5Years'),
  drivingConvictions: choice('drivingConvictions'),
  otherConvictions: choice('otherConvictions'),
  disabilities: choice('disabilities'),
  vehicleModified: choice('vehicleModified'),
  otherDrivers: choice('otherDrivers'),
  coverType: choice('coverType'),
  // Not asked of a learner: whether they are needed is checkCoverAnswers' job.
  noClaimsBonusYears: productChoice('noClaimsBonusYears'),
  noClaimsBonusProtected: productChoice('noClaimsBonusProtected'),
  bestQuotedPremium: money({ required: null, max: 100_000 }).optional(),
  policyStartDay: wholeNumber(1, 31, quoteMessages.startDayRequired),
  policyStartMonth: wholeNumber(1, 12, quoteMessages.startMonthRequired),
  // The range against today is checkQuoteTimes' job; here only a plausible four-digit year.
  policyStartYear: wholeNumber(2000, 2999, quoteMessages.startYearRequired),
  // UK wall-clock time, as a time input sends it; whether it has passed is checkQuoteTimes' job.
  policyStartTime: lineText({ error: quoteMessages.startTimeRequired, message: quoteMessages.startTimeInvalid }).transform((v, ctx) => {
    if (TIME_24.test(v)) return v;
    ctx.addIssue({ code: 'custom', message: v === '' ? quoteMessages.startTimeRequired : quoteMessages.startTimeInvalid });
    return z.NEVER;
  }),
  // A whole number here; whether it is within the product's limits is checkQuoteTimes' job (it needs the start).
  durationValue: z.union([z.number(), lineText({ message: quoteMessages.durationValueInvalid, trim: false })], { error: quoteMessages.durationValueRequired }).transform((v, ctx) => {
    const text = String(v).trim();
    if (text === '') ctx.addIssue({ code: 'custom', message: quoteMessages.durationValueRequired });
    else if (!DURATION_TEXT.test(text)) ctx.addIssue({ code: 'custom', message: quoteMessages.durationValueInvalid });
    else return Number(text);
    return z.NEVER;
  }),
  durationUnit: z.enum(durationUnits, { error: quoteMessages.durationUnitRequired }),
  usage: choice('usage'),
});
export type QuoteVehicle = z.infer<typeof quoteVehicleInput>;
export type QuoteVehicleFormValues = z.input<typeof quoteVehicleInput>;

/** The whole request as POST /api/quotes and quotes.submit take it: step 1 + step 2 (+ the honeypot). */
export const quoteRequestInput = withCoverAnswers(
  withDriverAnswers(
    quotePersonalFields.extend({
      ...quoteVehicleInput.shape,
      /** Hidden from people, so empty or absent; a filled one is answered like success and dropped. */
      website: z.string().max(500).optional(),
    }),
  ),
);
export type QuoteRequest = z.infer<typeof quoteRequestInput>;

/** quotes.renewal: one of the caller's own policies, whose details fill in the wizard (docs/product.md#asking-for-more-cover). */
export const renewalInput = z.object({ policyNumber: policyNumberParam });

/** A field the clock's rules refuse, with the message shown by it. */
export interface TimeIssue {
  field: 'dateOfBirth' | 'policyStartDay' | 'policyStartYear' | 'policyStartTime' | 'durationValue';
  message: string;
}

/** The fields checkQuoteTimes reads, as parsed or as typed. */
export type QuoteTimesInput = Partial<
  Record<'product' | 'dateOfBirth' | 'policyStartDay' | 'policyStartMonth' | 'policyStartYear' | 'policyStartTime' | 'durationValue' | 'durationUnit', unknown>
>;

const MINUTE = 60_000;

/** Whole years, both dates 'YYYY-MM-DD'. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// Readers for values that may be parsed, as typed, or the leftovers of a field that failed: each answers
// undefined unless the value is well formed, so a rule only judges what its own field's rules let through.
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined => (list as readonly unknown[]).includes(v) ? (v as T) : undefined;
const whole = (v: unknown): number | undefined => {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  return typeof v === 'string' && /^\d{1,5}$/.test(v.trim()) ? Number(v) : undefined;
};
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);

/** The start day, month and year as 'YYYY-MM-DD' (a real date or not) and the year, when all three are well formed. */
function startDateOf(input: QuoteTimesInput): { year: number; date: string } | undefined {
  const [d, m, y] = [whole(input.policyStartDay), whole(input.policyStartMonth), whole(input.policyStartYear)];
  if (d === undefined || m === undefined || y === undefined) return undefined;
  return { year: y, date: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}

/** The requested start as an instant (UK wall clock), or undefined when the day, month, year or time is not a real one. */
export function requestedStartOf(input: QuoteTimesInput): number | undefined {
  const [start, time] = [startDateOf(input), text(input.policyStartTime)];
  return start && time !== undefined && TIME_24.test(time) && isCalendarDate(start.date) ? ukLocalToEpoch(start.date, time) : undefined;
}

/** The cover length asked for, when both halves are well formed. */
export function requestedDurationOf(input: QuoteTimesInput): Duration | undefined {
  const value = whole(input.durationValue);
  const unit = oneOf<DurationUnit>(durationUnits, input.durationUnit);
  return value === undefined || unit === undefined ? undefined : { value, unit };
}

/** Rules needing the clock; malformed fields are left to their own rules, so a form shows all messages at once. */
export function checkQuoteTimes(input: QuoteTimesInput, now: number): TimeIssue[] {
  const issues: TimeIssue[] = [];
  const today = epochToUkLocal(now).date;
  const product = oneOf<Product>(products, input.product);

  const dob = text(input.dateOfBirth);
  if (dob && isCalendarDate(dob)) {
    const age = ageOn(dob, today);
    if (dob >= today) issues.push({ field: 'dateOfBirth', message: quoteMessages.dateOfBirthFuture });
    else if (age > MAX_DRIVER_AGE) issues.push({ field: 'dateOfBirth', message: quoteMessages.tooOld });
    else if (product && (age < productRules[product].minAge || age > productRules[product].maxAge)) issues.push({ field: 'dateOfBirth', message: productAgeMessage(product) });
    else if (!product && age < MIN_DRIVER_AGE) issues.push({ field: 'dateOfBirth', message: quoteMessages.tooYoung });
  }

  const start = startDateOf(input);
  let startAt: number | undefined;
  if (start) {
    const thisYear = Number(today.slice(0, 4));
    if (start.year < thisYear || start.year >= thisYear + START_YEARS) issues.push({ field: 'policyStartYear', message: quoteMessages.startYearOutOfRange });
    else if (!isCalendarDate(start.date)) issues.push({ field: 'policyStartDay', message: quoteMessages.startDateInvalid });
    else if (start.date < today) issues.push({ field: 'policyStartDay', message: quoteMessages.startDatePast });
    else {
      startAt = requestedStartOf(input);
      if (startAt !== undefined && startAt < Math.floor(now / MINUTE) * MINUTE) issues.push({ field: 'policyStartTime', message: quoteMessages.startTimePast });
    }
  }

  const asked = requestedDurationOf(input);
  if (product && asked) {
    const from = startAt ?? now;
    const { minDuration, maxDuration } = productRules[product];
    const end = addDuration(from, asked);
    if (end < addDuration(from, minDuration) || end > addDuration(from, maxDuration)) issues.push({ field: 'durationValue', message: productDurationMessage(product) });
  }
  return issues;
}

/** checkQuoteTimes on a form's schema, even when other fields fail; `context` holds fields saved on another step. */
export function withQuoteTimes<S extends z.ZodType<object>>(schema: S, now: () => number, context: QuoteTimesInput = {}) {
  return schema.superRefine(
    (value, ctx) => {
      for (const issue of checkQuoteTimes({ ...context, ...(value as QuoteTimesInput) }, now())) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    },
    { when: () => true },
  );
}
