// The wizard's saved data (docs/product.md#quote-wizard) under one session-storage key. Kept free of zod: step 2's
// route guard imports it into the main chunk.
import { QUOTE_DRAFT_KEY } from '../../lib/stored-state';

/** Step 1's fields (docs/product.md#step-1-personal-details), in form order: the product comes first. */
export const PERSONAL_FIELDS = ['product', 'firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'address', 'postcode'] as const;

/**
 * Every field step 1 may ask, in form order: the core ones above, the driving licence, then those only one product
 * asks (a learner's supervising driver, business cover's work), which the draft keeps across a change of product.
 */
export const STEP1_FIELDS = [
  ...PERSONAL_FIELDS,
  'licenceType',
  'licenceNumber',
  'licenceYears',
  'supervisorName',
  'supervisorAge',
  'supervisorLicenceYears',
  'occupation',
  'businessName',
  'businessNature',
] as const;

export type DraftValues = Record<string, string>;

/**
 * The request last sent from this tab and the server's answer (docs/product.md#step-3-your-price): step 3 shows it
 * again after a reload or a return from the purchase's steps, and 'Price again' sends the same answers. Its outcome is
 * read with the contract's schema where it is shown.
 */
export interface SubmittedQuote {
  reference: string;
  outcome: unknown;
  answers: Record<string, unknown>;
}

export interface QuoteDraft {
  personal?: DraftValues;
  vehicle?: DraftValues;
  submitted?: SubmittedQuote;
}

// Where session storage is refused (some private modes), the draft lives as long as the page.
let memoryDraft: QuoteDraft = {};

const strings = (v: unknown): DraftValues | undefined => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

export function readQuoteDraft(): QuoteDraft {
  try {
    const text = sessionStorage.getItem(QUOTE_DRAFT_KEY);
    if (text === null) return {};
    const raw = JSON.parse(text) as { personal?: unknown; vehicle?: unknown; submitted?: unknown } | null;
    const draft: QuoteDraft = {};
    const personal = strings(raw?.personal);
    const vehicle = strings(raw?.vehicle);
    if (personal) draft.personal = personal;
    if (vehicle) draft.vehicle = vehicle;
    const submitted = submittedOf(raw?.submitted);
    if (submitted) draft.submitted = submitted;
    return draft;
  } catch {
    return memoryDraft;
  }
}

function writeQuoteDraft(draft: QuoteDraft): void {
  memoryDraft = draft;
  try {
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused or full: the in-memory copy carries the wizard through this page's life.
  }
}

function submittedOf(v: unknown): SubmittedQuote | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const { reference, outcome, answers } = v as Record<string, unknown>;
  if (typeof reference !== 'string' || !answers || typeof answers !== 'object') return undefined;
  return { reference, outcome, answers: answers as Record<string, unknown> };
}

/** The request just sent and its answer; the answers typed stay too, so going back and on prices them again. */
export const saveSubmittedQuote = (submitted: SubmittedQuote) => writeQuoteDraft({ ...readQuoteDraft(), submitted });

/** The request last sent from this tab, when it is the one named (step 3's reference). */
export function submittedQuote(reference: string): SubmittedQuote | undefined {
  const submitted = readQuoteDraft().submitted;
  return submitted?.reference === reference ? submitted : undefined;
}

export const savePersonalDetails = (personal: DraftValues) => writeQuoteDraft({ ...readQuoteDraft(), personal });
export const saveVehicleDetails = (vehicle: DraftValues) => writeQuoteDraft({ ...readQuoteDraft(), vehicle });

export function clearQuoteDraft(): void {
  memoryDraft = {};
  try {
    sessionStorage.removeItem(QUOTE_DRAFT_KEY);
  } catch {
    // nothing stored
  }
}

/** Whether step 1 was completed: step 2 sends anyone without it back (docs/product.md#step-2-your-vehicle). */
export function hasPersonalDetails(): boolean {
  const personal = readQuoteDraft().personal;
  return !!personal && PERSONAL_FIELDS.every((f) => (personal[f] ?? '').trim() !== '');
}

/** Only string values: what the form controls hold (numbers from a number input are kept as their text). */
export function draftValuesOf(values: Record<string, unknown>): DraftValues {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      .map(([k, v]) => [k, String(v)]),
  );
}
