import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { FaqPage } from '../features/site/faq-page';

export const Route = createFileRoute('/faq')({
  head: () => pageHead('Frequently asked questions', 'Answers about temporary car insurance, learner driver cover and business-use cover: who can get it, how long it lasts, how to pay and how to claim.'),
  component: FaqPage,
});
