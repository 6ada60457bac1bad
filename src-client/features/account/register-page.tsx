import { PageHeading } from '../../components/page';

export function RegisterPage() {
  return <PageHeading title="Register" />;
}
