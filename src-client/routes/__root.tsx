import { HeadContent, Link, Outlet, createRootRouteWithContext, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { brand } from '@server/contract/brand';
import { BackBar } from '../components/back-bar';
import { Footer } from '../components/footer';
import { TopBar } from '../components/top-bar';
import { UpdatePrompt } from '../components/update-prompt';
import { useFrameWidth } from '../lib/frame-width';
import type { RouterContext } from '../lib/router-context';
import { useSession } from '../lib/session';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Fallback title; child routes set their own ("<page> | <brand>").
  head: () => ({ meta: [{ title: brand.name }] }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** When the session changes under an open page, the guards run again, so a guarded page goes to /login at once. */
function useGuardsFollowSession() {
  const token = useSession()?.token;
  const router = useRouter();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void router.invalidate();
  }, [token, router]);
}

function RootLayout() {
  useGuardsFollowSession();
  const width = useFrameWidth();
  // Marks the document once the app is live on it (hydrated or drawn): browser tests and the size report wait for it.
  useEffect(() => {
    document.documentElement.dataset['appLive'] = 'true';
  }, []);
  return (
    <>
      <HeadContent />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700"
      >
        Skip to main content
      </a>
      <div className="flex min-h-dvh flex-col">
        <TopBar />
        {/* Only in the installed app, which has no browser Back button (docs/product.md#shared-frame). */}
        <BackBar />
        <main id="main" tabIndex={-1} className={`mx-auto w-full ${width} flex-1 px-4 py-8`}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <UpdatePrompt />
    </>
  );
}

function NotFound() {
  return (
    <>
      {/* React 19 hoists this into <head>; it overrides the route title while the 404 shows. */}
      <title>{`Page not found | ${brand.name}`}</title>
      <h1 className="text-3xl font-bold text-brand-700">404 Not Found</h1>
      <p className="mt-4">
        We couldn’t find that page.{' '}
        <Link to="/" className="font-semibold text-brand-700 underline">
          Go to the home page
        </Link>
      </p>
    </>
  );
}
