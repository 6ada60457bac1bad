// Public pages arrive prerendered (docs/product.md#public-pages) and React hydrates them: the first client render
// must produce the same markup as the build did. Whatever depends on the visitor's device or the present time
// (today's date, the session, the display mode) is therefore left out of that first render and filled in by the
// render React schedules straight after it.
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates prerendered markup (and during prerendering itself), true in every render after.
 * Forms on prerendered pages are `inert` until then: text typed into the built markup would be reset when the
 * form comes alive, and a submit would go to the browser (a GET with the fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** True while the build prerenders pages in Node (scripts/prerender.tsx): there is no browser and no visitor. */
export const isPrerendering = (): boolean => typeof document === 'undefined';
