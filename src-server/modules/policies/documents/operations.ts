// A policy's documents, as PDFs (docs/product.md#policy-documents). REST alone has it, as the certificate's own route:
// tRPC answers JSON, and these are files the browser opens or saves (docs/api.md#binary-answers).
import { z } from 'zod';
import { documentKinds, documentMessages } from '../../../contract/documents';
import { messages } from '../../../contract/messages';
import { policyNumberParam } from '../../../contract/schemas';
import { defineOperation } from '../../../api/operation';
import { documentFor } from './service';

export const documentOperation = defineOperation({
  tier: 'customer',
  trpc: false,
  handler: async ({ deps, caller }, { policyNumber, kind }) => {
    const file = await documentFor(deps, caller, policyNumber, kind);
    return { body: file.bytes as Uint8Array<ArrayBuffer>, fileName: file.fileName };
  },
  rest: {
    method: 'get',
    path: '/policies/{policyNumber}/documents/{kind}',
    operationId: 'getPolicyDocument',
    tags: ['Policies'],
    summary: "One of a policy's documents (PDF)",
    description:
      'The Certificate of Motor Insurance, the Policy Schedule, the Statement of Fact or the product summary. The holder’s own ' +
      'policy, or any policy for staff (each such read of another’s policy is written to the audit log). Another customer’s ' +
      'policy answers 404 like a missing one; a certificate of a pending or void policy 409 (the other documents exist for every policy).',
    request: {
      params: z.object({
        policyNumber: policyNumberParam,
        kind: z.enum(documentKinds, { error: documentMessages.unknownKind }).meta({ description: 'Which document' }),
      }),
      query: z.object({ download: z.string().optional().meta({ description: '`1`: as an attachment (a download) instead of inline' }) }),
    },
    // docs/product.md#errors-and-messages: a malformed number answers exactly 'Invalid policy number'.
    paramError: { policyNumber: messages.invalidPolicyNumber, kind: documentMessages.unknownKind },
    response: {
      description: 'The document, named `{policyNumber}_{kind}.pdf` in Content-Disposition',
      headers: { 'Content-Disposition': { description: '`inline` or `attachment`, with the file name', schema: { type: 'string' } } },
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    },
    file: { mediaType: 'application/pdf', disposition: ({ download }) => (download === '1' ? 'attachment' : 'inline') },
    errors: [404, 409],
  },
});
