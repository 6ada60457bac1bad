// Callback requests: the support page's form, and the staff queue (docs/product.md#staff-queues).
import { callbackInput } from '../../../contract/callback';
import { receivedReply } from '../../../contract/replies';
import { callbackRequestDetailView, callbackRequestView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { queueOperations } from '../queues/queue-operations';
import { callbackQueue, requestCallback } from './service';

/** callbacks.request: the support page's Request Callback form. */
export const callbackOperations = {
  request: defineOperation({
    tier: 'public',
    input: callbackInput,
    reply: receivedReply,
    handler: ({ deps, clientAddress }, input) => requestCallback(deps, input, clientAddress),
    rest: {
      method: 'post',
      path: '/callbacks',
      operationId: 'requestCallback',
      tags: ['Quote and callback requests'],
      summary: 'Ask for a callback',
      description: 'The support page’s form. A filled-in `website` field (a honeypot) answers as if stored and stores nothing.',
      status: 201,
      response: 'Received',
      errors: [429],
    },
  }),
};

export const adminCallbackOperations = queueOperations(
  {
    path: 'callbacks',
    tag: 'Admin: callback requests',
    item: 'CallbackRequest',
    note: 'Callback',
    listSummary: 'The callback queue',
    itemSummary: 'One callback request, with its notes',
    itemWord: 'request',
    listView: callbackRequestView,
    detailView: callbackRequestDetailView,
  },
  callbackQueue,
);
