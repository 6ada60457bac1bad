// The installed app's way back (docs/product.md#shared-frame): a standalone window has no browser Back button.
// In a browser tab nothing shows.
import { Link, useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import { useInstalledApp } from '../lib/display-mode';
import { useFrameWidth } from '../lib/frame-width';
import { homePathOf } from '../lib/guards';
import { useSession } from '../lib/session';

const barClass = 'mx-auto flex px-4 py-1';
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
  const width = useFrameWidth();
  const home = session
    ? { to: homePathOf(session), label: session.isAdmin ? 'Admin console' : 'My policies' }
    : { to: '/' as const, label: 'Home' };

  if (!canGoBack && pathname === home.to) return null;
  return (
    <nav aria-label="Back" className="border-b border-brand-100 bg-brand-50">
      <div className={`${barClass} ${width}`}>
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
