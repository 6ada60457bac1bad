// The names under which the browser keeps what a visitor did before, in one place: the session (lib/session.ts),
// the quote wizard's draft (features/quote/quote-draft.ts) and the start-up script (main.tsx), which reads them
// without loading either module to decide whether a prerendered page needs the app at once.

/** The session's keys, in localStorage (remember me) or sessionStorage. */
export const SESSION_KEYS = { token: 'token', user: 'user', isAdmin: 'isAdmin', impersonate: 'impersonateUserId' } as const;

/** The quote wizard's draft, in sessionStorage (the tab's own). */
export const QUOTE_DRAFT_KEY = 'kerbside.quoteRequest';

function stored(key: string, stores: Storage[]): boolean {
  try {
    return stores.some((s) => s.getItem(key) !== null);
  } catch {
    // Storage refused (a privacy setting): nothing was kept either.
    return false;
  }
}

/**
 * Whether this visitor's pages differ from the prerendered ones: signed in (the top bar and guards), or part-way
 * through a quote request (the wizard's first step shows the draft).
 */
export function hasStoredState(): boolean {
  return stored(SESSION_KEYS.token, [window.localStorage, window.sessionStorage]) || stored(QUOTE_DRAFT_KEY, [window.sessionStorage]);
}
