// The Claims queue's inputs (docs/product.md#staff-queues): as the other queues', with the claim's statuses. Apart
// from contract/claim.ts, which views.ts reads, so the queues' contract and the views never import each other.
import { z } from 'zod';
import { CLAIM_PHOTOS_MAX, claimStatuses, type ClaimStatus } from './claim';
import { noChangeMessage } from './queues';
import { idParam, listQuery, type ListQuery } from './schemas';

/** Every status but closed: claims staff still have work on. */
export const claimOpenStatuses = ['new', 'contacted', 'passed-to-insurer'] as const satisfies readonly ClaimStatus[];
/** The statuses in which the first call is still owed: only these can be overdue (docs/product.md#staff-queues). */
export const claimOwedStatuses = ['new'] as const satisfies readonly ClaimStatus[];
export const isClaimCallOwed = (status: ClaimStatus): boolean => (claimOwedStatuses as readonly ClaimStatus[]).includes(status);

/** What the Claims queue can be narrowed to: `open` (not closed), `overdue` (new and past due) or one status. */
export const claimFilters = ['open', 'overdue', ...claimStatuses] as const;
export type ClaimFilter = (typeof claimFilters)[number];

export const claimListQuery = listQuery.extend({
  // A blank ?status= is no filter, as a blank ?search= is no search.
  status: z
    .union([z.enum(claimFilters), z.literal('')], { error: `status must be one of: ${claimFilters.join(', ')}` })
    .optional()
    .transform((v) => v || undefined),
});
export type ClaimListQuery = ListQuery & { status?: ClaimFilter | undefined };

const claimUpdateFields = {
  status: z.enum(claimStatuses, { error: `Status must be one of: ${claimStatuses.join(', ')}` }).optional(),
  assigneeId: z.union([idParam, z.null()], { error: 'assigneeId must be a staff account id or null' }).optional(),
};
const changesSomething = (v: { status?: unknown; assigneeId?: unknown }) => v.status !== undefined || v.assigneeId !== undefined;

/** A change to a claim's status, its assignee (null unassigns), or both; leaving both out is refused. */
export const claimUpdateInput = z.object(claimUpdateFields).refine(changesSomething, { message: noChangeMessage });
/** The same with the claim's id (tRPC). */
export const claimUpdateByIdInput = z.object({ id: idParam, ...claimUpdateFields }).refine(changesSomething, { message: noChangeMessage });
export type ClaimUpdateInput = z.infer<typeof claimUpdateInput>;

/** One photo of a claim, full size or as the queue's thumbnail. */
export const claimPhotoParams = z.object({
  id: idParam,
  position: z.coerce.number({ error: 'position must be a whole number from 1 to 10' }).int('position must be a whole number from 1 to 10').min(1, 'position must be a whole number from 1 to 10').max(CLAIM_PHOTOS_MAX, 'position must be a whole number from 1 to 10'),
});
export const claimPhotoQuery = z.object({
  size: z.enum(['full', 'thumb'], { error: 'size must be full or thumb' }).optional().meta({ description: '`thumb`: the queue\'s small copy (longest side 320 px); `full` (the default): the photo as stored' }),
});
