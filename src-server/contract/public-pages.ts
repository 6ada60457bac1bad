// The public pages the build prerenders (docs/product.md#public-pages), shared by the build step
// (scripts/prerender.tsx) and the server that answers them (http/prerendered-pages.ts).

/** Folder of the build output that holds the prerendered pages and their manifest. */
export const PRERENDERED_DIR = 'prerendered';

/** Stands for the site's origin in canonical links; the server writes PUBLIC_URL in its place. */
export const PRERENDER_ORIGIN = 'https://prerender.invalid';

export interface PublicPage {
  path: string;
  file: string;
  /** Whether the browser hydrates the prerendered markup; not where the first screen depends on the tab's state. */
  hydrate: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', file: 'home.html', hydrate: true },
  { path: '/faq', file: 'faq.html', hydrate: true },
  { path: '/claims', file: 'claims.html', hydrate: true },
  { path: '/support', file: 'support.html', hydrate: true },
  { path: '/privacy-policy', file: 'privacy-policy.html', hydrate: true },
  { path: '/terms-of-service', file: 'terms-of-service.html', hydrate: true },
  { path: '/make-a-claim', file: 'make-a-claim.html', hydrate: true },
  { path: '/login', file: 'login.html', hydrate: true },
  { path: '/register', file: 'register.html', hydrate: true },
  { path: '/forgotpassword', file: 'forgotpassword.html', hydrate: true },
  { path: '/request-quote-step1', file: 'request-quote-step1.html', hydrate: true },
  { path: '/request-quote-step2', file: 'request-quote-step2.html', hydrate: false },
  { path: '/request-quote-step3', file: 'request-quote-step3.html', hydrate: false },
];

/** What the build writes beside the pages: which file answers which path, and every path the app has a screen for. */
export interface PrerenderManifest {
  pages: Record<string, string>;
  notFound: string;
  /** Route paths of the client app, with `$name` for a path parameter ('/verify/$code'). */
  appPaths: string[];
  /** The shell for each app route (the app's start-up script plus that route's code, preloaded), by route path. */
  shells?: Record<string, string>;
}
