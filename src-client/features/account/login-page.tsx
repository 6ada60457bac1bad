import { PageHeading } from '../../components/page';

export function LoginPage() {
  return <PageHeading title="Login" />;
}
