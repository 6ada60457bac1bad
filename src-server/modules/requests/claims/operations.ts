// Claims (docs/product.md#reporting-a-claim): the customer's report from the phone and their list, the staff queue,
// and a claim's photos (REST alone: they are files).
import { z } from 'zod';
import { CLAIM_BODY_MAX_BYTES, claimInput, claimMessages } from '../../../contract/claim';
import { claimPhotoParams, claimPhotoQuery } from '../../../contract/queues';
import { claimDetailView, claimView, myClaimView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { queueOperations } from '../queues/queue-operations';
import { claimLimitAnswer, inputErrorAnswer } from '../../../platform/http/errors';
import { claimPhoto, claimQueue } from './queue';
import { myClaims, reportClaim } from './service';

const TAG = 'Claims';
const ADMIN_TAG = 'Admin: claims';

export const claimOperations = {
  report: defineOperation({
    tier: 'customer',
    input: claimInput,
    output: myClaimView,
    handler: ({ deps, caller }, input) => reportClaim(deps, caller, input),
    // Up to ten photos as base64: far past the API's 100 KB.
    bodyLimit: {
      maxBytes: CLAIM_BODY_MAX_BYTES,
      message: claimMessages.bodyTooLarge,
      description: `The body is over ${+(CLAIM_BODY_MAX_BYTES / 1024 / 1024).toFixed(2)} MB (ten photos of 3 MB, as base64, and the answers; 100 KB without a valid session), or a photo over 3 MB once decoded (\`details\` names it: \`photos.0\` is the first)`,
    },
    rest: {
      method: 'post',
      path: '/user/claims',
      operationId: 'reportClaim',
      tags: [TAG],
      summary: 'Report a claim on one of the caller\'s own policies',
      description:
        'Stored once per `clientId` (made on the phone): the same report sent again answers the claim already stored. Photos must be JPEG, ' +
        'PNG or WebP by their bytes; each is re-encoded with only the time taken kept (docs/product.md#reporting-a-claim). ' +
        'At most 5 reports and 60 MB of photos (as stored) per account, and 3 reports per policy, in 24 hours: over them, 429 with ' +
        '`details.code` `claim_limit`; a report sent again is never refused by them.',
      status: 201,
      response: 'The claim, with its reference',
      errors: [400, 404, 413, 429],
      errorBodies: { 413: inputErrorAnswer, 429: claimLimitAnswer },
    },
  }),
  mine: defineOperation({
    tier: 'customer',
    output: z.array(myClaimView),
    handler: ({ deps, caller }) => myClaims(deps, caller),
    rest: {
      method: 'get',
      path: '/user/claims',
      operationId: 'listMyClaims',
      tags: [TAG],
      summary: "The caller's claims, newest first",
      response: 'The claims',
    },
  }),
};

export const adminClaimOperations = {
  ...queueOperations(
    {
      path: 'claims',
      tag: ADMIN_TAG,
      item: 'Claim',
      note: 'Claim',
      listSummary: 'The claims queue',
      itemSummary: 'One claim, with its answers, photos and notes',
      itemWord: 'claim',
      listView: claimView,
      detailView: claimDetailView,
    },
    claimQueue,
  ),
  photo: defineOperation({
    tier: 'admin',
    trpc: false,
    handler: async ({ deps, caller }, { id, position, size }) => {
      const file = await claimPhoto(deps, caller, id, position, size ?? 'full');
      return { body: file.bytes as Uint8Array<ArrayBuffer>, fileName: file.fileName };
    },
    rest: {
      method: 'get',
      path: '/admin/claims/{id}/photos/{position}',
      operationId: 'getClaimPhoto',
      tags: [ADMIN_TAG],
      summary: "One of a claim's photos (JPEG)",
      request: { params: claimPhotoParams, query: claimPhotoQuery },
      response: {
        description: 'The photo as stored (re-encoded, only the time taken kept), or its thumbnail',
        content: { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } } },
      },
      file: { mediaType: 'image/jpeg', disposition: () => 'inline' },
      errors: [404],
    },
  }),
};
