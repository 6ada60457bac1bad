// The page's only start-up script. A prerendered public page (docs/product.md#public-pages) is already on screen
// when this runs: the app (React, the router, the page's code) is fetched once the page has painted, so on a slow
// connection it does not compete with the stylesheet and the page for bandwidth before the first paint. A page
// the app alone draws (the shell's empty #root) gets the app at once.
import './styles.css';
import { recordEarlyClicks } from './lib/early-clicks';

// zod (loaded later, with the forms) probes whether it may compile parsers with `new Function`; under our CSP
// (no 'unsafe-eval') the probe is refused and Chromium reports a CSP violation on every form page. jitless skips
// the probe. This is z.config({ jitless: true }) set through the global zod reads its configuration from, so the
// first load does not carry zod.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const startApp = () => import('./app').then(({ start }) => start(root));

// A tap on a built page's button before the app is live is answered once it is (lib/early-clicks.ts).
if (root.childElementCount > 0) recordEarlyClicks(root);

// requestAnimationFrame runs just before the next paint; the timeout after it, once that frame is drawn. A tab
// opened in the background paints nothing until shown, so it starts the app at once.
if (root.childElementCount === 0 || document.visibilityState === 'hidden') void startApp();
else requestAnimationFrame(() => setTimeout(() => void startApp(), 0));
