import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { HomePage } from '../features/site/home-page';

export const Route = createFileRoute('/')({
  head: () => pageHead('Temporary Car Insurance', 'Temporary car insurance from 1 hour to 30 days, learner driver cover from 1 day to 5 months and business-use cover, arranged by UK specialists who reply within 24 hours.'),
  component: HomePage,
});
