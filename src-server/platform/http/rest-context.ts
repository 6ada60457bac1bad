import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from './context';

/** What every REST sub-app is built from. */
export interface RestContext {
  deps: Deps;
  /** 401 without a valid session; sets c.var.caller. */
  requireCaller: MiddlewareHandler<AppEnv>;
}
