import { z } from 'zod';
import { staffRefView } from '../../contract/views';
import { adminProcedure } from '../../trpc/init';
import { listStaff } from '../request-queue';

/** admin.staff: the admins and owners a queue's request can be assigned to (docs/product.md#staff-queues). */
export const staffProcedure = adminProcedure.output(z.array(staffRefView)).query(({ ctx }) => listStaff(ctx.deps, ctx.caller));
