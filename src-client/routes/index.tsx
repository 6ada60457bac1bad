import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { HomePage } from '../features/site/home-page';

export const Route = createFileRoute('/')({
  head: () => pageTitle('Temporary Car Insurance'),
  component: HomePage,
});
