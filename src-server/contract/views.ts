// What the server answers and the client shows, defined once (docs/api.md#shapes); the client reads its types from
// here, never from a service file. `.meta({ id })` names a view in the OpenAPI document (docs/api.md#openapi).
import { z } from 'zod';
import { durationUnits } from './durations';
import { claimKinds, claimStatuses } from './claim';
import { acceptanceChannels, paymentMethods } from './payments';
import { products } from './products';
import { logLevels, policyStatuses } from './schemas';

/** A named view or null: not `.nullable()`, which the OpenAPI generator writes wrongly (a test checks). */
const orNull = <T extends z.ZodType>(view: T) => z.union([view, z.null()]);

/** A policy as the customer's dashboard and the console show it (REST and tRPC alike). */
export const policyView = z.strictObject({
  id: z.number().int(),
  policyNumber: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  holderName: z.string(),
  carModel: z.string(),
  driverName: z.string(),
  licenseNumber: z.string(),
  registration: z.string().nullable(),
  /** UK local date YYYY-MM-DD and 24-hour time HH:MM. */
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  status: z.enum(policyStatuses),
  product: z.enum(products),
  /** Pounds, where staff recorded it. */
  premium: z.number().nullable(),
}).meta({ id: 'PolicyView' });
export type PolicyView = z.infer<typeof policyView>;

/** An account as the console shows it; never the password hash. */
export const userView = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  /** Whether the account has proved it owns its e-mail address (docs/product.md#e-mail-confirmation). */
  emailVerified: z.boolean(),
  /** Closed instead of deleted because it holds policies: no sign-in (docs/product.md#closed-accounts). */
  closed: z.boolean(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'UserView' });
export type UserView = z.infer<typeof userView>;

/** A successful sign-in: the session token, when it lapses, and the account (docs/product.md#sessions). */
export const loginResultView = z.strictObject({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  user: userView,
}).meta({ id: 'LoginResult' });
export type LoginResult = z.infer<typeof loginResultView>;

export const logEntryView = z.strictObject({
  id: z.number().int(),
  action: z.string(),
  level: z.enum(logLevels),
  username: z.string().nullable(),
  timestamp: z.iso.datetime(),
  /** How many times it happened: 1, or more for a repeated event counted on one entry (a refused sign-in). */
  count: z.number().int().min(1),
  /** When it last happened: `timestamp` unless it was repeated. */
  lastTimestamp: z.iso.datetime(),
}).meta({ id: 'LogEntryView' });
export type LogEntryView = z.infer<typeof logEntryView>;

