// Public pages arrive prerendered (docs/product.md#public-pages) and React hydrates them: the first client render
// must produce the same markup as the build did. Whatever depends on the visitor's device or the present time
// (today's date, the session, the display mode) is therefore left out of that first render and filled in by the
// render React schedules straight after it.
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates prerendered markup (and during prerendering itself), true in every render after.
 * What depends on the present (a date field's limit set from today) is left out until then. What a visitor types
 * or sends before the app is live is kept by lib/early-input.ts.
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

/**
 * For a form on a prerendered page: `data-live` once the app is live on the form itself (React may hydrate a part of
 * the page after the rest), which is when lib/early-input.ts puts back what was typed and sends what was sent.
 */
export function useLiveForm(): { 'data-live'?: '' } {
  return useHydrated() ? { 'data-live': '' } : {};
}
