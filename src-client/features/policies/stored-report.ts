// A claim report as the phone keeps it (docs/product.md#reporting-a-claim): the answers as typed, its photos, where
// it stands in the outbox (outbox.ts), and the draft of it that claimInput reads.
import type { ClaimDraft, ClaimKind } from '@server/contract/claim';
import { ukLocalToEpoch } from '@server/contract/time';

// Type aliases, not interfaces: an entry passes as a record of text fields (claim-parties.tsx).
export type OtherVehicleAnswers = {
  registration: string;
  driverName: string;
  contact: string;
  insurer: string;
};

export type WitnessAnswers = {
  name: string;
  contact: string;
};

export interface Coordinates {
  latitude: number;
  longitude: number;
  accuracy?: number | undefined;
}

/** The form's answers as typed (text fields as text), the shape kept on the phone. */
export interface ClaimAnswers {
  policyNumber: string;
  kind: ClaimKind | '';
  /** UK local time as a datetime-local field holds it: YYYY-MM-DDTHH:mm. */
  occurredAt: string;
  location: string;
  coordinates: Coordinates | null;
  description: string;
  phone: string;
  otherVehicles: OtherVehicleAnswers[];
  witnesses: WitnessAnswers[];
  injuries: '' | 'yes' | 'no';
  injuryDetails: string;
  policeReference: string;
}

export interface OutboxPhoto {
  /** Made on the phone, for the list's keys and removal. */
  id: string;
  /** The shrunk JPEG (photo.ts). */
  blob: Blob;
  width: number;
  height: number;
  /** When the photo was taken, if the phone knows (the file's date). */
  takenAt?: string | undefined;
}

/** 'draft': being typed; 'queued': sent by the customer, waiting for the server; 'refused': the server said no (4xx, or its limits). */
export type ReportState = 'draft' | 'queued' | 'refused';

export interface Refusal {
  /** 429: the account's or the policy's limits for a day (isLimitRefusal). */
  status: number;
  message: string;
  /** The server's field messages, by field name (as docs/api.md#errors gives them). */
  fieldErrors: Record<string, string[]>;
}

export interface StoredReport {
  clientId: string;
  userId: number;
  state: ReportState;
  /** epoch ms */
  startedAt: number;
  updatedAt: number;
  answers: ClaimAnswers;
  photos: OutboxPhoto[];
  refusal?: Refusal | undefined;
}

export const emptyAnswers = (occurredAt: string, phone = ''): ClaimAnswers => ({
  policyNumber: '',
  kind: '',
  occurredAt,
  location: '',
  coordinates: null,
  description: '',
  phone,
  otherVehicles: [],
  witnesses: [],
  injuries: '',
  injuryDetails: '',
  policeReference: '',
});

/** A datetime-local value (UK local time) as an instant with its offset, or the text as typed when unreadable. */
export function occurredAtInstant(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!m) return local;
  const ms = ukLocalToEpoch(m[1]!, m[2]!);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : local;
}

/** The report as claimInput reads it, with each photo's base64 (made by `photoData`). */
export function draftOf(report: Pick<StoredReport, 'clientId' | 'answers'>, photos: ClaimDraft['photos']): ClaimDraft {
  const a = report.answers;
  return {
    clientId: report.clientId,
    policyNumber: a.policyNumber,
    kind: a.kind as ClaimKind,
    occurredAt: occurredAtInstant(a.occurredAt),
    location: a.location,
    coordinates: a.coordinates,
    description: a.description,
    phone: a.phone,
    photos,
    otherVehicles: a.otherVehicles,
    witnesses: a.witnesses,
    // Unanswered stays unanswered, so the schema says 'Say whether anyone was hurt'.
    injuries: (a.injuries === '' ? undefined : a.injuries === 'yes') as boolean,
    injuryDetails: a.injuries === 'yes' ? a.injuryDetails : undefined,
    policeReference: a.policeReference,
  };
}

/** Whether the server refused the report for the day's limits (docs/product.md#reporting-a-claim): the claims line takes it. */
export const isLimitRefusal = (refusal: Refusal): boolean => refusal.status === 429;

/** Whether a draft holds anything the customer typed or added (the time and phone are filled in for them). */
export function hasContent(report: Pick<StoredReport, 'answers' | 'photos'>): boolean {
  const a = report.answers;
  return (
    report.photos.length > 0 ||
    a.policyNumber !== '' ||
    a.kind !== '' ||
    a.location.trim() !== '' ||
    a.coordinates !== null ||
    a.description.trim() !== '' ||
    a.otherVehicles.length > 0 ||
    a.witnesses.length > 0 ||
    a.injuries !== '' ||
    a.policeReference.trim() !== ''
  );
}
