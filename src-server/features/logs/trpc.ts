import { clientLogInput, listQuery } from '../../contract/schemas';
import { logEntryView, logPageView } from '../../contract/views';
import { adminProcedure, router } from '../../trpc/init';
import { addClientLog, listLogs } from './service';

export const adminLogsRouter = router({
  list: adminProcedure.input(listQuery).output(logPageView).query(({ ctx, input }) => listLogs(ctx.deps, ctx.caller, input)),
  add: adminProcedure.input(clientLogInput).output(logEntryView).mutation(({ ctx, input }) => addClientLog(ctx.deps, ctx.caller, input)),
});
