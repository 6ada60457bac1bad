// The prerendered public pages (docs/product.md#public-pages) in the built app: every page arrives as HTML with
// its own title, description, canonical link and heading (no JavaScript needed to read it), unknown paths get the
// 404 page with status 404, and the app then hydrates the page in place (the heading the browser parsed is the
// node the app keeps), with no console error, CSP violation or layout shift. Pages the app does not hydrate
// (a query string, a guard's redirect, a signed-in visitor's top bar) still end up right, a page only read loads
// no more than its start-up script, what is typed and sent before the app is live is kept and sent once it is, a
// disclosure tapped or a form sent empty before then is answered at once, and the service worker precaches the
// shell, not the pages.
import { expect, test, type Page } from '@playwright/test';
import { brand } from '../../src-server/contract/brand';
import { PUBLIC_PAGES } from '../../src-server/contract/public-pages';
import { apiToken, createAccount, unique } from './fixtures';

// The e2e server (playwright.config.ts) sets no PUBLIC_URL unless the environment has one: the server then
// uses http://localhost:<port> (src-server/main.ts).
const PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${process.env.E2E_PORT ?? '4310'}`;

/** Each public page's h1, as the app draws it. */
const HEADINGS: Record<string, string> = {
  '/': 'Temporary Car Insurance',
  '/faq': 'Frequently asked questions',
  '/claims': 'Make a claim',
  '/support': 'Contact us',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/make-a-claim': 'Report a claim',
  '/login': 'Login',
  '/register': 'Register',
  '/forgotpassword': 'Forgot your password',
  '/request-quote-step1': 'Personal Details',
  '/request-quote-step2': 'Your Vehicle',
  '/request-quote-step3': 'Quote request submitted! Thank you.',
};

const decodeEntities = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The served HTML split into what a crawler reads. */
function readHtml(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const rootAt = html.indexOf('<div id="root"');
  const root = rootAt < 0 ? '' : html.slice(rootAt);
  const titles = [...head.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((m) => decodeEntities(m[1]!));
  const descriptions = [...head.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
  const canonicals = [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]!);
  const h1 = /<h1\b[^>]*>(.*?)<\/h1>/s.exec(root)?.[1]?.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
  return { titles, descriptions, canonicals, h1: h1 === undefined ? undefined : decodeEntities(h1), rootTag: /<div id="root"[^>]*>/.exec(html)?.[0] };
}

test.describe('the served HTML, read without JavaScript', () => {
  test('every public page has its own title, a description, a canonical link to PUBLIC_URL and its heading in #root', async ({ request }) => {
    expect(Object.keys(HEADINGS).sort()).toEqual(PUBLIC_PAGES.map((p) => p.path).sort());
    const seenTitles = new Map<string, string>();
    for (const { path, hydrate } of PUBLIC_PAGES) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toBe('text/html; charset=utf-8');
      expect(res.headers()['content-security-policy'], path).toContain("script-src 'self'");
      const html = await res.text();
      const page = readHtml(html);
      expect(page.titles, `${path}: one title`).toHaveLength(1);
      const title = page.titles[0]!;
      expect(title, path).toMatch(new RegExp(` \\| ${brand.name}$`));
      expect(seenTitles.get(title), `${path} has the same title as ${seenTitles.get(title)}`).toBeUndefined();
      seenTitles.set(title, path);
      expect(page.descriptions, `${path}: one description`).toHaveLength(1);
      expect(page.descriptions[0]!.length, path).toBeGreaterThan(20);
      expect(page.canonicals, path).toEqual([`${PUBLIC_URL}${path}`]);
      expect(html, path).not.toContain('prerender.invalid');
      expect(page.h1, path).toBe(HEADINGS[path]);
      expect(page.rootTag, path).toBe(hydrate ? `<div id="root" data-prerendered="${path}">` : '<div id="root" data-prerendered-replace>');
    }
  });

  test('an unknown path answers the 404 page with status 404', async ({ request }) => {
    for (const path of ['/no/such/page', '/verify/a/b', '/faq/more']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type'], path).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(readHtml(html).h1, path).toBe('404 Not Found');
      expect(html, path).toContain('404 Not Found');
      expect(readHtml(html).canonicals, path).toEqual([]);
    }
    // A path the app has a screen for gets the shell with 200.
    for (const path of ['/dashboard', '/verify/ABC123', '/ADMIN/users']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
  });

  test('the login form in the served HTML takes typing (not inert) and is not yet marked live', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    const form = /<form\b[^>]*aria-label="Login"[^>]*>/.exec(html)?.[0];
    expect(form).toBeDefined();
    expect(form).not.toMatch(/\binert\b/);
    expect(form).not.toMatch(/\bdata-live\b/);
  });

  test('the service worker precaches the shell, not the prerendered pages', async ({ request }) => {
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    const text = await sw.text();
    expect(text).toContain('"index.html"');
    expect(text).not.toContain('prerendered/');
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its heading and content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Temporary Car Insurance' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Instant Quote' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Financial Conduct Authority');
    await expect(page).toHaveTitle(`Temporary Car Insurance | ${brand.name}`);
  });

  test('the FAQ shows its heading and its questions', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('main').getByText('What types of insurance do you offer?')).toBeVisible();
  });
});

// ---- in the browser -------------------------------------------------------------------------------------

interface Probe {
  csp: string[];
  cls: number;
  shifts: string[];
  firstH1: Element | null;
  h1Removed: boolean;
  flush(): void;
}
type ProbeWindow = Window & { __probe: Probe };

/**
 * Before any of the page's scripts: records CSP violations, layout shifts (buffered, so those before the
 * observer count too), the first #root h1 the parser inserts, and whether an h1 was ever taken out of the page.
 */
function installProbe(): void {
  const probe: Probe = { csp: [], cls: 0, shifts: [], firstH1: null, h1Removed: false, flush: () => undefined };
  (window as unknown as ProbeWindow).__probe = probe;
  document.addEventListener('securitypolicyviolation', (e) => probe.csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries as unknown as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
      if (entry.hadRecentInput) continue;
      probe.cls += entry.value;
      const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
      probe.shifts.push(`${entry.value.toFixed(4)} @${Math.round(entry.startTime)}ms ${nodes.join(', ')}`);
    }
  };
  const layout = new PerformanceObserver((list) => record(list.getEntries()));
  layout.observe({ type: 'layout-shift', buffered: true });
  probe.flush = () => record(layout.takeRecords());
  const noteH1 = () => {
    probe.firstH1 ??= document.querySelector('#root h1');
  };
  new MutationObserver((records) => {
    noteH1();
    for (const r of records) {
      for (const node of r.removedNodes) {
        if (node instanceof Element && (node.tagName === 'H1' || node.querySelector('h1'))) probe.h1Removed = true;
      }
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', noteH1);
}

/** Console errors and uncaught page errors from here on. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** A visitor starts to use the page (a key press: the app loads then, src-client/boot/main.ts); the app goes live. */
async function waitUntilLive(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-app-live', 'true');
}

/** What the probe saw, after the frames that follow going live (the render React schedules after hydrating). */
async function probeResult(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
  return page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).__probe;
    probe.flush();
    const h1 = document.querySelector('#root h1');
    return {
      csp: probe.csp,
      cls: probe.cls,
      shifts: probe.shifts,
      sawH1: probe.firstH1 !== null,
      sameH1: probe.firstH1 !== null && probe.firstH1 === h1 && h1.isConnected,
      h1Removed: probe.h1Removed,
      h1Text: h1?.textContent ?? null,
      title: document.title,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    };
  });
}

test.describe('hydration in place', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installProbe);
  });

  for (const path of ['/', '/faq', '/login', '/request-quote-step1', '/support', '/privacy-policy']) {
    test(`${path} goes live on the same markup: no errors, no CSP violation, no layout shift`, async ({ page }) => {
      const problems = collectProblems(page);
      const served = readHtml(await (await page.request.get(path)).text());
      await page.goto(path);
      await waitUntilLive(page);
      const seen = await probeResult(page);
      expect(seen.sawH1, 'the served page had its h1 before the app started').toBe(true);
      expect(seen.h1Removed, 'no h1 was taken out of the page').toBe(false);
      expect(seen.sameH1, 'the h1 parsed from the HTML is the node the live app shows').toBe(true);
      expect(seen.h1Text).toBe(HEADINGS[path]);
      expect(seen.title, 'the title stays as the build wrote it').toBe(served.titles[0]);
      expect(seen.canonical).toBe(`${PUBLIC_URL}${path}`);
      expect(seen.csp, 'CSP violations').toEqual([]);
      expect(problems).toEqual([]);
      // Sub-pixel rounding (a shift of 0.00002 has been seen on the logo) is not a shift anyone sees.
      expect(seen.cls, `layout shifts:\n${seen.shifts.join('\n')}`).toBeLessThan(0.001);
    });
  }
});

test.describe('pages drawn anew', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installProbe);
  });

  test('/login?next=/claims shows the form, and signing in goes to /claims', async ({ page, request }) => {
    const user = { username: unique('pre'), password: 'prerender-password-1' };
    await createAccount(request, user);
    const problems = collectProblems(page);
    await page.goto('/login?next=/claims');
    await waitUntilLive(page);
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await page.locator('input[name="username"]').fill(user.username);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/claims$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Make a claim' })).toBeVisible();
    expect((await probeResult(page)).csp).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('/request-quote-step2 without a draft goes to step 1', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/request-quote-step2');
    await expect(page).toHaveURL(/\/request-quote-step1$/);
    await waitUntilLive(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Personal Details' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Vehicle' })).toHaveCount(0);
    const seen = await probeResult(page);
    // The canonical link the build wrote for step 2 goes with the redirect.
    expect(seen.canonical).toBeNull();
    expect(seen.csp).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a signed-in customer opening / sees My policies in the top bar once the app is live', async ({ page, request }) => {
    const user = { username: unique('pre'), password: 'prerender-password-1' };
    const id = await createAccount(request, user);
    const token = await apiToken(request, user.username, user.password);
    // Into localStorage before the page's own scripts, on the site's origin only (not the first about:blank).
    await page.addInitScript(
      ({ token, user }) => {
        if (location.protocol !== 'http:') return;
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', JSON.stringify(user));
        window.localStorage.setItem('isAdmin', 'false');
      },
      { token, user: { id, username: user.username, isAdmin: false, isOwner: false } },
    );
    const problems = collectProblems(page);
    await page.goto('/');
    await waitUntilLive(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'My policies' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Get a Quote' })).toHaveCount(0);
    expect((await probeResult(page)).csp).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test('a form typed into once the app is live keeps its text', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/login');
  await waitUntilLive(page);
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form).not.toHaveAttribute('inert');
  const username = page.locator('input[name="username"]');
  await username.pressSequentially('typed-after-live');
  await expect(username).toHaveValue('typed-after-live');
  // Still there after the frames that follow (nothing re-renders the form over it).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))));
  await expect(username).toHaveValue('typed-after-live');
  await expect(username).toBeFocused();
  expect(problems).toEqual([]);
});

/** Holds the app's main chunk until `release` is called: what a visitor does before the app is live, on demand. */
async function holdApp(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requestedResolve!: () => void;
  const requested = new Promise<void>((resolve) => (requestedResolve = resolve));
  await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
    requestedResolve();
    await released;
    await route.continue();
  });
  return { requested, release };
}

const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((r) => new URL(r.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );

test.describe('before the app is live', () => {
  for (const path of ['/', '/faq', '/login', '/request-quote-step1']) {
    test(`${path}, only read, fetches its start-up script and no more; a key press brings the app`, async ({ page }) => {
      const problems = collectProblems(page);
      await page.goto(path);
      await page.waitForLoadState('load');
      // Time enough for anything started at load or after the first paint to have been asked for.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      const scripts = await scriptsFetched(page);
      expect(scripts, 'the start-up script only').toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      await expect(page.locator('html')).not.toHaveAttribute('data-app-live');
      await waitUntilLive(page);
      expect((await scriptsFetched(page)).length).toBeGreaterThan(1);
      expect(problems).toEqual([]);
    });
  }

  test('a sign-in typed and sent before the app is live is kept and sent once it is', async ({ page, request }) => {
    const user = { username: unique('early'), password: 'early-password-1' };
    await createAccount(request, user);
    const problems = collectProblems(page);
    const app = await holdApp(page);
    await page.goto('/login');
    const username = page.locator('input[name="username"]');
    // Focusing the field is the visitor starting to use the page: the app is asked for (and held here).
    await username.fill(user.username);
    await app.requested;
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('input[name="password"]').press('Enter');
    // Held: not sent by the browser (no GET with the fields in the address), and busy until the app takes it.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('form', { name: 'Login' })).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('html')).not.toHaveAttribute('data-app-live');
    await expect(username).toHaveValue(user.username);
    app.release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("step 1 of a quote typed before the app is live goes on to step 2 with everything typed", async ({ page }) => {
    const problems = collectProblems(page);
    const app = await holdApp(page);
    await page.goto('/request-quote-step1');
    const values = {
      firstName: 'Early',
      lastName: 'Typist',
      email: 'early.typist@example.com',
      phone: '07700900123',
      dateOfBirth: '1990-04-02',
      address: '1 Kerb Street, Leeds',
      postcode: 'LS1 4AP',
      licenceNumber: 'TYPIS904020E99AB',
      licenceYears: '12',
    };
    // Focusing the first field is the visitor starting to use the page: the app is asked for (and held here).
    for (const [name, value] of Object.entries(values)) await page.locator(`[name="${name}"]`).fill(value);
    await app.requested;
    await page.locator('select[name="product"]').selectOption({ index: 1 });
    await page.locator('select[name="licenceType"]').selectOption('Full UK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/request-quote-step1$/);
    app.release();
    await expect(page).toHaveURL(/\/request-quote-step2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Vehicle' })).toBeVisible();
    const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem('kerbside.quoteRequest') ?? 'null') as { personal?: Record<string, string> });
    expect(draft.personal).toMatchObject(values);
    expect(problems).toEqual([]);
  });
});

test('a click with no key or pointer before it (as a screen reader may send) is answered, and brings the app', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/faq');
  await page.waitForLoadState('load');
  await expect(page.locator('html')).not.toHaveAttribute('data-app-live');
  const menu = page.getByRole('button', { name: 'Menu' });
  // A bare click event, as assistive technology may dispatch it: no pointerdown, no key, no focus.
  await menu.dispatchEvent('click');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-live', 'true');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
});

test('a page scrolled before the app is live stays where the visitor scrolled it as the app takes it over', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const app = await holdApp(page);
  await page.goto('/terms-of-service');
  const section = page.getByRole('button', { name: /Governing law/ });
  // Tapped down the page: the first tap asks for the app, and the page has been scrolled to it.
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await app.requested;
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  app.release();
  await expect(page.locator('html')).toHaveAttribute('data-app-live', 'true');
  // The router's first render would scroll to the top, moving whatever the visitor was about to tap.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(section).toBeInViewport();
});

// The first tap answered before the app is live (docs/performance.md#the-first-interaction, src-client/boot/).
test.describe('answered before the app is live', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installProbe);
  });

  test('the menu and an FAQ section open at once, stay open as the app takes the page over, and the app answers from then on', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const problems = collectProblems(page);
    const app = await holdApp(page);
    await page.goto('/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    const question = page.getByRole('button', { name: 'What types of insurance do you offer?' });
    const answer = page.getByRole('region', { name: 'What types of insurance do you offer?' });
    await expect(answer).toBeHidden();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    // Answered without the app: it was asked for, and is held here.
    await app.requested;
    await expect(page.locator('html')).not.toHaveAttribute('data-app-live');
    app.release();
    await expect(page.locator('html')).toHaveAttribute('data-app-live', 'true');
    const seen = await probeResult(page);
    expect(seen.sameH1, 'hydrated in place, not drawn anew').toBe(true);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(answer).toBeVisible();
    // The app's own handlers now: one tap each closes them.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await question.click();
    await expect(answer).toBeHidden();
    expect(seen.csp).toEqual([]);
    expect(seen.cls, seen.shifts.join('\n')).toBeLessThan(0.001);
    expect(problems).toEqual([]);
  });

  test('a form sent empty shows its messages at once and is not sent; once live, the app’s own messages take their place', async ({ page }) => {
    const problems = collectProblems(page);
    const app = await holdApp(page);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    const username = page.locator('input[name="username"]');
    await page.getByRole('button', { name: 'Login' }).click();
    // Drawn by CSS on each field's frame (the markup React hydrates is untouched): read as the page shows them.
    const earlyMessages = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-early-error]')].filter((el) => getComputedStyle(el, '::after').content !== 'none').map((el) => el.getAttribute('data-early-error')),
      );
    await expect.poll(earlyMessages).toEqual(['Username is required', 'Password is required']);
    await expect(username).toBeFocused();
    await expect(page.getByRole('alert')).toHaveText('Username is required. Password is required.');
    await expect(form).not.toHaveAttribute('aria-busy');
    // Typing into a field takes its message away.
    await username.pressSequentially('someone');
    await expect.poll(earlyMessages).toEqual(['Password is required']);
    await app.requested;
    app.release();
    await expect(form).toHaveAttribute('data-live', '');
    // Nothing was sent: the page is still the form, with what was typed.
    await expect(page).toHaveURL(/\/login$/);
    await expect(username).toHaveValue('someone');
    // Sent again, the app checks it: its own message shows under the password, and the early one gives way.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('p[id$="-error"]')).toHaveText(['Password is required']);
    await expect.poll(earlyMessages).toEqual([]);
    expect(problems).toEqual([]);
  });
});
