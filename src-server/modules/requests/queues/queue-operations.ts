// The operations the two staff queues share (docs/product.md#staff-queues, docs/api.md#admin-audit-log-queues-and-report):
// list, open, change and annotate. Each feature's operations.ts names its queue, views and service functions.
import type { z } from 'zod';
import { queueListQuery, requestNoteByIdInput, requestNoteInput, requestUpdateByIdInput, requestUpdateInput, type QueueListQuery, type RequestUpdateInput } from '../../../contract/queues';
import { idInput } from '../../../contract/schemas';
import { pageOf, requestNoteView, type Page, type RequestNoteView } from '../../../contract/views';
import type { Caller, Deps } from '../../../deps';
import { defineOperation } from '../../../api/operation';
import type { Tag } from '../../../api/openapi-document';

export interface QueueNames<Item, Detail> {
  /** The path segment under /api/admin: 'quotes' or 'callbacks'. */
  path: string;
  tag: Tag;
  /** In operation ids: 'Quote' gives listQuoteRequests, getQuoteRequest, updateQuoteRequest, addQuoteNote. */
  noun: string;
  /** The item route's summary ('One quote request, with its answers and notes'). */
  itemSummary: string;
  listView: z.ZodType<Item>;
  detailView: z.ZodType<Detail>;
}

/** One queue's service functions (modules/requests/quotes/service.ts, modules/requests/callbacks/service.ts). */
export interface QueueServices<Item, Detail> {
  list(deps: Deps, caller: Caller, query: QueueListQuery): Promise<Page<Item>>;
  get(deps: Deps, caller: Caller, id: number): Promise<Detail>;
  update(deps: Deps, caller: Caller, id: number, input: RequestUpdateInput): Promise<Detail>;
  addNote(deps: Deps, caller: Caller, id: number, text: string): Promise<RequestNoteView>;
}

export function queueOperations<Item, Detail>(names: QueueNames<Item, Detail>, services: QueueServices<Item, Detail>) {
  const { path, tag, noun, itemSummary, listView, detailView } = names;
  return {
    list: defineOperation({
      tier: 'admin',
      input: queueListQuery,
      output: pageOf(listView),
      handler: ({ deps, caller }, query) => services.list(deps, caller, query),
      rest: {
        method: 'get',
        path: `/admin/${path}`,
        operationId: `list${noun}Requests`,
        tags: [tag],
        summary: `The ${noun.toLowerCase()} queue`,
        description: 'In due order (docs/api.md#lists); the total in X-Total-Count.',
        response: 'A page of the queue',
        list: true,
      },
    }),
    get: defineOperation({
      tier: 'admin',
      input: idInput,
      output: detailView,
      handler: ({ deps, caller }, { id }) => services.get(deps, caller, id),
      rest: {
        method: 'get',
        path: `/admin/${path}/{id}`,
        operationId: `get${noun}Request`,
        tags: [tag],
        summary: itemSummary,
        request: { params: idInput },
        response: 'The request',
        errors: [400, 404],
      },
    }),
    update: defineOperation({
      tier: 'admin',
      input: requestUpdateByIdInput,
      output: detailView,
      handler: ({ deps, caller }, { id, ...change }) => services.update(deps, caller, id, change),
      rest: {
        method: 'put',
        path: `/admin/${path}/{id}`,
        operationId: `update${noun}Request`,
        tags: [tag],
        summary: 'Change its status or assignee',
        description: 'Each real change is written to the audit log.',
        request: { params: idInput, body: requestUpdateInput },
        response: 'The request as changed',
        errors: [404],
      },
    }),
    addNote: defineOperation({
      tier: 'admin',
      input: requestNoteByIdInput,
      output: requestNoteView,
      handler: ({ deps, caller }, { id, text }) => services.addNote(deps, caller, id, text),
      rest: {
        method: 'post',
        path: `/admin/${path}/{id}/notes`,
        operationId: `add${noun}Note`,
        tags: [tag],
        summary: 'Add a staff note',
        request: { params: idInput, body: requestNoteInput },
        status: 201,
        response: 'The note',
        errors: [404],
      },
    }),
  };
}
