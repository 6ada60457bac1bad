import { HeadContent, Link, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { brand } from '../../src-server/contract/brand';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Fallback title; child routes set their own ("<page> | <brand>").
  head: () => ({ meta: [{ title: brand.name }] }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
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
        <header className="border-b border-brand-100 bg-white">
          <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
            <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-700">
              <img src="/favicon.svg" alt="" width={32} height={32} />
              {brand.name}
            </Link>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
          <Outlet />
        </main>
        <footer className="border-t border-brand-100 bg-brand-50">
          <div className="mx-auto max-w-5xl px-4 py-6">
            <p className="text-sm text-ink-muted">{brand.regulatorStatement}</p>
          </div>
        </footer>
      </div>
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
