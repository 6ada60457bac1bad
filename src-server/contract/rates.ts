// Rate versions (docs/product.md#rates): the insurer's rates as data an owner manages, and the facts a request is
// priced on. Parsed the same way by the console's editor, the JSON upload and POST /api/admin/rates; no rate is written
// in code (the first start seeds modules/pricing/rates/example-rates.json).
import { z } from 'zod';
import { products } from './products';
import { lineText, nameText, textRuleMessage } from './text';

/** A factor or multiplier: a decimal with at most 4 places, kept as text so the price's arithmetic is exact. */
export const FACTOR_PLACES = 4;
export const factorText = z
  .union([z.string(), z.number()], { error: 'Enter a factor such as 1.25' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v), 'Enter a factor from 0 to 999.9999, at most 4 decimal places (such as 1.25)');

const pence = (what: string) => z.number({ error: `${what} must be a whole number of pence` }).int(`${what} must be a whole number of pence`).min(0).max(10_000_000);

/** One row of a base table: the premium before factors and tax for cover up to this many hours. */
const baseRow = z.strictObject({
  upToHours: z.number({ error: 'upToHours must be a whole number of hours' }).int().min(1).max(24 * 366),
  pence: pence('pence').refine((v) => v > 0, 'A base premium must be above 0 pence'),
});

/** A band of a number (age, years held, value in pounds): from and to inclusive. */
const band = z.strictObject({ from: z.number().int().min(0), to: z.number().int().min(0), factor: factorText }).refine((b) => b.to >= b.from, 'A band ends at or after its start');

/** What a request is priced and judged on: its answers, and a few worked out from them. */
export const rateFacts = [
  'product',
  'age',
  'licenceType',
  'licenceYears',
  'vehicleType',
  'vehicleOwner',
  'vehicleValue',
  'annualMileage',
  'keptOvernight',
  'security',
  'claims',
  'drivingConvictions',
  'otherConvictions',
  'disabilities',
  'vehicleModified',
  'otherDrivers',
  'coverType',
  'usage',
  'postcodeArea',
  'hours',
] as const;
export type RateFact = (typeof rateFacts)[number];
/** Facts that are numbers (age and years in whole years, the vehicle's value in pounds, claims counted, the cover's hours). */
export const numericFacts: readonly RateFact[] = ['age', 'licenceYears', 'vehicleValue', 'claims', 'hours'];
/** The choice answers a version may price with a factor per answer. */
export const answerFactorFields = [
  'licenceType',
  'vehicleType',
  'vehicleOwner',
  'annualMileage',
  'keptOvernight',
  'security',
  'claims',
  'drivingConvictions',
  'coverType',
  'usage',
] as const;

const condition = z.strictObject({
  fact: z.enum(rateFacts, { error: `fact must be one of ${rateFacts.join(', ')}` }),
  op: z.enum(['eq', 'ne', 'in', 'lt', 'lte', 'gt', 'gte'], { error: 'op must be eq, ne, in, lt, lte, gt or gte' }),
  value: z.union([z.string().max(100), z.number(), z.array(z.union([z.string().max(100), z.number()])).max(200)]),
});
export type RateCondition = z.infer<typeof condition>;

export const ruleActions = ['decline', 'refer'] as const;
export type RuleAction = (typeof ruleActions)[number];

const rule = z.strictObject({
  id: z.string().trim().regex(/^[a-z0-9-]{1,40}$/, 'A rule id is 1 to 40 lower-case letters, digits and hyphens'),
  action: z.enum(ruleActions, { error: 'action must be decline or refer' }),
  /** Shown to staff, and to the customer when the request is declined: plain words. */
  reason: lineText({ error: 'A rule needs its reason', message: textRuleMessage('A rule\'s reason') }).min(1, 'A rule needs its reason').max(300),
  /** Every condition must hold for the rule to apply. */
  when: z.array(condition).min(1, 'A rule needs at least one condition').max(20),
});
export type RateRule = z.infer<typeof rule>;

const bands = (what: string) => z.array(band).max(200, `At most 200 ${what} bands`);

