import { PageHeading } from '../../components/page';

export function ResetPasswordPage() {
  return <PageHeading title="Set a new password" />;
}
