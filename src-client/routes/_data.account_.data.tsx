import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { MyDataPage } from '../features/account/my-data-page';
import { requireSession } from '../lib/guards';

// Not nested under /account (the account page is its own route): the trailing underscore keeps it a page of its own.
export const Route = createFileRoute('/_data/account_/data')({
  beforeLoad: () => ({ session: requireSession() }),
  head: () => pageTitle('My data'),
  component: MyDataPage,
});