/** The rates themselves: what a version holds. */
export const rateTable = z
  .strictObject({
    /** Every price before tax is multiplied by it: the insurer's change across the board (1 when none). */
    multiplier: factorText,
    /** Insurance Premium Tax, in per cent, added to the premium and shown inside the price. */
    iptPercent: factorText,
    /** No price before tax is below it. */
    minimumPremiumPence: pence('minimumPremiumPence'),
    /** Per product, rows in rising `upToHours`: the first row that covers the cover's length prices it. */
    base: z.record(z.enum(products), z.array(baseRow).min(1).max(200)).refine((b) => products.every((p) => b[p] !== undefined), `base needs a table for each product: ${products.join(', ')}`),
    factors: z.strictObject({
      age: bands('age'),
      licenceYears: bands('licenceYears'),
      vehicleValue: bands('vehicleValue'),
      /** Per choice answer: a factor per answer given (an answer not listed is 1). */
      answers: z.partialRecord(z.enum(answerFactorFields), z.record(z.string().max(100), factorText)),
      /** By the postcode's area (its leading letters, 'SW'); `districts` (its outward code, 'SW1A') win over areas. */
      postcodeAreas: z.record(z.string().regex(/^[A-Z]{1,2}$/, 'A postcode area is one or two capital letters'), factorText),
      postcodeDistricts: z.record(z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]?$/, 'A postcode district is an outward code such as SW1A'), factorText).default({}),
    }),
    rules: z.array(rule).max(500),
  })
  .superRefine((t, ctx) => {
    for (const p of products) {
      const rows = t.base[p] ?? [];
      rows.forEach((r, i) => {
        if (i > 0 && r.upToHours <= rows[i - 1]!.upToHours) ctx.addIssue({ code: 'custom', path: ['base', p, i, 'upToHours'], message: 'Rows must be in rising upToHours' });
      });
    }
    const ids = new Set<string>();
    t.rules.forEach((r, i) => {
      if (ids.has(r.id)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `Rule id ${r.id} is used twice` });
      ids.add(r.id);
    });
  });
export type RateTable = z.output<typeof rateTable>;

export const rateMessages = {
  created: 'Rate version saved',
  ownerOnly: 'Only an owner can change the rates',
  effectiveFromPast: 'The start must be now or later',
  noLiveVersion: 'No rate version is live: prices are made by staff',
} as const;

/** POST /api/admin/rates: a new version. A version downloaded from GET may be sent back as it is: its id and times are ignored. */
const EFFECTIVE_FROM = 'effectiveFrom must be a date and time such as 2026-12-08T09:00:00Z';

export const rateVersionInput = z.object({
  name: nameText({ error: 'Name is required', message: textRuleMessage('Name') }).min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  /** When it takes effect (ISO 8601); now when left out. */
  effectiveFrom: lineText({ message: EFFECTIVE_FROM })
    .pipe(z.iso.datetime({ offset: true, error: EFFECTIVE_FROM }))
    .optional(),
  rates: rateTable,
});
export type RateVersionInput = z.input<typeof rateVersionInput>;
export type RateVersion = z.output<typeof rateVersionInput>;

/**
 * POST /api/admin/rates as the doors take it: the name and start checked there, the rates only as an object, then
 * checked whole by the service (rateIssues), so a wrong field deep in them is named by its whole path rather than by
 * `rates` alone (docs/api.md#admin-rates).
 */
export const rateVersionBody = rateVersionInput.extend({
  rates: z.record(z.string(), z.unknown(), { error: 'rates must be an object: the rates of a version, as GET gives them' }),
});

/**
 * The messages of a failed check of the rates by each wrong field's whole path (`rates.base.temporary.1.upToHours`),
 * as the server answers them in `fieldErrors` and the console lists them.
 */
export function rateIssues(error: z.ZodError, prefix = 'rates'): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const issue of error.issues) (issues[[prefix, ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  return issues;
}

export const rateVersionStatuses = ['live', 'scheduled', 'past'] as const;

export const rateVersionView = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    example: z.boolean(),
    status: z.enum(rateVersionStatuses),
    effectiveFrom: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    rates: rateTable,
  })
  .meta({ id: 'RateVersion' });
export type RateVersionView = z.input<typeof rateVersionView>;
export const rateVersionsView = z.strictObject({ items: z.array(rateVersionView) }).meta({ id: 'RateVersions' });
