// Claims (docs/product.md#reporting-a-claim): the customer's report from the phone and their list, the staff queue,
// and a claim's photos (REST alone: they are files).
import { z } from 'zod';
import { CLAIM_BODY_MAX_BYTES, claimInput, claimMessages } from '../../../contract/claim';
import { claimListQuery, claimPhotoParams, claimPhotoQuery, claimUpdateByIdInput, claimUpdateInput, type ClaimListQuery } from '../../../contract/claim-queue';
import { requestNoteByIdInput, requestNoteInput } from '../../../contract/queues';
import { idInput } from '../../../contract/schemas';
import { claimDetailView, claimView, myClaimView, pageOf, requestNoteView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { claimLimitAnswer, inputErrorAnswer } from '../../../platform/http/errors';
import { addClaimNote, claimPhoto, getClaim, listClaims, myClaims, reportClaim, updateClaim } from './service';

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
  list: defineOperation({
    tier: 'admin',
    input: claimListQuery,
    output: pageOf(claimView),
    handler: ({ deps, caller }, query: ClaimListQuery) => listClaims(deps, caller, query),
    rest: {
      method: 'get',
      path: '/admin/claims',
      operationId: 'listClaims',
      tags: [ADMIN_TAG],
      summary: 'The claims queue',
      description: 'In due order (docs/api.md#lists); the total in X-Total-Count.',
      response: 'A page of the queue',
      list: true,
    },
  }),
  get: defineOperation({
    tier: 'admin',
    input: idInput,
    output: claimDetailView,
    handler: ({ deps, caller }, { id }) => getClaim(deps, caller, id),
    rest: {
      method: 'get',
      path: '/admin/claims/{id}',
      operationId: 'getClaim',
      tags: [ADMIN_TAG],
      summary: 'One claim, with its answers, photos and notes',
      request: { params: idInput },
      response: 'The claim',
      errors: [400, 404],
    },
  }),
  update: defineOperation({
    tier: 'admin',
    input: claimUpdateByIdInput,
    output: claimDetailView,
    handler: ({ deps, caller }, { id, ...change }) => updateClaim(deps, caller, id, change),
    rest: {
      method: 'put',
      path: '/admin/claims/{id}',
      operationId: 'updateClaim',
      tags: [ADMIN_TAG],
      summary: 'Change its status or assignee',
      description: 'Each real change is written to the audit log.',
      request: { params: idInput, body: claimUpdateInput },
      response: 'The claim as changed',
      errors: [404],
    },
  }),
  addNote: defineOperation({
    tier: 'admin',
    input: requestNoteByIdInput,
    output: requestNoteView,
    handler: ({ deps, caller }, { id, text }) => addClaimNote(deps, caller, id, text),
    rest: {
      method: 'post',
      path: '/admin/claims/{id}/notes',
      operationId: 'addClaimNote',
      tags: [ADMIN_TAG],
      summary: 'Add a staff note',
      request: { params: idInput, body: requestNoteInput },
      status: 201,
      response: 'The note',
      errors: [404],
    },
  }),
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
