// Asking for more cover (docs/product.md#asking-for-more-cover): ?renew={policy number} fills step 1 from the
// caller's own policy. Loaded only when the link is followed, so the wizard's first load carries no server client.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { RenewalDraftView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { textLinkClass } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { QueryScope } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export interface RenewalFillProps {
  policyNumber: string;
  onFill: (draft: RenewalDraftView) => void;
}

export default function RenewalFill(props: RenewalFillProps) {
  const session = useSession();
  if (!session) {
    const next = `/request-quote-step1?renew=${encodeURIComponent(props.policyNumber)}`;
    return (
      <Alert tone="info" title={`More cover for policy ${props.policyNumber}?`}>
        <p>
          <Link to="/login" search={{ next }} className={textLinkClass}>
            Sign in
          </Link>{' '}
          and we'll fill in the cover, the vehicle and your name from that policy. Or fill in the form yourself.
        </p>
      </Alert>
    );
  }
  return (
    <QueryScope>
      <FillFromPolicy {...props} />
    </QueryScope>
  );
}

function FillFromPolicy({ policyNumber, onFill }: RenewalFillProps) {
  const query = useQuery({ ...trpc.quotes.renewal.queryOptions({ policyNumber }), retry: false, staleTime: Infinity });
  const filled = useRef<string | null>(null);
  useEffect(() => {
    // Once per policy: what the person types afterwards is theirs.
    if (query.data && filled.current !== query.data.policyNumber) {
      filled.current = query.data.policyNumber;
      onFill(query.data);
    }
  }, [query.data, onFill]);

  if (query.isPending) {
    return (
      <Alert tone="info">
        <p>Filling in from policy {policyNumber}…</p>
      </Alert>
    );
  }
  if (query.isError) {
    const failure = failureOf(query.error);
    const text =
      failure.status === 404
        ? `We couldn't find policy ${policyNumber} in your account, so nothing was filled in.`
        : `We couldn't fill in from policy ${policyNumber}: ${failure.message}`;
    return (
      <Alert tone="error">
        <p>{text} You can still fill in the form yourself.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={`Filled in from policy ${query.data.policyNumber}`}>
      <p>Check the details, then add your phone number, date of birth, address and driving licence. Your vehicle is filled in on the next step.</p>
    </Alert>
  );
}
