// An admin's read of one record by the id in its path (GET /api/admin/…/{id}…), as several operations are.
import type { z } from 'zod';
import { idInput } from '../contract/schemas';
import type { Caller, Deps } from '../deps';
import { defineOperation } from './operation';
import type { Tag } from './tags';

/** What one such route says of itself; the admin tier, GET, the id parameter and its 400 and 404 are the same for all. */
interface AdminReadRoute {
  path: string;
  operationId: string;
  tags: [Tag];
  summary: string;
  description?: string;
  response: string;
}

/** The operation answering `read(deps, caller, id)` as `output`. */
export function defineAdminRead<Out, In>(output: z.ZodType<Out, In>, read: (deps: Deps, caller: Caller, id: number) => Promise<In>, rest: AdminReadRoute) {
  return defineOperation({
    tier: 'admin',
    input: idInput,
    output,
    handler: ({ deps, caller }, { id }) => read(deps, caller, id),
    rest: { method: 'get', ...rest, request: { params: idInput }, errors: [400, 404] },
  });
}
