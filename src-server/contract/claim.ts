// The claim report (docs/product.md#reporting-a-claim): what a driver records at the roadside, for the server, the
// phone's form and its offline outbox alike. Whether the policy is theirs and recent enough, and whether the photos
// are real images, are the service's questions (they need the database and the bytes).
import { z } from 'zod';
import { brand } from './brand';
import { normaliseUkPhone } from './callback';
import { normalisedText } from './schemas';
import { lineText, linesText, nameText, textRuleMessage } from './text';

/** What happened, in the form's order. */
export const claimKinds = ['accident', 'theft', 'windscreen', 'fire', 'vandalism', 'other'] as const;
export type ClaimKind = (typeof claimKinds)[number];

export const claimKindLabels: Record<ClaimKind, string> = {
  accident: 'Accident',
  theft: 'Theft',
  windscreen: 'Windscreen',
  fire: 'Fire',
  vandalism: 'Vandalism',
  other: 'Something else',
};

/** Where a claim stands: staff move it along in any order they choose. */
export const claimStatuses = ['new', 'contacted', 'passed-to-insurer', 'closed'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const claimStatusLabels: Record<ClaimStatus, string> = {
  new: 'Received',
  contacted: 'We have been in touch',
  'passed-to-insurer': 'With the insurer',
  closed: 'Closed',
};

/** Photos a report may carry. */
export const CLAIM_PHOTOS_MAX = 10;
/** The phone makes each photo this size on its longest side (JPEG) before keeping it. */
export const CLAIM_PHOTO_LONGEST_SIDE = 1600;
/** The largest photo the server takes, in bytes once decoded: several times what the phone's 1600 px JPEG needs. */
export const CLAIM_PHOTO_MAX_BYTES = 3 * 1024 * 1024;
/** A report's body, photos and all, as base64 in JSON (4 bytes for every 3), with room for the answers. */
export const CLAIM_BODY_MAX_BYTES = Math.ceil((CLAIM_PHOTOS_MAX * CLAIM_PHOTO_MAX_BYTES * 4) / 3) + 256 * 1024;
/** Other vehicles and witnesses a report may name. */
export const CLAIM_PARTIES_MAX = 5;
/** A claim can be made on cover that ended at most this long ago. */
export const CLAIM_AFTER_COVER_MS = 30 * 24 * 3_600_000;
/** A report made offline reaches us late; "when" may be slightly ahead of the server's clock, never more. */
export const CLAIM_CLOCK_SKEW_MS = 5 * 60_000;
export const CLAIM_DESCRIPTION_MAX = 4000;

/*
 * What one account may report through the app in a rolling 24 hours (docs/product.md#reporting-a-claim), counted from
 * the claims stored: enough for any real roadside, while a loop of reports with ten photos cannot fill the database.
 * Past a limit, the claims line takes the report.
 */
export const CLAIM_LIMIT_WINDOW_MS = 24 * 3_600_000;
/** Reports per account in the window. */
export const CLAIM_REPORTS_PER_ACCOUNT = 5;
/** Reports per policy in the window. */
export const CLAIM_REPORTS_PER_POLICY = 3;
/** Photo bytes per account in the window, as stored (each photo re-encoded, and its thumbnail). */
export const CLAIM_PHOTO_BYTES_PER_ACCOUNT = 60 * 1024 * 1024;
/** `details.code` of the 429 a report over one of these limits answers: the phone keeps it, and says why. */
export const CLAIM_LIMIT_CODE = 'claim_limit';

export const claimMessages = {
  clientIdInvalid: 'clientId must be a UUID made on the phone',
  policyRequired: 'Choose the policy',
  policyNotYours: 'Choose one of your policies',
  policyTooOld: 'This cover ended more than 30 days ago: call our claims line',
  policyNotStarted: 'This cover had not started then: check the date and time',
  policyEndedBefore: 'This cover had ended by then: check the date and time, or call our claims line',
  policyPending: 'This cover is not in force yet: call our claims line',
  policyVoid: 'This policy was set up in error and was never in force: call our claims line',
  kindRequired: 'Choose what happened',
  occurredAtInvalid: 'Enter the date and time it happened',
  occurredAtFuture: 'The date and time cannot be in the future',
  locationRequired: 'Say where it happened, or use your location',
  locationTooLong: 'Location must be at most 300 characters',
  coordinatesInvalid: 'The location from your phone is not a real place',
  descriptionRequired: 'Describe what happened',
  descriptionTooLong: `Description must be at most ${CLAIM_DESCRIPTION_MAX} characters`,
  phoneRequired: 'Phone number is required, so our claims team can call you',
  phoneInvalid: 'Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000',
  injuriesRequired: 'Say whether anyone was hurt',
  injuryDetailsRequired: 'Say who was hurt and how',
  tooManyPhotos: `Add at most ${CLAIM_PHOTOS_MAX} photos`,
  photoInvalid: 'This file is not a photo we can read: use a JPEG, PNG or WebP picture',
  photoTooLarge: `Each photo must be at most ${CLAIM_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  bodyTooLarge: `This report is too large to send: at most ${CLAIM_PHOTOS_MAX} photos of ${CLAIM_PHOTO_MAX_BYTES / 1024 / 1024} MB each`,
  tooManyVehicles: `Name at most ${CLAIM_PARTIES_MAX} other vehicles`,
  tooManyWitnesses: `Name at most ${CLAIM_PARTIES_MAX} witnesses`,
  partyEmpty: 'Fill in at least one detail, or remove this entry',
  reportsPerAccount: `You have sent ${CLAIM_REPORTS_PER_ACCOUNT} claim reports in the last 24 hours, the most the app takes: call our 24/7 claims line on ${brand.phones.claims} to report this one`,
  reportsPerPolicy: `This policy has had ${CLAIM_REPORTS_PER_POLICY} claim reports in the last 24 hours, the most the app takes for one policy: call our 24/7 claims line on ${brand.phones.claims} to report this one`,
  photoBytesPerAccount: `The app takes at most ${CLAIM_PHOTO_BYTES_PER_ACCOUNT / 1024 / 1024} MB of photos from you in 24 hours, and this report's photos would go past it: send it with fewer photos or none, or call our 24/7 claims line on ${brand.phones.claims}`,
  saved: 'Saved on this phone - it will be sent when you have signal',
  sent: (reference: string) => `Sent - claim reference ${reference}`,
} as const;

/** An optional single line of at most `max` characters; blank means not given. */
const optionalLine = (label: string, max: number) =>
  lineText({ message: textRuleMessage(label) })
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const optionalName = (label: string, max: number) =>
  nameText({ message: textRuleMessage(label) })
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const hasSomething = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

/** Another vehicle involved: whatever the driver could take down. */
export const otherVehicleInput = z
  .object({
    registration: optionalLine('Registration', 12),
    driverName: optionalName("Driver's name", 100),
    contact: optionalLine('Contact', 200),
    insurer: optionalLine('Insurer', 100),
  })
  .refine(hasSomething, claimMessages.partyEmpty);
export type OtherVehicleInput = z.infer<typeof otherVehicleInput>;

export const witnessInput = z
  .object({
    name: optionalName('Name', 100),
    contact: optionalLine('Contact', 200),
  })
  .refine(hasSomething, claimMessages.partyEmpty);
export type WitnessInput = z.infer<typeof witnessInput>;

/** A photo as the phone sends it: base64 bytes (no data: prefix), and when it was taken if the phone knows. */
export const claimPhotoInput = z.object({
  data: z.string({ error: claimMessages.photoInvalid }).min(1, claimMessages.photoInvalid).regex(/^[A-Za-z0-9+/]+={0,2}$/, claimMessages.photoInvalid),
  takenAt: z.iso.datetime({ error: claimMessages.occurredAtInvalid }).optional(),
});
export type ClaimPhotoInput = z.infer<typeof claimPhotoInput>;

/** The phone's location, when the driver allowed it. */
export const coordinatesInput = z.object({
  latitude: z.number({ error: claimMessages.coordinatesInvalid }).min(-90, claimMessages.coordinatesInvalid).max(90, claimMessages.coordinatesInvalid),
  longitude: z.number({ error: claimMessages.coordinatesInvalid }).min(-180, claimMessages.coordinatesInvalid).max(180, claimMessages.coordinatesInvalid),
  /** Metres, as the phone reports it. */
  accuracy: z.number({ error: claimMessages.coordinatesInvalid }).min(0, claimMessages.coordinatesInvalid).max(100_000, claimMessages.coordinatesInvalid).optional(),
});

/**
 * The claim report. `clientId` is made on the phone when the report is started: sending it again (a retry, the
 * background sync, a second tap) answers with the claim already stored.
 */
export const claimInput = z
  .object({
    clientId: z.uuid({ error: claimMessages.clientIdInvalid }),
    policyNumber: lineText({ error: claimMessages.policyRequired, message: claimMessages.policyRequired }).min(1, claimMessages.policyRequired).max(40, claimMessages.policyRequired),
    kind: z.enum(claimKinds, { error: claimMessages.kindRequired }),
    occurredAt: z.iso.datetime({ error: claimMessages.occurredAtInvalid, offset: true }),
    location: lineText({ error: claimMessages.locationRequired, message: textRuleMessage('Location') }).max(300, claimMessages.locationTooLong),
    coordinates: coordinatesInput.nullish().transform((v) => v ?? null),
    description: linesText({ error: claimMessages.descriptionRequired, message: textRuleMessage('Description') })
      .transform((v) => v.replace(/\r\n?/g, '\n'))
      .pipe(z.string().min(1, claimMessages.descriptionRequired).max(CLAIM_DESCRIPTION_MAX, claimMessages.descriptionTooLong)),
    phone: normalisedText(normaliseUkPhone, { required: claimMessages.phoneRequired, invalid: claimMessages.phoneInvalid }, 30),
    photos: z.array(claimPhotoInput).max(CLAIM_PHOTOS_MAX, claimMessages.tooManyPhotos).default([]),
    otherVehicles: z.array(otherVehicleInput).max(CLAIM_PARTIES_MAX, claimMessages.tooManyVehicles).default([]),
    witnesses: z.array(witnessInput).max(CLAIM_PARTIES_MAX, claimMessages.tooManyWitnesses).default([]),
    injuries: z.boolean({ error: claimMessages.injuriesRequired }),
    injuryDetails: linesText({ message: textRuleMessage('Injury details') })
      .max(2000, 'Injury details must be at most 2000 characters')
      .optional()
      .transform((v) => v || undefined),
    policeReference: optionalLine('Police reference', 40),
  })
  .superRefine((v, ctx) => {
    if (v.location === '' && v.coordinates === null) ctx.addIssue({ code: 'custom', path: ['location'], message: claimMessages.locationRequired });
    if (v.injuries && !v.injuryDetails) ctx.addIssue({ code: 'custom', path: ['injuryDetails'], message: claimMessages.injuryDetailsRequired });
  });
export type ClaimInput = z.infer<typeof claimInput>;
/** What the phone keeps and sends: the input as typed, before parsing. */
export type ClaimDraft = z.input<typeof claimInput>;

