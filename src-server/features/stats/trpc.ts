import { adminProcedure } from '../../trpc/init';
import { getStats } from './service';

export const statsProcedure = adminProcedure.query(({ ctx }) => getStats(ctx.deps));
