import { PageHeading } from '../../components/page';

export function ForgotPasswordPage() {
  return <PageHeading title="Forgot your password" />;
}
