import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { PrivacyPage } from '../features/site/privacy-page';

export const Route = createFileRoute('/privacy-policy')({
  head: () => pageTitle('Privacy Policy'),
  component: PrivacyPage,
});
