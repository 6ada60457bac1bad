// The console's three staff queues (docs/product.md#staff-queues): quote and callback requests share their statuses
// (contract/views.ts requestStatuses), claims have their own (contract/claim.ts); contract/queues.ts names each
// queue's. What differs between them is here, so the table, the opened item, its status form and notes serve all three.
import { claimStatuses, claimStatusLabels, type ClaimStatus } from '@server/contract/claim';
import { queueStatuses as statusesOf, type ClaimFilter, type QueueFilter, type QueueKind, type QueueStatusOf } from '@server/contract/queues';

export type ConsoleQueue = QueueKind;
export type QueueStatus = QueueStatusOf<ConsoleQueue>;
export type ConsoleQueueFilter = QueueFilter | ClaimFilter;

const isClaimStatus = (status: string): status is ClaimStatus => claimStatuses.some((s) => s === status);

/** A status as staff read it: a request's as stored ('new'), a claim's by its label ('With the insurer'). */
export function statusLabel(kind: ConsoleQueue, status: QueueStatus): string {
  return kind === 'claims' && isClaimStatus(status) ? claimStatusLabels[status] : status;
}

/** Each queue's statuses in their order, for the status select and the 'Show' filter. */
export const queueStatuses = <K extends ConsoleQueue>(kind: K): readonly QueueStatusOf<K>[] => statusesOf[kind];

/** The words each queue uses of its items; `noun` names the item in a notice ('Request updated') or a failure. */
export const queueWords: Record<ConsoleQueue, { title: string; item: string; plural: string; noun: 'Request' | 'Claim' }> = {
  quotes: { title: 'Quote requests', item: 'Quote request', plural: 'requests', noun: 'Request' },
  callbacks: { title: 'Callback requests', item: 'Callback request', plural: 'requests', noun: 'Request' },
  claims: { title: 'Claims', item: 'Claim', plural: 'claims', noun: 'Claim' },
};
