// Sending a quote and issuing a policy from a request (docs/product.md#from-quote-to-cover): inputs and texts.
import { z } from 'zod';
import { addDuration, type Duration } from './durations';
import { money } from './money';
import { askedUse, type CoverTerms, type Product } from './products';
import { idParam, policyInput, type PolicyInput } from './schemas';
import { lineText } from './text';
import { epochToUkLocal } from './time';

/** How long an offer stands unless staff say otherwise, and the longest they may give (30 days). */
export const OFFER_DEFAULT_VALID_HOURS = 24;
export const OFFER_MAX_VALID_HOURS = 720;
/** The highest price staff may offer, as for a policy's premium. */
export const OFFER_MAX_PREMIUM = 100_000;

export const offerMessages = {
  premiumRequired: 'Enter the price in pounds',
  premiumZero: 'Enter a price above £0.00',
  validHours: `Enter a whole number of hours from 1 to ${OFFER_MAX_VALID_HOURS}`,
  /** 409: a closed request takes no more offers and issues no policy. */
  closed: 'This quote request is closed',
  /** 409: a policy was issued from it already. */
  alreadyIssued: 'A policy has already been issued from this quote request',
} as const;

export const issueMessages = {
  status: 'A policy from a quote starts pending: it becomes active once payments cover its premium',
  /** 409: the request's address belongs to a closed account (docs/product.md#closed-accounts). */
  accountClosed: "The account of this request's e-mail address is closed: a policy cannot be issued to it",
} as const;

/** Hours as a number or the text of an input; left out or blank means the default. */
const validHours = z
  .union([z.number(), lineText({ message: offerMessages.validHours, trim: false }), z.null()], { error: offerMessages.validHours })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return OFFER_DEFAULT_VALID_HOURS;
    const n = typeof v === 'number' ? v : /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > OFFER_MAX_VALID_HOURS) {
      ctx.addIssue({ code: 'custom', message: offerMessages.validHours });
      return z.NEVER;
    }
    return n;
  });

/** "Send quote": the price in pounds (IPT included) and how many hours it stands. */
export const offerInput = z.object({
  premium: money({ required: offerMessages.premiumRequired, max: OFFER_MAX_PREMIUM }).transform((v, ctx) => {
    // money() has already refused a blank or malformed amount (v is then undefined and the parse fails).
    if (v === undefined) return z.NEVER;
    if (v <= 0) {
      ctx.addIssue({ code: 'custom', message: offerMessages.premiumZero });
      return z.NEVER;
    }
    return v;
  }),
  validHours,
});
export type OfferInput = z.infer<typeof offerInput>;
export type OfferFormValues = z.input<typeof offerInput>;
/** admin.quotes.offer: the request's id beside the offer (on REST, the path's `{id}`). */
export const offerByIdInput = offerInput.extend({ id: idParam });

const field = policyInput.shape;

/**
 * "Issue policy": the licence number, the status and fields overriding the request's
 * (docs/api.md#admin-audit-log-queues-and-report); checked again with policyInput once merged.
 */
export const issuePolicyInput = z.object({
  // Always sent: the form opens with the request's (policyFromRequest), and staff confirm it by sending it.
  licenseNumber: field.licenseNumber,
  /**
   * A policy from a quote starts `pending` and becomes active once payments cover its premium
   * (docs/product.md#payments): left out or `pending`; any other status is refused rather than quietly changed.
   */
  status: z.literal('pending', { error: issueMessages.status }).optional(),
  holderName: field.holderName.optional(),
  carModel: field.carModel.optional(),
  driverName: field.driverName.optional(),
  // Raw here: policyInput's own registration turns "left out" into null, which would erase the request's.
  registration: lineText({ error: 'Registration may use letters, digits and spaces', message: 'Registration may use letters, digits and spaces', trim: false })
    .nullable()
    .optional(),
  startDate: field.startDate.optional(),
  startTime: field.startTime.optional(),
  endDate: field.endDate.optional(),
  endTime: field.endTime.optional(),
  product: field.product,
  /** Left out: the offer's price, if one was sent; null or blank: none recorded. */
  premium: field.premium,
});
export type IssuePolicyInput = z.infer<typeof issuePolicyInput>;
/** admin.quotes.issuePolicy: the request's id beside the fields (on REST, the path's `{id}`). */
export const issuePolicyByIdInput = issuePolicyInput.extend({ id: idParam });

