// `npm run perf:inp`: the first thing a new visitor does on each public page, done the moment the page is painted,
// on the slow phone (tests/perf/slow-phone.ts), in a fresh browser profile (nothing cached, no service worker):
// - menu: a tap on 'Menu' (phone width) opens the menu;
// - type: a tap into the form's first text field, then typing a word, shows every character;
// - submit: a tap on the form's send button (quote step 1's Continue) with every field empty shows its messages.
// Each is timed twice, and both must be within the budget (docs/performance.md#the-first-interaction):
// - the browser's own figure, the Event Timing API (PerformanceObserver 'event' with durationThreshold 16 and
//   'first-input'): an interaction's duration is its input delay, processing and the wait for the next paint;
//   for typing, the longest of the tap's and each key's;
// - the outcome: from the input's time stamp to the first frame in which the result is on the page (the menu's
//   links visible, the typed characters in the field, a message under a field), checked in every frame.
// Also each page's first contentful paint. The median of RUNS runs of each.
//
// What the harness puts on the page is small and passive: performance observers, and at the first input a check
// once a frame. The input itself is the browser's (CDP touch and key events), as a phone sends it.
//
//   INP_RUNS=3           runs of each page and interaction
//   INP_ONLY=/faq,/login  only these pages
//   STATIC_DIR=...       the build to serve (default dist/client)
//   PERF_PORT=4660       the server's port
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { PUBLIC_PAGES } from '../../src-server/contract/public-pages';
import { buildServer, ROOT, startServer } from '../process/real-server';
import { CHROMIUM, perfPort, PHONE, slowPhone } from './slow-phone';

export const INTERACTION_BUDGET_MS = 200;
export const FCP_BUDGET_MS = 1800;
const RUNS = Number(process.env.INP_RUNS ?? 3);
/** What is typed into a form's first field, one key every TYPE_GAP_MS (a quick thumb). */
const TYPED = 'Priya';
const TYPE_GAP_MS = 120;
/** Longest wait for an outcome before the run counts as never answered. */
const OUTCOME_TIMEOUT_MS = 15_000;

export type Kind = 'menu' | 'type' | 'submit';

/** Where each kind of interaction lands. */
const TARGETS: Record<Kind, string> = {
  menu: 'nav[aria-label="Main"] button[aria-controls]',
  type: 'main form input:is([type="text"], [type="email"], [type="tel"], [type="password"], :not([type]))',
  submit: 'main form button[type="submit"]',
};

export interface Scenario {
  path: string;
  kind: Kind;
}

