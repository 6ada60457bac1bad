// The pages of a link e-mailed to prove an address (docs/product.md#e-mail-confirmation, docs/product.md#account): the
// link works only for the account signed in, so a stranger's link does nothing; signed out, the page asks to sign in
// and comes back here. Signed in, the link's one call is made as the page opens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import { PageHeading } from '../../components/page';
import { useSession, type Session } from '../../lib/session';

export function EmailedLinkPage({
  title,
  token,
  signIn,
  children,
}: {
  title: string;
  token: string | undefined;
  /** Whom to sign in as, said to someone signed out. */
  signIn: string;
  children: (token: string, session: Session) => ReactNode;
}) {
  const session = useSession();
  const { href } = useLocation();
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title={title} />
      {!token ? (
        <Alert tone="error" title="This page needs the link from your email" />
      ) : !session ? (
        <div className="space-y-4">
          <p className="text-lg">{signIn} You will come back here.</p>
          <Link to="/login" search={{ next: href }} className={buttonClass('primary')}>
            Sign in to confirm
          </Link>
        </div>
      ) : (
        children(token, session)
      )}
    </div>
  );
}

/** The link's call, made once per page whatever React's development double effects do; what waited for the address is the account's once it answers. */
export function useLinkCall<T>(call: () => Promise<T>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries() });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutation.mutate();
  }, [mutation]);
  return mutation;
}
