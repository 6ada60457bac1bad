import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { EnterCodePage } from '../features/policies/enter-code-page';

export const Route = createFileRoute('/verify/')({
  head: () => pageTitle('Check a certificate'),
  component: EnterCodePage,
});
