// The verification lookup (docs/product.md#certificates): anyone holding a certificate's QR code asks the
// server whether it is cover now. Options defined once for the route's loader and the page.
import { trpc } from '../../lib/trpc';

/** Codes are 20 (or, for older policies, 26) characters; spaces and letter case are forgiven. */
export const normaliseVerifyCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export const verificationQuery = (code: string) =>
  trpc.verify.byCode.queryOptions(
    { code: normaliseVerifyCode(code) },
    {
      // The answer depends on the clock: a fresh one whenever the page is opened or refocused.
      staleTime: 0,
      // An unknown code or a throttled address is an answer, not a glitch to retry.
      retry: false,
    },
  );
