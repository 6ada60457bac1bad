// The page's only start-up script: what runs before React (docs/performance.md#what-runs-before-react,
// docs/performance.md#the-public-pages-first-load).
//
// A prerendered public page (docs/product.md#public-pages) is on screen and usable before this runs: its links are
// plain links and its fields take typing. From here its disclosures (the menu, an FAQ section) answer a tap at once
// and a form sent with required fields empty shows their messages at once (early-input.ts). The app (React, the
// router, the page's code) is what sends forms, so it loads once the visitor starts to use the page (a touch, a
// click, a key, a field focused), and what they did in the meantime is kept and taken up once it is live. A visitor
// who only reads the page, or follows a link from it, never pays for the app there. The app starts at once where the
// page differs from the prerendered one for this visitor (signed in, a quote under way, an address with a query or
// fragment, the installed app's window) and on every page the app alone draws (the shell's empty #root).
import '../styles.css';
import { fetchPageDataEarly } from './early-fetch';
import { recordEarlyInput } from './early-input';
import { serviceWorkerUrl } from '../lib/service-worker-url';
import { isInstalledApp } from '../lib/installed-app';
import { hasStoredState } from '../lib/stored-state';

// zod (loaded later, with the forms) probes whether it may compile parsers with `new Function`; under our CSP
// (no 'unsafe-eval') the probe is refused and Chromium reports a CSP violation on every form page. jitless skips
// the probe. This is z.config({ jitless: true }) set through the global zod reads its configuration from, so the
// first load does not carry zod.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

let started: Promise<void> | undefined;
const startApp = () => (started ??= import('../app').then(({ start }) => start(root)));

/**
 * The signs that somebody is starting to use the page, rather than reading it. A click and typing count on their
 * own too: a screen reader may activate a button, and autofill may fill a field, with no key or pointer first.
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'input'] as const;

/** Runs `then` once the next frame is drawn: after the answer to the input that asked for it is on screen. */
const afterNextPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

function startOnIntent(): void {
  const onIntent = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    // Asking for the app's scripts (a modulepreload for each) is work of its own, tens of milliseconds on a slow
    // phone: not on the way to the answer of the tap or key that asked for it (docs/performance.md#the-first-interaction).
    afterNextPaint(() => void startApp());
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
}

/**
 * The service worker, registered once the page has loaded, so its precaching (the app's scripts among it) does not
 * compete with the page and the app is at hand, and the site offline, by the time it is needed. The app registers
 * it again through workbox-window when it starts (lib/pwa.ts): the same script, so the same registration.
 */
function registerWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    const { script, scope } = serviceWorkerUrl();
    navigator.serviceWorker.register(script, { scope }).catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const prerendered = root.childElementCount > 0;
const { pathname, search, hash } = window.location;
// The dashboard's policy list is asked for now, while the app's code downloads (early-fetch.ts).
fetchPageDataEarly(pathname);
// The installed app's window shows a way back the prerendered page has not: the app draws it at once.
const asBuilt = prerendered && root.dataset['prerendered'] === pathname && search === '' && hash === '' && !hasStoredState() && !isInstalledApp();

if (prerendered) recordEarlyInput(root, !asBuilt);

if (!prerendered) void startApp();
else if (asBuilt) {
  startOnIntent();
  registerWorkerAfterLoad();
} else if (document.visibilityState === 'hidden') void startApp();
// requestAnimationFrame runs just before the next paint; the timeout after it, once that frame is drawn: the
// page shows before the app competes with it for the connection. A tab opened in the background paints nothing
// until shown, so it starts the app at once.
else afterNextPaint(() => void startApp());
