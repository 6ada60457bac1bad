import type { Caller } from '../auth/caller';

/** What middleware puts on a Hono context for the handlers after it. */
export type AppEnv = {
  Variables: {
    requestId: string;
    caller: Caller;
    clientAddress: string;
  };
};
