// /verify (docs/product.md#certificates): the short link printed under a certificate's QR code, typed by hand.
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';

/** The code as printed, read without its spaces and in capitals. */
const codeForm = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, '').toUpperCase())
    .refine((code) => /^[0-9A-Z]{20,26}$/.test(code), 'Enter the code printed under the QR code: 20 or 26 letters and digits'),
});

export function EnterCodePage() {
  const navigate = useNavigate();
  // The message stays until the code is changed, and focus stays on the button pressed.
  const { field, clearErrors, submit } = useContractForm(codeForm, { code: '' }, { reValidateMode: 'onSubmit', shouldFocusError: false });
  const onSubmit = submit(({ code }) => void navigate({ to: '/verify/$code', params: { code } }));

  return (
    <div className="max-w-xl">
      <PageHeading title="Check a certificate" lead="Anyone may check whether a Certificate of Motor Insurance we issued is cover in force now." />
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Check a certificate">
        <TextField
          label="Code from the certificate"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...field('code', { onChange: () => clearErrors('code') })}
        />
        <Button type="submit">Check</Button>
      </form>
    </div>
  );
}
