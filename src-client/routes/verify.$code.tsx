import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { verificationQuery } from '../features/policies/verify-queries';
import { VerifyPage } from '../features/policies/verify-page';
import { QueryScope, queryClient } from '../lib/query-client';

// Public: no sign-in. The loader asks the server while the page's code arrives.
export const Route = createFileRoute('/verify/$code')({
  loader: ({ params }) => {
    void queryClient.prefetchQuery(verificationQuery(params.code));
  },
  head: () => pageTitle('Certificate check'),
  component: function Verify() {
    const { code } = Route.useParams();
    return (
      <QueryScope>
        <VerifyPage code={code} />
      </QueryScope>
    );
  },
});
