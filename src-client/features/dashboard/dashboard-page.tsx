import { PageHeading } from '../../components/page';

export function DashboardPage() {
  return <PageHeading title="Your policies" />;
}