/** One change to a policy (docs/product.md#policy-history): each field's old and new value as staff read them. */
export const policyVersionView = z.strictObject({
  id: z.number().int(),
  timestamp: z.iso.datetime(),
  username: z.string(),
  changes: z.array(z.strictObject({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  reason: z.string().nullable(),
}).meta({ id: 'PolicyVersionView' });
export type PolicyVersionView = z.infer<typeof policyVersionView>;

/** A request in a staff queue moves new -> contacted -> quoted -> closed (any order staff choose). */
export const requestStatuses = ['new', 'contacted', 'quoted', 'closed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** How a quote request was first answered (docs/product.md#the-three-answers): priced on the rates, referred or declined. */
export const quoteDecisions = ['instant', 'referred', 'declined'] as const;
export type QuoteDecision = (typeof quoteDecisions)[number];

/** Someone on staff, as a queue names them. */
export const staffRefView = z.strictObject({ id: z.number().int(), username: z.string() }).meta({ id: 'StaffRefView' });
export type StaffRefView = z.infer<typeof staffRefView>;

/** A staff note on a request: who wrote it, when, and what (line breaks kept). */
export const requestNoteView = z.strictObject({
  id: z.number().int(),
  author: z.string(),
  createdAt: z.iso.datetime(),
  text: z.string(),
}).meta({ id: 'RequestNoteView' });
export type RequestNoteView = z.infer<typeof requestNoteView>;

/** The price offered on a quote request, in pounds, and until when it stands. */
/** How a price was accepted (docs/product.md#accepting-a-quote): when, online or by phone, and by whom (a username). */
export const acceptanceView = z.strictObject({
  at: z.iso.datetime(),
  via: z.enum(acceptanceChannels),
  by: z.string(),
}).meta({ id: 'AcceptanceView' });
export type AcceptanceView = z.infer<typeof acceptanceView>;

export const offerView = z.strictObject({
  premium: z.number(),
  validUntil: z.iso.datetime(),
  offeredAt: z.iso.datetime(),
  /** Null until the price is accepted; a new price clears it. */
  acceptance: orNull(acceptanceView),
}).meta({ id: 'OfferView' });
export type OfferView = z.infer<typeof offerView>;

/** What every request in a staff queue has (docs/product.md#staff-queues): when it is due, by need. */
const queueItemFields = {
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(requestStatuses),
  email: z.string(),
  phone: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  assignee: orNull(staffRefView),
};

/** A quote request in its queue: the client address stays on the server. */
export const quoteRequestView = z.strictObject({
  ...queueItemFields,
  firstName: z.string(),
  lastName: z.string(),
  postcode: z.string(),
  /** Null on requests made before the wizard asked. */
  product: z.enum(products).nullable(),
  /** The requested start (UK local time as asked, as an instant), where the wizard asked. */
  requestedStart: z.iso.datetime().nullable(),
  offer: orNull(offerView),
  policyNumber: z.string().nullable(),
  /** How the rates answered it when it came in; null on requests from before they did. */
  decision: z.enum(quoteDecisions).nullable(),
  /** The rule that referred or declined it (`no-live-rates` when no version was live), and its reason in plain words. */
  decisionRule: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The rate version it was judged on (and priced on, when instant). */
  rateVersionId: z.number().int().nullable(),
}).meta({ id: 'QuoteRequestView' });
export type QuoteRequestView = z.infer<typeof quoteRequestView>;

/** One quote request opened: the stored step 1 + step 2 answers as they were validated, and the notes. */
export const quoteRequestDetailView = quoteRequestView.extend({
  details: z.unknown(),
  /** How long, where the wizard asked. */
  duration: z.strictObject({ value: z.number().int(), unit: z.enum(durationUnits) }).nullable(),
  policyId: z.number().int().nullable(),
  notes: z.array(requestNoteView),
}).meta({ id: 'QuoteRequestDetailView' });
export type QuoteRequestDetailView = z.infer<typeof quoteRequestDetailView>;

export const callbackRequestView = z.strictObject({
  ...queueItemFields,
  name: z.string(),
  reasonForContact: z.string(),
  insuranceType: z.string().nullable(),
  callbackDate: z.string().nullable(),
}).meta({ id: 'CallbackRequestView' });
export type CallbackRequestView = z.infer<typeof callbackRequestView>;

export const callbackRequestDetailView = callbackRequestView.extend({ notes: z.array(requestNoteView) }).meta({ id: 'CallbackRequestDetailView' });
export type CallbackRequestDetailView = z.infer<typeof callbackRequestDetailView>;

/** A photo of a claim as stored: re-encoded by the server, its place in the report, and when it was taken if known. */
export const claimPhotoView = z.strictObject({
  /** 1 to 10, in the order the driver added them: /api/admin/claims/{id}/photos/{position} (and ?size=thumb). */
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  takenAt: z.iso.datetime().nullable(),
}).meta({ id: 'ClaimPhotoView' });
export type ClaimPhotoView = z.infer<typeof claimPhotoView>;

/** A customer's own claim (docs/product.md#reporting-a-claim): where it stands. */
export const myClaimView = z.strictObject({
  reference: z.string(),
  /** The id the phone made: the phone matches its outbox against it. */
  clientId: z.string(),
  policyNumber: z.string(),
  kind: z.enum(claimKinds),
  status: z.enum(claimStatuses),
  occurredAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  photoCount: z.number().int(),
}).meta({ id: 'MyClaimView' });
export type MyClaimView = z.infer<typeof myClaimView>;

/** A claim in the staff queue (docs/product.md#staff-queues): due by whether someone is hurt. */
export const claimView = z.strictObject({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(claimStatuses),
  /** The account's name and e-mail, and the phone number given with the report. */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  userId: z.number().int(),
  policyId: z.number().int(),
  policyNumber: z.string(),
  kind: z.enum(claimKinds),
  occurredAt: z.iso.datetime(),
  location: z.string(),
  injuries: z.boolean(),
  photoCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  assignee: orNull(staffRefView),
}).meta({ id: 'ClaimView' });
export type ClaimView = z.infer<typeof claimView>;

/** One claim opened: every answer, the photos and the notes. */
export const claimDetailView = claimView.extend({
  coordinates: orNull(z.strictObject({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable() })),
  description: z.string(),
  otherVehicles: z.array(z.strictObject({ registration: z.string().nullable(), driverName: z.string().nullable(), contact: z.string().nullable(), insurer: z.string().nullable() })),
  witnesses: z.array(z.strictObject({ name: z.string().nullable(), contact: z.string().nullable() })),
  injuryDetails: z.string().nullable(),
  policeReference: z.string().nullable(),
  photos: z.array(claimPhotoView),
  notes: z.array(requestNoteView),
}).meta({ id: 'ClaimDetailView' });
export type ClaimDetailView = z.infer<typeof claimDetailView>;

/** The console's overview: requests waiting on staff. Overdue = not closed and past its due time. */
export const queueCountsView = z.strictObject({
  /** Quoted: a price sent and awaiting the customer's answer; lapsing: of those, the ones lapsing within 2 hours or lapsed. */
  quotes: z.strictObject({ new: z.number().int(), overdue: z.number().int(), quoted: z.number().int(), lapsing: z.number().int() }),
  callbacks: z.strictObject({ new: z.number().int(), overdue: z.number().int() }),
  /** Overdue: still `new` (the first call owed) past its due time. */
  claims: z.strictObject({ new: z.number().int(), overdue: z.number().int() }),
}).meta({ id: 'QueueCountsView' });
export type QueueCountsView = z.infer<typeof queueCountsView>;

/** Of one decision's requests: how many there are, and how many were bought (their policy in force once, or paid). */
const decisionCount = z.strictObject({ requests: z.number().int(), bought: z.number().int() });
/** The quote requests per instant decision (docs/product.md#the-three-answers); older requests, with none, are not counted. */
export const decisionCountsView = z.strictObject({ instant: decisionCount, referred: decisionCount, declined: decisionCount }).meta({ id: 'DecisionCountsView' });
export type DecisionCountsView = z.infer<typeof decisionCountsView>;

/** A customer's own quote request on their dashboard (matched by their account's e-mail). */
export const myQuoteRequestView = quoteRequestView
  .pick({ reference: true, status: true, createdAt: true, product: true, offer: true, policyNumber: true })
  .extend({
    /** Who on staff recorded a phone acceptance stays on the server, as a request's assignee does. */
    offer: orNull(offerView.extend({ acceptance: orNull(acceptanceView.omit({ by: true })) })),
    /**
     * The Statement of Fact the customer confirms when accepting (docs/product.md#accepting-a-quote): the step 1 + step 2
     * answers labelled as the wizard asked them (as the Statement of Fact document reads them), while a price awaits
     * acceptance or was accepted and no policy is issued yet; null otherwise.
     */
    statementOfFact: orNull(z.array(z.object({ label: z.string(), text: z.string() }))),
    /**
     * Whether its price is an instant one that can be bought online ('Buy now', docs/product.md#paying-online): priced
     * on the rates when it was sent (not a price staff sent later), and a card provider set up. Whether the price still
     * stands is the offer's `validUntil`.
     */
    payOnline: z.boolean(),
  })
  .meta({ id: 'MyQuoteRequestView' });
export type MyQuoteRequestView = z.infer<typeof myQuoteRequestView>;

/** The quote wizard filled in from one of the caller's own policies (docs/product.md#asking-for-more-cover). */
export const renewalDraftView = z.strictObject({
  policyNumber: z.string(),
  product: z.enum(products),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  regNumber: z.string().nullable(),
  carModel: z.string(),
}).meta({ id: 'RenewalDraftView' });
export type RenewalDraftView = z.infer<typeof renewalDraftView>;

/** Issuing a policy answers the policy, its account, and whether that account was made (and invited) now. */
export const issuedPolicyView = z.strictObject({
  policy: policyView,
  user: z.strictObject({ id: z.number().int(), username: z.string(), email: z.string() }),
  invited: z.boolean(),
  /** The address is unconfirmed: the policy waits until the invitation is opened (docs/product.md#issuing-a-policy). */
  awaitingConfirmation: z.boolean(),
}).meta({ id: 'IssuedPolicyView' });
export type IssuedPolicyView = z.infer<typeof issuedPolicyView>;

export const adminStatsView = z.strictObject({
  totalUsers: z.number().int(),
  totalPolicies: z.number().int(),
  activePolicies: z.number().int(),
  /** Claims not closed (docs/product.md#reporting-a-claim). */
  pendingClaims: z.number().int(),
}).meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsView>;

/** Live and upcoming cover, named before staff delete the account (docs/product.md#admin-console). */
export const heldCoverView = z.strictObject({
  policies: z.array(
    policyView.pick({ id: true, policyNumber: true, product: true, status: true, startDate: true, startTime: true, endDate: true, endTime: true }),
  ),
}).meta({ id: 'HeldCoverView' });
export type HeldCoverView = z.infer<typeof heldCoverView>;

/** What anyone holding a certificate's QR code may learn (docs/product.md#certificates): no full name,
 * licence or policy number. Times are UK text naming GMT or BST. */
export const verificationView = z.strictObject({
  status: z.enum(['covered', 'starts', 'not-covered']),
  registration: z.string().nullable(),
  vehicle: z.string(),
  product: z.enum(products),
  startsAt: z.string(),
  endsAt: z.string(),
  holderInitials: z.string(),
  /** Set up in error and never in force (docs/product.md#cancelling-and-voiding): the page says so. */
  voided: z.boolean(),
}).meta({ id: 'VerificationView' });
export type VerificationView = z.infer<typeof verificationView>;

/** A page of a list: the tRPC list procedures answer this (REST sends the items, total in X-Total-Count). */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), total: z.number().int() });
export interface Page<T> {
  items: T[];
  total: number;
}

/** A searched list's page, its total a lower bound past the exact-count limit (docs/api.md#lists). */
export const boundedPageOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ totalIsLowerBound: z.boolean() });
export interface BoundedPage<T> extends Page<T> {
  totalIsLowerBound: boolean;
}

