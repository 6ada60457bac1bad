import { PageHeading } from '../../components/page';

export function HomePage() {
  return <PageHeading title="Temporary Car Insurance" />;
}