export interface RunResult {
  fcp: number;
  /** The longest Event Timing duration of the interaction (for typing: of the tap and every key). */
  duration: number;
  /** Input to the outcome on the page; Infinity when it never came. */
  outcome: number;
  /** From the navigation's start to the app live on the page (html[data-app-live]); null when it never was. */
  appLive: number | null;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * The interactions each page offers, read from its served HTML: a menu to open, a form to type into and send. The
 * forms of a page the app draws anew (the quote's later steps, which need step 1's answers and otherwise go back to
 * it) stay inert until it has (docs/product.md#public-pages): only its menu is tried.
 */
export async function scenariosOf(base: string, paths: readonly string[]): Promise<Scenario[]> {
  const scenarios: Scenario[] = [];
  for (const path of paths) {
    const html = await (await fetch(base + path)).text();
    if (/<button[^>]*aria-controls="[^"]*"[^>]*>Menu<\/button>/.test(html)) scenarios.push({ path, kind: 'menu' });
    const main = html.slice(html.indexOf('<main'));
    if (!/<form\b/.test(main) || !PUBLIC_PAGES.find((p) => p.path === path)?.hydrate) continue;
    scenarios.push({ path, kind: 'type' });
    // A form whose button stays disabled until it is filled in (register) cannot be sent empty.
    const submit = /<button[^>]*type="submit"[^>]*>/.exec(main)?.[0];
    if (submit && !/\sdisabled=""/.test(submit)) scenarios.push({ path, kind: 'submit' });
  }
  return scenarios;
}

interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

interface PageProbe {
  entries: EventEntry[];
  firstInput: EventEntry | null;
  appLive: number | null;
}

/** On the page before its own scripts: the observers, and the outcome's check from the first input on. */
function installProbe({ kind, target, typed, timeout }: { kind: Kind; target: string; typed: string; timeout: number }): void {
  if (location.protocol !== 'http:') return;
  type Entry = PerformanceEventTiming & { interactionId?: number };
  type ProbeWindow = Window & {
    __inp: PageProbe;
    __inpPainted: (fcp: number, at: { x: number; y: number } | null) => void;
    __inpOutcome: (ms: number) => void;
  };
  const w = window as unknown as ProbeWindow;
  const probe: PageProbe = { entries: [], firstInput: null, appLive: null };
  w.__inp = probe;
  const keep = (e: Entry) => ({
    name: e.name,
    startTime: e.startTime,
    duration: e.duration,
    processingStart: e.processingStart,
    processingEnd: e.processingEnd,
    interactionId: e.interactionId ?? 0,
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.entries.push(keep(e as Entry));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.firstInput = keep(e as Entry);
  }).observe({ type: 'first-input', buffered: true });
  // The init script runs before <html> exists: the document is watched.
  new MutationObserver((_records, observer) => {
    if (!document.documentElement?.hasAttribute('data-app-live')) return;
    probe.appLive = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-live'] });

  const painted = new PerformanceObserver((list) => {
    const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
    if (!fcp) return;
    painted.disconnect();
    const element = document.querySelector(target);
    // A phone's visitor scrolls to what is below the fold before tapping it.
    const seen = element?.getBoundingClientRect();
    if (element && seen && (seen.top < 0 || seen.bottom > innerHeight)) element.scrollIntoView({ block: 'center', behavior: 'instant' });
    const r = element?.getBoundingClientRect();
    w.__inpPainted(fcp.startTime, r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null);
  });
  painted.observe({ type: 'paint', buffered: true });

  /** Whether the interaction's result is on the page now. */
  const messageShown = () => {
    const form = document.querySelector<HTMLButtonElement>(target)?.form;
    if (!form) return false;
    for (const el of form.querySelectorAll('[id$="-error"], [data-early-error]')) {
      if (!el.checkVisibility()) continue;
      if (el.id.endsWith('-error') || getComputedStyle(el, '::after').content !== 'none') return true;
    }
    return false;
  };
  const menuOpen = () => [...document.querySelectorAll('nav[aria-label="Main"] a')].some((a) => a.textContent?.trim() === 'Contact Us' && a.checkVisibility());
  const keys: number[] = [];
  let tappedAt: number | null = null;
  let worst = 0;
  let resolved = 0;
  const deadline = () => (tappedAt ?? 0) + timeout;
  const check = () => {
    const now = performance.now();
    if (tappedAt === null) return;
    if (kind === 'type') {
      const field = document.querySelector<HTMLInputElement>(target);
      if (resolved === 0 && document.activeElement === field) {
        worst = Math.max(worst, now - tappedAt);
        resolved = 1;
      }
      // Key i (1-based) is answered once the field holds i characters.
      while (resolved >= 1 && resolved - 1 < keys.length && (field?.value.length ?? 0) >= resolved) {
        worst = Math.max(worst, now - keys[resolved - 1]!);
        resolved++;
      }
      if (resolved - 1 === typed.length) return w.__inpOutcome(worst);
    } else if (kind === 'menu' ? menuOpen() : messageShown()) return w.__inpOutcome(now - tappedAt);
    if (now > deadline()) return w.__inpOutcome(Infinity);
    requestAnimationFrame(check);
  };
  addEventListener(
    'pointerdown',
    (e) => {
      if (tappedAt !== null) return;
      tappedAt = e.timeStamp;
      requestAnimationFrame(check);
    },
    { capture: true, passive: true },
  );
  addEventListener('keydown', (e) => keys.push(e.timeStamp), { capture: true, passive: true });
}

export async function runOnce(browser: Browser, base: string, { path, kind }: Scenario): Promise<RunResult> {
  const context = await browser.newContext(PHONE);
  try {
    let paintedResolve!: (v: { fcp: number; at: { x: number; y: number } | null }) => void;
    const painted = new Promise<{ fcp: number; at: { x: number; y: number } | null }>((r) => (paintedResolve = r));
    let outcomeResolve!: (ms: number) => void;
    const outcome = new Promise<number>((r) => (outcomeResolve = r));
    await context.exposeBinding('__inpPainted', (_s, fcp: number, at: { x: number; y: number } | null) => paintedResolve({ fcp, at }));
    // Infinity does not survive the binding's JSON: null stands for it.
    await context.exposeBinding('__inpOutcome', (_s, ms: number | null) => outcomeResolve(ms ?? Infinity));
    // tsx names the probe's inner functions through a helper of its own (esbuild's keepNames): the page needs it too.
    await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
    await context.addInitScript(installProbe, { kind, target: TARGETS[kind], typed: TYPED, timeout: OUTCOME_TIMEOUT_MS });
    const page = await context.newPage();
    if (process.env.INP_DEBUG) page.on('console', (m) => console.log(`  [page] ${m.text()}`));
    if (process.env.INP_DEBUG) page.on('pageerror', (e) => console.log(`  [page error] ${e.message}`));
    await slowPhone(context, page);
    await page.goto(base + path, { waitUntil: 'commit' });
    const { fcp, at } = await withTimeout(painted, 30_000, `${path}: no first contentful paint`);
    if (!at) throw new Error(`${path}: nothing to ${kind} (${TARGETS[kind]})`);
    await page.touchscreen.tap(at.x, at.y);
    if (kind === 'type') {
      for (const key of TYPED) {
        await new Promise((r) => setTimeout(r, TYPE_GAP_MS));
        await page.keyboard.press(key);
      }
    }
    const answered = await withTimeout(outcome, OUTCOME_TIMEOUT_MS + 5000, `${path}: the ${kind} check never reported`);
    // The Event Timing entries come after the frame that presents the interaction's result: the first input's
    // always does (it has no threshold), and the others with it or before it.
    await page.waitForFunction(() => (window as unknown as { __inp: PageProbe }).__inp.firstInput !== null, null, { polling: 100, timeout: 10_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const probe = await page.evaluate(() => (window as unknown as { __inp: PageProbe }).__inp);
    if (process.env.INP_DEBUG) {
      console.log(`  ${path} ${kind}: fcp ${Math.round(fcp)}, first input ${JSON.stringify(probe.firstInput)}`);
      for (const e of probe.entries.filter((e) => e.interactionId > 0)) {
        const delay = Math.round(e.processingStart - e.startTime);
        const processing = Math.round(e.processingEnd - e.processingStart);
        console.log(`    ${e.name} @${Math.round(e.startTime)} ${e.duration} ms: delay ${delay}, processing ${processing}, presentation ${Math.round(e.duration - delay - processing)}`);
      }
    }
    return { fcp, duration: interactionDuration(probe, kind), outcome: answered, appLive: probe.appLive };
  } finally {
    await context.close();
  }
}

/** The interaction's Event Timing duration: the longest entry of the first interaction (for typing, of all). */
function interactionDuration(probe: PageProbe, kind: Kind): number {
  const first = probe.firstInput;
  if (!first) return NaN;
  const ids = new Set(probe.entries.filter((e) => e.interactionId > 0).map((e) => e.interactionId));
  const firstId = first.interactionId;
  const counted = kind === 'type' ? [...ids].filter((id) => id >= firstId) : [firstId];
  const longest = probe.entries.filter((e) => counted.includes(e.interactionId)).reduce((m, e) => Math.max(m, e.duration), 0);
  return Math.max(first.duration, longest);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

export interface ScenarioResult extends Scenario {
  runs: RunResult[];
  /** Medians of the runs. */
  fcp: number;
  duration: number;
  outcome: number;
  appLive: number | null;
  ok: boolean;
}

export async function measureFirstInput(staticDir = join(ROOT, 'dist', 'client'), only?: readonly string[]): Promise<ScenarioResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-inp-'));
  const port = perfPort();
  const server = await startServer(await buildServer(), dataDir, { STATIC_DIR: staticDir }, port ? { port } : {});
  const browser = await chromium.launch(CHROMIUM);
  try {
    const paths = PUBLIC_PAGES.map((p) => p.path).filter((p) => !only || only.includes(p));
    const scenarios = await scenariosOf(server.base, paths);
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const runs: RunResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(browser, server.base, scenario));
      const duration = median(runs.map((r) => r.duration));
      const outcome = median(runs.map((r) => r.outcome));
      const live = runs.map((r) => r.appLive).filter((t): t is number => t !== null);
      results.push({
        ...scenario,
        runs,
        fcp: median(runs.map((r) => r.fcp)),
        duration,
        outcome,
        appLive: live.length === runs.length ? median(live) : null,
        ok: duration <= INTERACTION_BUDGET_MS && outcome <= INTERACTION_BUDGET_MS,
      });
    }
    return results;
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number | null) => (n === null ? '-' : Number.isFinite(n) ? `${Math.round(n)}` : 'never');

export function firstInputReport(results: ScenarioResult[]): { lines: string[]; ok: boolean } {
  const lines = [
    `The first interaction at first paint, slow phone (4x CPU, 1.6 Mbps, 150 ms RTT), median of ${RUNS} runs (ms):`,
    `  ${'page'.padEnd(22)} ${'interaction'.padEnd(12)} ${'event'.padStart(6)} ${'outcome'.padStart(8)}   verdict (budget ${INTERACTION_BUDGET_MS})   runs (event/outcome)   app live`,
  ];
  for (const r of results) {
    const runs = r.runs.map((x) => `${ms(x.duration)}/${ms(x.outcome)}`).join(' ');
    lines.push(`  ${r.path.padEnd(22)} ${r.kind.padEnd(12)} ${ms(r.duration).padStart(6)} ${ms(r.outcome).padStart(8)}   ${(r.ok ? 'ok' : 'MISSED').padEnd(22)}   ${runs.padEnd(20)}   ${ms(r.appLive)}`);
  }
  lines.push(`First contentful paint (budget ${FCP_BUDGET_MS} ms), median of every run on the page:`);
  const byPage = new Map<string, number[]>();
  for (const r of results) byPage.set(r.path, [...(byPage.get(r.path) ?? []), ...r.runs.map((x) => x.fcp)]);
  let fcpOk = true;
  for (const [path, fcps] of byPage) {
    const m = median(fcps);
    fcpOk &&= m <= FCP_BUDGET_MS;
    lines.push(`  ${path.padEnd(22)} ${ms(m).padStart(6)}   ${m <= FCP_BUDGET_MS ? 'ok' : 'MISSED'}   (runs ${fcps.map(ms).join(', ')})`);
  }
  return { lines, ok: fcpOk && results.every((r) => r.ok) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.env.INP_ONLY?.split(',').map((s) => s.trim());
  const report = firstInputReport(await measureFirstInput(process.env.STATIC_DIR, only));
  for (const line of report.lines) console.log(line);
  process.exit(report.ok ? 0 : 1);
}
