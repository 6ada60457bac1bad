// The answers a claim keeps as JSON (claims.answers): the parties and details a report may or may not have.
import type { ClaimInput } from '../../../contract/claim';
import type { ClaimDetailView } from '../../../contract/views';

export type ClaimAnswers = Pick<ClaimDetailView, 'otherVehicles' | 'witnesses' | 'injuryDetails' | 'policeReference'>;

/** The report's answers as stored: what was left blank is null, so every stored claim reads alike. */
export function answersOf(input: ClaimInput): ClaimAnswers {
  return {
    otherVehicles: input.otherVehicles.map((v) => ({
      registration: v.registration ?? null,
      driverName: v.driverName ?? null,
      contact: v.contact ?? null,
      insurer: v.insurer ?? null,
    })),
    witnesses: input.witnesses.map((w) => ({ name: w.name ?? null, contact: w.contact ?? null })),
    // Given only when someone was hurt: details typed and then "No" chosen are not kept.
    injuryDetails: input.injuries ? (input.injuryDetails ?? null) : null,
    policeReference: input.policeReference ?? null,
  };
}

const none: ClaimAnswers = { otherVehicles: [], witnesses: [], injuryDetails: null, policeReference: null };

/** The stored answers; a row written by hand that is not such JSON reads as no answers rather than failing the page. */
export function parseAnswers(text: string): ClaimAnswers {
  try {
    const parsed = JSON.parse(text) as Partial<ClaimAnswers> | null;
    return { ...none, ...parsed };
  } catch {
    return none;
  }
}
