import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { FaqPage } from '../features/site/faq-page';

export const Route = createFileRoute('/faq')({
  head: () => pageTitle('Frequently asked questions'),
  component: FaqPage,
});
