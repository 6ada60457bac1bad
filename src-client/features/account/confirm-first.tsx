// In place of a form that an account must prove its address for first (docs/product.md#account): changing the
// address, adding a passkey. Says why, and sends the confirmation link again.
import { Alert } from '../../components/alert';
import { ResendConfirmation } from '../../components/resend-confirmation';

export function ConfirmFirst({ why }: { why: string }) {
  return (
    <Alert tone="info">
      <p>{why}</p>
      <ResendConfirmation />
    </Alert>
  );
}
