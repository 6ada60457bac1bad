import { accountRouter } from '../features/account/trpc';
import { adminCallbacksRouter, callbacksRouter } from '../features/callbacks/trpc';
import { adminLogsRouter } from '../features/logs/trpc';
import { passwordResetRouter } from '../features/password-reset/trpc';
import { adminPoliciesRouter, customerPoliciesRouter } from '../features/policies/trpc';
import { adminQuotesRouter, quotesRouter } from '../features/quotes/trpc';
import { staffProcedure } from '../features/staff/trpc';
import { queueCountsProcedure, statsProcedure } from '../features/stats/trpc';
import { adminUsersRouter } from '../features/users/trpc';
import { verifyRouter } from '../features/verify/trpc';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  account: accountRouter,
  passwordReset: passwordResetRouter,
  callbacks: callbacksRouter,
  quotes: quotesRouter,
  policies: customerPoliciesRouter,
  verify: verifyRouter,
  admin: router({
    stats: statsProcedure,
    queueCounts: queueCountsProcedure,
    staff: staffProcedure,
    users: adminUsersRouter,
    policies: adminPoliciesRouter,
    logs: adminLogsRouter,
    quotes: adminQuotesRouter,
    callbacks: adminCallbacksRouter,
  }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
