import { z } from 'zod';
import { staffRefView } from '../../contract/views';
import { defineRoute, jsonAnswer, restApp, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { listStaff } from '../request-queue';

const staffRoute = defineRoute({
  method: 'get',
  path: '/staff',
  operationId: 'listStaff',
  tags: ['Admin: users'],
  summary: 'Who a request can be assigned to',
  description: 'The admin and owner accounts, by username.',
  access: 'admin',
  responses: { 200: jsonAnswer('The staff', z.array(staffRefView)) },
});

/** /api/admin/staff: who a queue's request can be assigned to (admin guard applied by the caller). */
export function adminStaffRoutes({ deps }: RestContext) {
  return serve(restApp(), staffRoute, async (c) => c.json(await listStaff(deps, c.get('caller'))));
}
