// Checking a certificate's QR code (docs/product.md#verification): public, the same answer for everyone.
import { verifyCodeInput } from '../../../contract/verify';
import { verificationView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { verifyByCode } from './service';

export const verifyOperations = {
  byCode: defineOperation({
    tier: 'public',
    input: verifyCodeInput,
    output: verificationView,
    handler: ({ deps, clientAddress }, { code }) => verifyByCode(deps, code, clientAddress),
    rest: {
      method: 'get',
      path: '/verify/{code}',
      operationId: 'verifyCertificate',
      tags: ['Verification'],
      summary: "Check a certificate's verification code",
      description:
        "The code from the certificate's QR code, any letter case. The same answer for everyone; an unknown code and one that cannot be a code " +
        'both answer 404. At most 30 lookups a minute from one address.',
      // Any text: a malformed code answers the same 404 as an unknown one (contract/verify.ts).
      request: { params: verifyCodeInput },
      response: 'What the certificate may tell',
      errors: [404, 429],
    },
  }),
};
