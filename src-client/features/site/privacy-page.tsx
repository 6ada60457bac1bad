import { PageHeading } from '../../components/page';

export function PrivacyPage() {
  return <PageHeading title="Privacy Policy" />;
}
