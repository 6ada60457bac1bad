import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { verificationQuery } from '../features/policies/verify-queries';
import { VerifyPage } from '../features/policies/verify-page';

// Public: no sign-in. The loader asks the server while the page's code arrives.
export const Route = createFileRoute('/_data/verify/$code')({
  loader: ({ params, context: { queryClient } }) => {
    void queryClient.prefetchQuery(verificationQuery(params.code));
  },
  head: () => pageTitle('Certificate check'),
  component: function Verify() {
    const { code } = Route.useParams();
    return (
      <VerifyPage code={code} />
    );
  },
});
