// The names under which the browser keeps what a visitor did before, in one place: the session (lib/session.ts),
// the quote wizard's draft (features/quote/quote-draft.ts) and the start-up script (boot/main.ts), which reads them
// without loading either module to decide whether a prerendered page needs the app at once.

/** The session's keys, in localStorage (remember me) or sessionStorage. */
export const SESSION_KEYS = { token: 'token', user: 'user', isAdmin: 'isAdmin', impersonate: 'impersonateUserId' } as const;

/** The quote wizard's draft, in sessionStorage (the tab's own). */
export const QUOTE_DRAFT_KEY = 'kerbside.quoteRequest';

/** Where the session may be kept, in the order it is read (lib/session.ts). */
const SESSION_STORES = (): Storage[] => [window.localStorage, window.sessionStorage];

/**
 * The value kept under `key` in the first of `stores` that has one; null when none has (or storage is refused, a
 * privacy setting: nothing was kept either). The stores are reached inside the guard, as reaching them may throw.
 */
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

/**
 * Whether this visitor's pages differ from the prerendered ones: signed in (the top bar and guards), or part-way
 * through a quote request (the wizard's first step shows the draft).
 */
export function hasStoredState(): boolean {
  return storedValue(SESSION_KEYS.token) !== null || storedValue(QUOTE_DRAFT_KEY, () => [window.sessionStorage]) !== null;
}
