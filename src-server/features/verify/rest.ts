import { z } from 'zod';
import { verifyCodeInput } from '../../contract/verify';
import { verificationView } from '../../contract/views';
import { defineRoute, jsonAnswer, restApp, routeParam, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { verifyByCode } from './service';

const verifyRoute = defineRoute({
  method: 'get',
  path: '/{code}',
  operationId: 'verifyCertificate',
  tags: ['Verification'],
  summary: "Check a certificate's verification code",
  description:
    "The code from the certificate's QR code, any letter case. The same answer for everyone; an unknown code and one that cannot be a code " +
    'both answer 404. At most 30 lookups a minute from one address.',
  access: 'public',
  // Any text: a malformed code answers the same 404 as an unknown one (contract/verify.ts).
  request: { params: z.object({ code: verifyCodeInput.shape.code }) },
  responses: { 200: jsonAnswer('What the certificate may tell', verificationView) },
  errors: [404, 429],
});

/** GET /api/verify/{code}: public, JSON (docs/api.md#verification). */
export function verifyRoutes({ deps }: RestContext) {
  return serve(restApp(), verifyRoute, async (c) => c.json(await verifyByCode(deps, routeParam(c, verifyRoute, 'code'), c.get('clientAddress'))));
}
