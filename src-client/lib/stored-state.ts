// The names the browser keeps a visitor's state under, in one place, so the start-up script (boot/main.ts) can tell
// whether a prerendered page needs the app at once without loading lib/session.ts or features/quote/quote-draft.ts.

/** The session's keys, in localStorage (remember me) or sessionStorage. */
export const SESSION_KEYS = { token: 'token', user: 'user', isAdmin: 'isAdmin', impersonate: 'impersonateUserId' } as const;

/** The quote wizard's draft, in sessionStorage (the tab's own). */
export const QUOTE_DRAFT_KEY = 'kerbside.quoteRequest';

/** Where the session may be kept, in the order it is read (lib/session.ts). */
const SESSION_STORES = (): Storage[] => [window.localStorage, window.sessionStorage];

/** The value under `key` in the first of `stores` that has one, else null; reaching a refused store throws. */
export function storedValue(key: string, stores: () => Storage[] = SESSION_STORES): string | null {
  try {
    for (const store of stores()) {
      const value = store.getItem(key);
      if (value !== null) return value;
    }
  } catch {
    // Refused: as if nothing was kept.
  }
  return null;
}

/** Whether this visitor's pages differ from the prerendered ones: signed in, or part-way through a quote. */
export function hasStoredState(): boolean {
  return storedValue(SESSION_KEYS.token) !== null || storedValue(QUOTE_DRAFT_KEY, () => [window.sessionStorage]) !== null;
}
