// The browser-side budgets as sections of `npm run bench` (tests/bench/budgets.ts): the public pages' initial
// JavaScript, Lighthouse on four pages, and the dashboard on a slow phone. They measure the build in dist/client
// (or STATIC_DIR), which `npm run bench` builds first.
import { join } from 'node:path';
import type { BenchSection } from '../bench/budgets';
import { ROOT } from '../process/real-server';
import { HOME_JS_BUDGET_BYTES, measurePublicJs } from '../size/home-js';
import { COLD_BUDGET_MS, dashboardReport, measureDashboard, WARM_BUDGET_MS } from './dashboard-load';
import { lighthouseReport, runLighthouse } from './lighthouse';

const staticDir = () => process.env.STATIC_DIR ?? join(ROOT, 'dist', 'client');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export const sizeSection: BenchSection = {
  name: 'size',
  async run(table, log) {
    const [home] = await measurePublicJs(staticDir(), ['/']);
    log(`home page initial JavaScript: ${home!.scripts.length} scripts; until the app is live once used: ${home!.liveScripts.length} scripts, ${(home!.liveGzip / 1024).toFixed(1)} KB gzip`);
    table.check('home page initial JavaScript (gzip, opened and read)', home!.totalGzip / 1024, { below: HOME_JS_BUDGET_BYTES / 1024, unit: 'KB', digits: 1 });
  },
};

export const lighthouseSection: BenchSection = {
  name: 'lighthouse',
  async run(table, log) {
    const rows = await runLighthouse(staticDir());
    for (const line of lighthouseReport(rows)) log(line);
    for (const r of rows) {
      table.check(`Lighthouse ${r.page} performance (median)`, r.scores.performance, { atLeast: 98, unit: '%', digits: 0 });
      const others = Math.min(r.scores.accessibility, r.scores['best-practices'], r.scores.seo);
      table.add({
        name: `Lighthouse ${r.page} a11y / best practices / SEO`,
        figure: `${r.scores.accessibility} / ${r.scores['best-practices']} / ${r.scores.seo}`,
        target: '100 each',
        ok: others >= 100,
      });
    }
  },
};

export const dashboardSection: BenchSection = {
  name: 'dashboard',
  async run(table, log) {
    const result = await measureDashboard(staticDir());
    for (const line of dashboardReport(result).lines) log(line);
    table.check('dashboard policy card, cold, slow phone', median(result.cold), { below: COLD_BUDGET_MS, unit: 'ms', digits: 0 });
    table.check('dashboard policy card, warm, slow phone', median(result.warm), { below: WARM_BUDGET_MS, unit: 'ms', digits: 0 });
  },
};
