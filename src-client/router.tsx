import { createRouter } from '@tanstack/react-router';
import { routerContext } from './lib/router-context';
import { routeTree } from './routeTree.gen';

/** Set before a built page is hydrated in place: its first render leaves the scroll where the visitor has it. */
let keepFirstScroll = false;
export const keepScrollOnFirstRender = () => {
  keepFirstScroll = true;
};

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: routerContext,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which does its own caching; let it decide freshness.
    defaultPreloadStaleTime: 0,
    // Each render after a navigation restores or resets the scroll, except a built page's first: the visitor may
    // have scrolled it before the app was live, and a jump to the top would move what they were about to tap.
    scrollRestoration: () => {
      const restore = !keepFirstScroll;
      keepFirstScroll = false;
      return restore;
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
