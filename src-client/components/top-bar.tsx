// The top bar (docs/product.md#shared-frame). Staff get 'Admin' only, not 'My policies': /dashboard shows the
// customer they impersonate. Everyone signed in gets 'My account' (their own, never an impersonated one's).
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { brand } from '@server/contract/brand';
import { homePathOf } from '../lib/guards';
import { useFrameWidth } from '../lib/frame-width';
import { expandedOnPage } from '../lib/hydration';
import { clearSession, useSession } from '../lib/session';
import { BrandMark } from './brand-mark';

const SignOutWarning = lazy(() => import('../features/policies/sign-out-warning').then((m) => ({ default: m.SignOutWarning })));

const linkClass = 'block rounded-md px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50';

export function TopBar() {
  const session = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const width = useFrameWidth();
  // One top bar a page: a fixed id, the same in the built page and in a page the app draws anew (useId's are not).
  const menuId = 'main-menu';
  // Opened already if the visitor tapped it before the app was live (boot/early-disclosures.ts).
  const [open, setOpen] = useState(() => expandedOnPage(menuId));
  const onLogin = pathname === '/login';

  // A navigation closes the menu, during render: an effect would also close it as the app takes the page over.
  const [menuPath, setMenuPath] = useState(pathname);
  if (pathname !== menuPath) {
    setMenuPath(pathname);
    setOpen(false);
  }

  // Claim reports not sent yet are asked about first (features/policies/sign-out-warning.tsx).
  const [unsent, setUnsent] = useState(0);

  async function logout() {
    const userId = session?.user.id;
    const count = userId === undefined ? 0 : await import('../features/policies/outbox-store').then(({ claimOutbox }) => claimOutbox().unsentCount(userId)).catch(() => 0);
    if (count > 0) setUnsent(count);
    else await signOut();
  }

  async function signOut() {
    setUnsent(0);
    const userId = session?.user.id;
    // Revoked on the server too, signed out whatever the answer; the tRPC client loads on demand, off the first load.
    await import('../lib/trpc').then(({ trpcClient }) => trpcClient.account.logout.mutate()).catch(() => undefined);
    // The person's claim reports leave the phone with the other offline copies (docs/product.md#reporting-a-claim).
    if (userId !== undefined) await import('../features/policies/outbox-store').then(({ purgeClaimReports }) => purgeClaimReports(userId)).catch(() => undefined);
    clearSession();
    await navigate({ to: '/login' });
  }

  return (
    <header className="border-b border-brand-100 bg-white">
      <nav aria-label="Main" className={`mx-auto flex ${width} flex-wrap items-center justify-between gap-2 px-4 py-3`}>
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-700" aria-label={`${brand.name} home`}>
          <BrandMark />
          <span>{brand.name}</span>
        </Link>
        {onLogin ? null : (
          <>
            {/* The list shows from the button's aria-expanded (peer-aria-expanded), so the start-up script opens it
                before the app is live by setting that alone (boot/early-disclosures.ts). */}
            <button
              type="button"
              className="peer rounded-md border border-brand-700 px-3 py-2 font-semibold text-brand-700 sm:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((o) => !o)}
            >
              Menu
            </button>
            <ul id={menuId} className="hidden w-full flex-col gap-1 peer-aria-expanded:flex sm:flex sm:w-auto sm:flex-row sm:items-center">
              <li>
                {session ? (
                  <Link to={homePathOf(session)} className={linkClass}>
                    {session.isAdmin ? 'Admin' : 'My policies'}
                  </Link>
                ) : (
                  <Link to="/request-quote-step1" className={linkClass}>
                    Get a Quote
                  </Link>
                )}
              </li>
              {session ? (
                <li>
                  <Link to="/account" className={linkClass}>
                    My account
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to="/support" className={linkClass}>
                  Contact Us
                </Link>
              </li>
              <li>
                {session ? (
                  <button type="button" onClick={logout} className={`${linkClass} w-full text-left`}>
                    Logout
                  </button>
                ) : (
                  <Link to="/login" className={linkClass}>
                    Login
                  </Link>
                )}
              </li>
            </ul>
          </>
        )}
      </nav>
      {unsent > 0 ? (
        <Suspense fallback={null}>
          <SignOutWarning count={unsent} onStay={() => setUnsent(0)} onSignOut={() => void signOut()} />
        </Suspense>
      ) : null}
    </header>
  );
}
