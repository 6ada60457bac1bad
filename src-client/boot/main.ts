// The page's only start-up script (docs/performance.md#what-runs-before-react): the app loads once the visitor
// starts to use a prerendered page, at once where the page differs for this visitor or the app alone draws it.
import '../styles.css';
import { fetchPageDataEarly } from './early-fetch';
import { recordEarlyInput } from './early-input';
import { serviceWorkerUrl } from '../lib/service-worker-url';
import { isInstalledApp } from '../lib/installed-app';
import { hasStoredState } from '../lib/stored-state';

// z.config({ jitless: true }) through zod's global, so the first load does not carry zod: its `new Function` probe
// would be refused by the CSP and reported as a violation on every form page.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

let started: Promise<void> | undefined;
const startApp = () => (started ??= import('../app').then(({ start }) => start(root)));

/** Signs of use rather than reading. click and input count alone: a screen reader or autofill sends no key first. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'input'] as const;

/** Runs `then` once the next frame is drawn: after the answer to the input that asked for it is on screen. */
const afterNextPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

function startOnIntent(): void {
  const onIntent = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    // Asking for the app's scripts costs tens of ms on a slow phone: not before the input's answer is painted
    // (docs/performance.md#the-first-interaction).
    afterNextPaint(() => void startApp());
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
}

/**
 * Registered after load, so its precaching does not compete with the page. lib/pwa.ts registers the same script
 * again when the app starts: the same registration.
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
// The page is painted before the app competes with it; a background tab paints nothing until shown, so starts at once.
else afterNextPaint(() => void startApp());
