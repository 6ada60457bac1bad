// The app, loaded by boot/main.ts: the router, React, and hydrating a prerendered page or drawing anew.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeEarlyInput, takeLinkBeforeStart } from './boot/early-input';
import { registerServiceWorker } from './lib/pwa';
import { onSessionChange, readSession } from './lib/session';
import { createAppRouter, keepScrollOnFirstRender } from './router';

// Made by start(), not at load: creating it writes to the history (boot/early-input.ts).
let router: ReturnType<typeof createAppRouter>;

/** The longest the service worker's registration waits for an idle moment after the page has loaded. */
const REGISTER_IDLE_TIMEOUT_MS = 2000;

const app = () => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/** A prerendered page is hydrated when the app draws exactly what the build drew: same path, no query, fragment or redirect. */
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
    // The route's chunks load first, so hydration shows no fallback.
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
      // As TanStack Router's SSR hydration sets it: no client Suspense boundary, no second load of the matches.
      router.ssr = { manifest: undefined };
      keepScrollOnFirstRender();
      // As a transition, hydration yields to the browser rather than holding the main thread for the whole page.
      const early = takeEarlyInput();
      startTransition(() => {
        hydrateRoot(root, app());
      });
      early.replay();
    } else {
      // The built markup stays until React's commit replaces it; only a held link is taken up.
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
  // Claim reports waiting on this phone are sent now, and on `online` (features/policies/outbox-runner.ts); its code loads
  // only for someone signed in, or once someone signs in.
  const startClaimOutbox = () => void import('./features/policies/outbox-runner').then((m) => m.startClaimOutbox()).catch(() => undefined);
  if (readSession()) startClaimOutbox();
  else {
    const stop = onSessionChange(() => {
      stop();
      startClaimOutbox();
    });
  }
  // After load and when idle: on a warm visit load comes before the route's code has run, and registering then
  // delays the dashboard's card (docs/performance.md#the-dashboards-first-load).
  if (import.meta.env.PROD) {
    const register = () => void registerServiceWorker();
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: REGISTER_IDLE_TIMEOUT_MS }) : setTimeout(register, 0));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }
}

