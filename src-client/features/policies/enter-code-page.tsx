// /verify (docs/product.md#certificates): the short link printed under a certificate's QR code, typed by hand.
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';

const CODE = /^[0-9A-Z]{20,26}$/;

export function EnterCodePage() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const normalised = code.replace(/\s+/g, '').toUpperCase();
    if (!CODE.test(normalised)) {
      setError('Enter the code printed under the QR code: 20 or 26 letters and digits');
      return;
    }
    void navigate({ to: '/verify/$code', params: { code: normalised } });
  }

  return (
    <div className="max-w-xl">
      <PageHeading title="Check a certificate" lead="Anyone may check whether a Certificate of Motor Insurance we issued is cover in force now." />
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Check a certificate">
        <TextField
          label="Code from the certificate"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit">Check</Button>
      </form>
    </div>
  );
}
