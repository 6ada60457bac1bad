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

export interface QuoteDraft {
  personal?: DraftValues;
  vehicle?: DraftValues;
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
    const raw = JSON.parse(text) as { personal?: unknown; vehicle?: unknown } | null;
    const draft: QuoteDraft = {};
    const personal = strings(raw?.personal);
    const vehicle = strings(raw?.vehicle);
    if (personal) draft.personal = personal;
    if (vehicle) draft.vehicle = vehicle;
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
