// Who a queue's request can be assigned to (docs/product.md#staff-queues).
import { z } from 'zod';
import { staffRefView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { listStaff } from './queue';

export const staffOperation = defineOperation({
  tier: 'admin',
  output: z.array(staffRefView),
  handler: ({ deps, caller }) => listStaff(deps, caller),
  rest: {
    method: 'get',
    path: '/admin/staff',
    operationId: 'listStaff',
    tags: ['Admin: users'],
    summary: 'Who a request can be assigned to',
    description: 'The admin and owner accounts, by username.',
    response: 'The staff',
  },
});
