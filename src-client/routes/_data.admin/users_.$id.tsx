import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { CustomerPage } from '../../features/admin/customer-page';
import { customerOverviewQuery } from '../../features/admin/queries-customer';

/** The account id in the path, or null for anything that is not one (the page then says so, no call made). */
const idOf = (raw: string): number | null => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

// /admin/users/{id}: one view of a customer (docs/product.md#one-view-of-a-customer). `users_` keeps it out of the
// Users tab's route, so it replaces the list under the console's frame rather than nesting inside it.
export const Route = createFileRoute('/_data/admin/users_/$id')({
  loader: ({ params, context: { queryClient } }) => {
    const id = idOf(params.id);
    if (id !== null) void queryClient.prefetchQuery(customerOverviewQuery(id));
  },
  head: () => pageTitle('Customer | Admin dashboard'),
  component: function Customer() {
    const id = idOf(Route.useParams().id);
    return id === null ? <p role="alert">User not found</p> : <CustomerPage id={id} />;
  },
});
