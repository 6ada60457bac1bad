import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { TermsPage } from '../features/site/terms-page';

export const Route = createFileRoute('/terms-of-service')({
  head: () => pageHead('Terms of Service', 'The terms that apply when you use the Kerbside Cover website and ask us for a quote.'),
  component: TermsPage,
});
