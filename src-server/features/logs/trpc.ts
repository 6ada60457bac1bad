import { clientLogInput, listQuery } from '../../contract/schemas';
import { adminProcedure, router } from '../../trpc/init';
import { addClientLog, listLogs } from './service';

export const adminLogsRouter = router({
  list: adminProcedure.input(listQuery).query(({ ctx, input }) => listLogs(ctx.deps, input)),
  add: adminProcedure.input(clientLogInput).mutation(({ ctx, input }) => addClientLog(ctx.deps, ctx.caller, input)),
});
