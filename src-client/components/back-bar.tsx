// The installed app's way back (docs/product.md#shared-frame). A standalone window has no browser Back button,
// so under the top bar the app shows its own: 'Back' when this window has somewhere to go back to (TanStack
// Router counts the entries it made), else a link to the person's home page (their policies, the console, or
// the home page when signed out) unless they are on it already. In a browser tab nothing shows: the
// browser's own Back does the job.
import { Link, useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import { useInstalledApp } from '../lib/display-mode';
import { homePathOf } from '../lib/guards';
import { useSession } from '../lib/session';

const barClass = 'mx-auto flex max-w-5xl px-4 py-1';
const actionClass = 'inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-brand-700 hover:bg-white';

export function BackBar() {
  const installed = useInstalledApp();
  if (!installed) return null;
  return <InstalledBackBar />;
}

function InstalledBackBar() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const session = useSession();
  const home = session
    ? { to: homePathOf(session), label: session.isAdmin ? 'Admin console' : 'My policies' }
    : { to: '/' as const, label: 'Home' };

  if (!canGoBack && pathname === home.to) return null;
  return (
    <nav aria-label="Back" className="border-b border-brand-100 bg-brand-50">
      <div className={barClass}>
        {canGoBack ? (
          <button type="button" className={actionClass} onClick={() => router.history.back()}>
            <span aria-hidden="true">←</span> Back
          </button>
        ) : (
          <Link to={home.to} className={actionClass}>
            <span aria-hidden="true">←</span> {home.label}
          </Link>
        )}
      </div>
    </nav>
  );
}
