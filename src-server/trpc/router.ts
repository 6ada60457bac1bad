import { accountRouter } from '../features/account/trpc';
import { callbacksRouter } from '../features/callbacks/trpc';
import { adminLogsRouter } from '../features/logs/trpc';
import { passwordResetRouter } from '../features/password-reset/trpc';
import { adminPoliciesRouter, customerPoliciesRouter } from '../features/policies/trpc';
import { quotesRouter } from '../features/quotes/trpc';
import { adminCallbacksRouter, adminQuotesRouter } from '../features/requests/trpc';
import { statsProcedure } from '../features/stats/trpc';
import { adminUsersRouter } from '../features/users/trpc';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  account: accountRouter,
  passwordReset: passwordResetRouter,
  callbacks: callbacksRouter,
  quotes: quotesRouter,
  policies: customerPoliciesRouter,
  admin: router({
    stats: statsProcedure,
    users: adminUsersRouter,
    policies: adminPoliciesRouter,
    logs: adminLogsRouter,
    quotes: adminQuotesRouter,
    callbacks: adminCallbacksRouter,
  }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
