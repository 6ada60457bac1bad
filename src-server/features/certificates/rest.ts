import { z } from 'zod';
import { messages } from '../../contract/messages';
import { policyNumberParam } from '../../contract/schemas';
import { InvalidError } from '../../errors';
import { defineRoute, paramSchema, restApp, routeQuery, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { certificateFor } from './service';

const certificateRoute = defineRoute({
  method: 'get',
  path: '/{policyNumber}/certificate',
  operationId: 'getCertificate',
  tags: ['Policies'],
  summary: "A policy's certificate of cover (PDF)",
  description:
    "The holder's own policy, or any policy for staff (each such read of another's policy is written to the audit log). " +
    "Another customer's policy answers 404 like a missing one; a pending policy 409.",
  access: 'customer',
  request: {
    params: z.object({ policyNumber: policyNumberParam }),
    query: z.object({ download: z.string().optional().meta({ description: '`1`: as an attachment (a download) instead of inline' }) }),
  },
  responses: {
    200: {
      description: 'The certificate, named `{policyNumber}_certificate.pdf` in Content-Disposition',
      headers: { 'Content-Disposition': { description: '`inline` or `attachment`, with the file name', schema: { type: 'string' } } },
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    },
  },
  errors: [404, 409],
});

/** GET /api/policies/{policyNumber}/certificate: inline, or as an attachment with ?download=1. */
export function certificateRoutes({ deps, requireCaller }: RestContext) {
  return serve(restApp(), certificateRoute, requireCaller, async (c) => {
    // docs/product.md#errors-and-messages: a malformed number answers exactly 'Invalid policy number'.
    const policyNumber = paramSchema(certificateRoute, 'policyNumber').safeParse(c.req.param('policyNumber'));
    if (!policyNumber.success) throw new InvalidError(messages.invalidPolicyNumber);
    const file = await certificateFor(deps, c.get('caller'), policyNumber.data);
    const disposition = routeQuery(c, certificateRoute).download === '1' ? 'attachment' : 'inline';
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${file.fileName}"`,
      'Content-Length': String(file.bytes.byteLength),
    });
  });
}
