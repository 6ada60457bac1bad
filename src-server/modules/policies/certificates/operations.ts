// A policy's certificate of cover, as a PDF (docs/product.md#certificates). REST alone has it: tRPC answers JSON, and
// this is a file the browser opens or saves (the app fetches it with its bearer token: docs/api.md#binary-answers).
import { z } from 'zod';
import { messages } from '../../../contract/messages';
import { policyNumberParam } from '../../../contract/schemas';
import { defineOperation } from '../../../api/operation';
import { certificateFor } from './service';

export const certificateOperation = defineOperation({
  tier: 'customer',
  trpc: false,
  handler: async ({ deps, caller }, { policyNumber }) => {
    const file = await certificateFor(deps, caller, policyNumber);
    return { body: file.bytes as Uint8Array<ArrayBuffer>, fileName: file.fileName };
  },
  rest: {
    method: 'get',
    path: '/policies/{policyNumber}/certificate',
    operationId: 'getCertificate',
    tags: ['Policies'],
    summary: "A policy's certificate of cover (PDF)",
    description:
      "The holder's own policy, or any policy for staff (each such read of another's policy is written to the audit log). " +
      "Another customer's policy answers 404 like a missing one; a pending policy 409.",
    request: {
      params: z.object({ policyNumber: policyNumberParam }),
      query: z.object({ download: z.string().optional().meta({ description: '`1`: as an attachment (a download) instead of inline' }) }),
    },
    // docs/product.md#errors-and-messages: a malformed number answers exactly 'Invalid policy number'.
    paramError: messages.invalidPolicyNumber,
    response: {
      description: 'The certificate, named `{policyNumber}_certificate.pdf` in Content-Disposition',
      headers: { 'Content-Disposition': { description: '`inline` or `attachment`, with the file name', schema: { type: 'string' } } },
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    },
    file: { mediaType: 'application/pdf', disposition: ({ download }) => (download === '1' ? 'attachment' : 'inline') },
    errors: [404, 409],
  },
});
