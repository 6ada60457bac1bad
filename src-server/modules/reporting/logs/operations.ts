// The audit log, for staff (docs/product.md#audit-log).
import { LOG_SEARCH_EXACT_TOTAL } from '../../../contract/limits';
import { clientLogInput, listQuery } from '../../../contract/schemas';
import { logEntryView, logPageView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { addClientLog, listLogs } from './service';

const TAG = 'Admin: audit log';

export const adminLogOperations = {
  list: defineOperation({
    tier: 'admin',
    input: listQuery,
    output: logPageView,
    handler: ({ deps, caller }, query) => listLogs(deps, caller, query),
    rest: {
      method: 'get',
      path: '/admin/logs',
      operationId: 'listLogEntries',
      tags: [TAG],
      summary: 'The audit log',
      description: `Newest first. A search's total past ${LOG_SEARCH_EXACT_TOTAL.toLocaleString('en-GB')} is a lower bound (docs/api.md#lists).`,
      response: 'A page of entries',
      list: true,
    },
  }),
  add: defineOperation({
    tier: 'admin',
    input: clientLogInput,
    output: logEntryView,
    handler: ({ deps, caller }, input) => addClientLog(deps, caller, input),
    rest: {
      method: 'post',
      path: '/admin/logs',
      operationId: 'addLogEntry',
      tags: [TAG],
      summary: 'Write an entry',
      description: 'Recorded under the caller; `info` or `warning` (the `error` level is the server’s alone).',
      status: 201,
      response: 'The entry',
    },
  }),
};
