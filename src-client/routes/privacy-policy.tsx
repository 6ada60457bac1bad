import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { PrivacyPage } from '../features/site/privacy-page';

export const Route = createFileRoute('/privacy-policy')({
  head: () => pageHead('Privacy Policy', 'How Kerbside Cover collects, uses and protects your personal data, and your rights under UK data protection law.'),
  component: PrivacyPage,
});
