// The owner's rate versions (docs/product.md#rates): listed whole, and a new one from the same JSON.
import { rateVersionBody, rateVersionsView, rateVersionView } from '../../../contract/rates';
import { defineOperation } from '../../../api/operation';
import { createRateVersion, listRateVersions } from './service';

const TAG = 'Admin: rates';

export const rateOperations = {
  list: defineOperation({
    tier: 'owner',
    output: rateVersionsView,
    handler: ({ deps, caller }) => listRateVersions(deps, caller),
    rest: {
      method: 'get',
      path: '/admin/rates',
      operationId: 'listRateVersions',
      tags: [TAG],
      summary: 'Every rate version, newest first',
      description: 'Each version whole: its rates as JSON, when it takes effect and whether it is `live`, `scheduled` or `past`. Owners only.',
      response: 'The versions',
    },
  }),
  create: defineOperation({
    tier: 'owner',
    input: rateVersionBody,
    output: rateVersionView,
    handler: ({ deps, caller }, input) => createRateVersion(deps, caller, input),
    rest: {
      method: 'post',
      path: '/admin/rates',
      operationId: 'createRateVersion',
      tags: [TAG],
      summary: 'A new rate version',
      description:
        'The same JSON as a version from GET (its `id`, `status` and times are ignored): `name`, `rates` and, optionally, `effectiveFrom` ' +
        '(ISO 8601, now or later; now when left out). A version is never changed once written: send a new one. Owners only; logged. ' +
        'A wrong field of the rates is named in `fieldErrors` by its whole path, such as `rates.base.temporary.1.upToHours`.',
      status: 201,
      response: 'The version saved',
      errors: [400],
    },
  }),
};
