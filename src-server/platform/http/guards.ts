import type { MiddlewareHandler } from 'hono';
import type { ResolveCaller } from '../auth/caller';
import type { Clock } from '../clock';
import { assertAdminRights } from '../auth/permissions';
import { messages } from '../../contract/messages';
import { UnauthenticatedError } from '../../errors';
import type { AppEnv } from './context';

/** 401 unless a valid, unrevoked token for a live account comes with the request. */
export function requireCaller(resolve: ResolveCaller, clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await resolve(c.req.header('authorization'), clock.now());
    if (!result.caller) throw new UnauthenticatedError(messages.unauthenticated);
    c.set('caller', result.caller);
    await next();
  };
}

/** After requireCaller: 403 for anyone but an admin or owner. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAdminRights(c.get('caller'));
  await next();
};
