// The claim report's checks (docs/product.md#reporting-a-claim): the same schema the server uses (contract/claim.ts
// claimInput) over the form's values, and the time fields as the form holds them.
import { z } from 'zod';
import { claimInput } from '@server/contract/claim';
import { epochToUkLocal } from '@server/contract/time';
import { draftOf, type ClaimAnswers, type OutboxPhoto } from './stored-report';

/** The form's values: the answers as typed, and the photos as kept on the phone. */
export type ClaimValues = ClaimAnswers & { photos: OutboxPhoto[] };

/** Now, as a datetime-local field holds it in UK time. */
export function nowLocal(now = Date.now()): string {
  const { date, time } = epochToUkLocal(now);
  return `${date}T${time}`;
}

/**
 * The report `clientId` as claimInput reads it, its messages by field path ('location', 'otherVehicles.0',
 * 'otherVehicles.0.registration'). Photos are checked for their number here; their bytes are the server's to judge.
 */
export const claimForm = (clientId: string) =>
  z.preprocess((values: ClaimValues) => draftOf({ clientId, answers: values }, values.photos.map(() => ({ data: 'AA==' }))), claimInput);
