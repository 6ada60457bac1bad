// The operations every staff queue has (docs/product.md#staff-queues, docs/api.md#admin-audit-log-queues-and-report):
// list, open, change and annotate, each calling queue.ts on the feature's queue. Each feature's operations.ts names its
// queue, its inputs (contract/queues.ts queueInputs) and views.
import type { z } from 'zod';
import { queueInputs, requestNoteByIdInput, requestNoteInput, type QueueKind } from '../../../contract/queues';
import { idInput } from '../../../contract/schemas';
import { pageOf, requestNoteView, type Page, type RequestNoteView } from '../../../contract/views';
import { defineAdminRead } from '../../../api/admin-read';
import { defineOperation, type Operation } from '../../../api/operation';
import type { Tag } from '../../../api/tags';
import { addQueueNote, getQueueItem, listQueue, updateQueueItem, type Queue, type QueueRequest, type QueueRow } from './queue';

export interface QueueNames<K extends QueueKind, Item, Detail> {
  /** The path segment under /api/admin, and the queue's inputs in contract/queues.ts queueInputs. */
  path: K;
  tag: Tag;
  /**
   * In operation ids: item 'QuoteRequest' and note 'Quote' give listQuoteRequests, getQuoteRequest, updateQuoteRequest
   * and addQuoteNote; 'Claim' and 'Claim' give listClaims, getClaim, updateClaim and addClaimNote.
   */
  item: string;
  note: string;
  /** The list route's summary ('The quote queue'). */
  listSummary: string;
  /** The item route's summary ('One quote request, with its answers and notes'). */
  itemSummary: string;
  /** How the replies name one item: 'request' or 'claim'. */
  itemWord: string;
  listView: z.ZodType<Item>;
  detailView: z.ZodType<Detail>;
}

type Inputs<K extends QueueKind> = (typeof queueInputs)[K];

/** Queue K's operations, each with that queue's own inputs as the table and tRPC's types carry them (api/trpc.ts). */
export type QueueOperations<K extends QueueKind, Item, Detail> = {
  list: Operation<'query', z.input<Inputs<K>['list']>, Page<Item>>;
  get: Operation<'query', z.input<typeof idInput>, Detail>;
  update: Operation<'mutation', z.input<Inputs<K>['updateById']>, Detail>;
  addNote: Operation<'mutation', z.input<typeof requestNoteByIdInput>, RequestNoteView>;
};

/** Queue K's operations on `queue` (modules/requests/quotes/service.ts, callbacks/service.ts, claims/queue.ts). */
export function queueOperations<K extends QueueKind, Row extends QueueRow<QueueRequest>, Item, Detail>(
  names: QueueNames<K, Item, Detail>,
  queue: Queue<Row, Item, Detail>,
): QueueOperations<K, Item, Detail> {
  const inputs = queueInputs[names.path];
  const { path, tag, item, note, listSummary, itemSummary, itemWord, listView, detailView } = names;
  const operations = {
    list: defineOperation({
      tier: 'admin',
      input: inputs.list,
      output: pageOf(listView),
      handler: ({ deps, caller }, query) => listQueue(deps, queue, caller, query),
      rest: {
        method: 'get',
        path: `/admin/${path}`,
        operationId: `list${item}s`,
        tags: [tag],
        summary: listSummary,
        description: 'In due order (docs/api.md#lists); the total in X-Total-Count.',
        response: 'A page of the queue',
        list: true,
      },
    }),
    get: defineAdminRead(detailView, (deps, caller, id) => getQueueItem(deps, queue, caller, id), {
      path: `/admin/${path}/{id}`,
      operationId: `get${item}`,
      tags: [tag],
      summary: itemSummary,
      response: `The ${itemWord}`,
    }),
    update: defineOperation({
      tier: 'admin',
      input: inputs.updateById,
      output: detailView,
      handler: ({ deps, caller }, { id, ...change }) => updateQueueItem(deps, queue, caller, id, change),
      rest: {
        method: 'put',
        path: `/admin/${path}/{id}`,
        operationId: `update${item}`,
        tags: [tag],
        summary: 'Change its status or assignee',
        description: 'Each real change is written to the audit log.',
        request: { params: idInput, body: inputs.update },
        response: `The ${itemWord} as changed`,
        errors: [404],
      },
    }),
    addNote: defineOperation({
      tier: 'admin',
      input: requestNoteByIdInput,
      output: requestNoteView,
      handler: ({ deps, caller }, { id, text }) => addQueueNote(deps, queue, caller, id, text),
      rest: {
        method: 'post',
        path: `/admin/${path}/{id}/notes`,
        operationId: `add${note}Note`,
        tags: [tag],
        summary: 'Add a staff note',
        request: { params: idInput, body: requestNoteInput },
        status: 201,
        response: 'The note',
        errors: [404],
      },
    }),
  };
  // defineOperation reads K's inputs as every queue's at once: the type each queue's callers see is K's own.
  return operations as QueueOperations<K, Item, Detail>;
}
