import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { SupportPage } from '../features/site/support-page';

export const Route = createFileRoute('/support')({
  head: () => pageHead('Contact us', 'Contact Kerbside Cover: call us, e-mail us or ask for a callback at a time that suits you.'),
  component: SupportPage,
});