export const logPageView = boundedPageOf(logEntryView);
export type LogPage = BoundedPage<LogEntryView>;

/** One payment recorded against a policy (docs/product.md#payments): a refund is a negative amount. */
export const paymentView = z.strictObject({
  id: z.number().int(),
  amount: z.number(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  at: z.iso.datetime(),
  username: z.string(),
}).meta({ id: 'PaymentView' });
export type PaymentView = z.infer<typeof paymentView>;

/** A policy's payments, newest first, and what they come to against its premium (null when none is recorded). */
export const policyPaymentsView = z.strictObject({
  items: z.array(paymentView),
  paid: z.number(),
  premium: z.number().nullable(),
  /** What is still owed: premium less paid (negative when more was paid); null without a premium. */
  balance: z.number().nullable(),
}).meta({ id: 'PolicyPaymentsView' });
export type PolicyPaymentsView = z.infer<typeof policyPaymentsView>;

/** A payment recorded: the policy's payments and the policy as it now is, and whether this payment made it active. */
export const recordedPaymentView = z.strictObject({
  payments: policyPaymentsView,
  policy: policyView,
  activated: z.boolean(),
}).meta({ id: 'RecordedPaymentView' });
export type RecordedPaymentView = z.infer<typeof recordedPaymentView>;

/** The most of each list one view of a customer holds, newest first (docs/product.md#one-view-of-a-customer). */
export const CUSTOMER_LIST_LIMIT = 50;

/** A policy in one view of a customer: with what its payments come to (premium less paid; null without a premium). */
const customerPolicyView = policyView.extend({
  paid: z.number(),
  balance: z.number().nullable(),
});

/**
 * Staff's one view of a customer (docs/product.md#one-view-of-a-customer): the account, the contact details from their
 * requests, their requests, policies, claims, payments, notes, and the e-mails sent to them (subject, status and when: never a
 * body). Each list is its newest CUSTOMER_LIST_LIMIT.
 */
export const customerOverviewView = z.strictObject({
  account: userView,
  /** Phone numbers and postcodes they gave on their requests, most recent first, each once. */
  contact: z.strictObject({ phones: z.array(z.string()), postcodes: z.array(z.string()) }),
  quoteRequests: z.array(quoteRequestView.pick({ id: true, reference: true, status: true, createdAt: true, product: true, requestedStart: true, offer: true, policyNumber: true })),
  callbackRequests: z.array(callbackRequestView.pick({ id: true, reference: true, status: true, createdAt: true, reasonForContact: true, callbackDate: true })),
  policies: z.array(customerPolicyView),
  /** Their claims (docs/product.md#reporting-a-claim), newest first. */
  claims: z.array(claimView.pick({ id: true, reference: true, status: true, createdAt: true, policyNumber: true, kind: true, occurredAt: true, injuries: true, dueAt: true })),
  /** The payments of the policies listed, newest first, each naming its policy. */
  payments: z.array(paymentView.extend({ policyId: z.number().int(), policyNumber: z.string() })),
  /** Staff notes on the requests listed, newest first, each naming its request. */
  notes: z.array(requestNoteView.extend({ request: z.strictObject({ kind: z.enum(['quote', 'callback', 'claim']), reference: z.string() }) })),
  mails: z.array(z.strictObject({ id: z.number().int(), subject: z.string(), status: z.enum(['pending', 'sending', 'sent', 'logged', 'failed']), createdAt: z.iso.datetime(), sentAt: z.iso.datetime().nullable() })),
}).meta({ id: 'CustomerOverviewView' });
export type CustomerOverviewView = z.infer<typeof customerOverviewView>;