/** What a quote request says that a policy takes from it: the server reads its row, the console its detail view. */
export interface RequestFacts {
  firstName: string;
  lastName: string;
  /** The stored step 1 + step 2 answers. */
  details: unknown;
  /** Null on requests made before the wizard asked. */
  product: Product | null;
  /** The requested start (epoch ms) and how long, where the wizard asked. */
  requestedStartAt: number | null;
  duration: Duration | null;
  /** The price offered, in pounds, if a quote was sent. */
  offerPremium: number | null;
}

/** A request row's stored step 1 + step 2 answers (JSON; an unreadable row gives none): its quote and its policy's Statement of Fact read them. */
export function storedDetails(row: { details: string }): unknown {
  try {
    return JSON.parse(row.details) as unknown;
  } catch {
    return null;
  }
}

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The vehicle a request names: its description, registration and type. */
export function requestVehicle(details: unknown): { description: string | null; registration: string | null; type: string | null } {
  const d = details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  const makeModel = [textOf(d['vehicleMake']), textOf(d['vehicleModel'])].filter(Boolean).join(' ');
  return {
    description: textOf(d['vehicleDescription']) ?? textOf(d['carModel']) ?? (makeModel || null),
    registration: textOf(d['regNumber']),
    type: textOf(d['vehicleType']),
  };
}

/** The driver's licence number a request gives, where the wizard asked (requests from before it did have none). */
export function requestLicenceNumber(details: unknown): string | null {
  const d = details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  return textOf(d['licenceNumber']);
}

const wholeOf = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/**
 * What a policy's certificate and schedule take from the request it was issued from (docs/product.md#certificates):
 * the use its 'Vehicle use' answer asks for, and a learner's supervising driver. Read from the stored answers each
 * time, so the request the customer declared stays the one record of them.
 */
export function requestCoverTerms(details: unknown): CoverTerms {
  const d = details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  const name = textOf(d['supervisorName']);
  return {
    use: askedUse(d['usage']),
    supervisor: name === null ? null : { name, age: wholeOf(d['supervisorAge']), licenceYears: wholeOf(d['supervisorLicenceYears']) },
  };
}

/** The policy fields a request gives (policyInput's, 24-hour UK times); the rest staff type. */
type PolicyFromRequest = Pick<PolicyInput, 'holderName' | 'driverName' | 'carModel' | 'registration'> &
  Partial<Pick<PolicyInput, 'product' | 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'licenseNumber'>> & { premium?: number };

/** The policy a request describes (docs/product.md#issuing-a-policy), one rule for the server and the console's form. */
export function policyFromRequest(r: RequestFacts): PolicyFromRequest {
  const vehicle = requestVehicle(r.details);
  const name = `${r.firstName} ${r.lastName}`;
  const fields: PolicyFromRequest = {
    holderName: name,
    driverName: name,
    carModel: vehicle.description ?? ([vehicle.type, vehicle.registration].filter(Boolean).join(' ') || 'Vehicle not described'),
    registration: vehicle.registration,
  };
  const licence = requestLicenceNumber(r.details);
  if (licence) fields.licenseNumber = licence;
  if (r.product) fields.product = r.product;
  if (r.offerPremium !== null) fields.premium = r.offerPremium;
  if (r.requestedStartAt !== null) {
    const start = epochToUkLocal(r.requestedStartAt);
    fields.startDate = start.date;
    fields.startTime = start.time;
    if (r.duration) {
      const end = epochToUkLocal(addDuration(r.requestedStartAt, r.duration));
      fields.endDate = end.date;
      fields.endTime = end.time;
    }
  }
  return fields;
}

/**
 * The time left on a price, for the dashboard and the console alike (docs/product.md#accepting-a-quote): '5 h 20 min',
 * '2 days 3 h', '12 min', 'less than a minute'; null once it has lapsed (the last moment still stands).
 */
export function timeLeftText(validUntil: number, now: number): string | null {
  const left = validUntil - now;
  if (left < 0) return null;
  const minutes = Math.floor(left / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}${hours > 0 ? ` ${hours} h` : ''}`;
  return hours > 0 ? `${hours} h${mins > 0 ? ` ${mins} min` : ''}` : `${mins} min`;
}
