// The app itself: the router, React, and the choice between hydrating a prerendered page and drawing anew.
// boot/main.ts loads this module.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeEarlyInput, takeLinkBeforeStart } from './boot/early-input';
import { registerServiceWorker } from './lib/pwa';
import { createAppRouter } from './router';

// Made by start(), not when this module loads: creating it writes to the history (see boot/early-input.ts). No
// data layer here: TanStack Query and the tRPC client load with the routes that use them (lib/query-client.tsx).
let router: ReturnType<typeof createAppRouter>;

/** The longest the service worker's registration waits for an idle moment after the page has loaded. */
const REGISTER_IDLE_TIMEOUT_MS = 2000;

const app = () => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * A public page arrives prerendered (docs/product.md#public-pages). It is hydrated in place when the app would
 * draw exactly what the build drew: the same path with no query or fragment (those change what some pages show),
 * and no route guard sending the visitor elsewhere. Otherwise, and on every page the app alone draws, the app
 * renders anew over it.
 */
function hydratesInPlace(root: HTMLElement): boolean {
  const built = root.dataset['prerendered'];
  const { pathname, search, hash } = window.location;
  return built !== undefined && built === pathname && search === '' && hash === '' && router.state.location.pathname === pathname;
}

/** Draws the app into #root: hydrating a prerendered page, or rendering anew. */
export async function start(root: HTMLElement) {
  // A link is being followed (tapped before the app got here): its page is loading; leave this one be.
  if (takeLinkBeforeStart()) return;
  router = createAppRouter();
  if (root.childElementCount > 0) {
    // The page's route code (split into its own chunks) is loaded before React starts, so hydration finds every
    // component ready and nothing shows a fallback in between.
    await router.load();
    // The head tags the build wrote are for the first paint and for crawlers; from here the routes keep the head.
    const canonical = document.head.querySelector('link[rel="canonical"][data-prerendered-head]');
    for (const tag of document.head.querySelectorAll('title[data-prerendered-head], meta[data-prerendered-head]')) tag.remove();
    // The canonical link stays while the page shown is the one the build drew (not after a guard's redirect).
    const builtPath = root.dataset['prerendered'];
    if (router.state.location.pathname !== builtPath) canonical?.remove();
    router.subscribe('onResolved', ({ toLocation }) => {
      if (toLocation.pathname !== builtPath) canonical?.remove();
    });
    if (hydratesInPlace(root)) {
      // What TanStack Router's own SSR hydration sets: the matches render as they did on the server (no Suspense
      // boundary of the client's around them), and the router does not load the matches a second time.
      router.ssr = { manifest: undefined };
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
      // thread for the whole page (a tap during it is answered as soon as its part of the page is live).
      const early = takeEarlyInput();
      startTransition(() => {
        hydrateRoot(root, app());
      });
      early.replay();
    } else {
      // React empties the container in the same commit that draws the app: the built markup stays until then.
      // What was done on the built markup is not replayed (its buttons and fields are replaced); a link is followed.
      const early = takeEarlyInput();
      const [link] = early.links.slice(-1);
      createRoot(root).render(app());
      // Stops the recording once the app is live (nothing of the built markup is left to answer).
      early.replay();
      if (link) void router.navigate({ href: `${link.pathname}${link.search}${link.hash}` });
    }
  } else {
    createRoot(root).render(app());
  }
  // The service worker (and workbox-window) once the page has loaded and the main thread is idle: its precaching
  // must not compete with what the page is still fetching, nor its start with the page's first drawing. A warm
  // visit's load event comes before the route's code has run (its scripts come from the worker's cache), and
  // registering then put workbox-window's fetch and start on the way to the dashboard's card
  // (docs/performance.md#the-dashboards-first-load).
  if (import.meta.env.PROD) {
    const register = () => void registerServiceWorker();
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: REGISTER_IDLE_TIMEOUT_MS }) : setTimeout(register, 0));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }
}

