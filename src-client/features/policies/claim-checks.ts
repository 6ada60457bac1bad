// The claim report's checks (docs/product.md#reporting-a-claim): the same schema the server uses (contract/claim.ts
// claimInput), its messages and the server's by field path, and the time fields as the form holds them.
import { claimInput } from '@server/contract/claim';
import { epochToUkLocal } from '@server/contract/time';
import { draftOf, type StoredReport } from './outbox';

export type Errors = Record<string, string>;

/** Now, as a datetime-local field holds it in UK time. */
export function nowLocal(now = Date.now()): string {
  const { date, time } = epochToUkLocal(now);
  return `${date}T${time}`;
}

/** The schema's messages by field path ('location', 'otherVehicles.0', 'otherVehicles.0.registration'). */
export function errorsOf(report: Pick<StoredReport, 'clientId' | 'answers' | 'photos'>): Errors {
  // Photos are checked for their number here; their bytes are the server's to judge.
  const result = claimInput.safeParse(draftOf(report, report.photos.map(() => ({ data: 'AA==' }))));
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field messages (by top-level field) as the form shows them. */
export function serverErrors(fieldErrors: Record<string, string[]>): Errors {
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(fieldErrors)) if (messages[0]) errors[field] = messages[0];
  return errors;
}

