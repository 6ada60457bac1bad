// `npm run lighthouse`: Lighthouse's mobile defaults (Moto G Power screen, 4x CPU slowdown and slow 4G, simulated)
// on the public pages, against the built app served by the real server, in Debian's Chromium. Prints each category's
// score per page (the median of RUNS runs for performance, which varies from run to run) against its target.
// Exported for `npm run bench`, which prints the same rows in its budget table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { buildServer, freePort, ROOT, startServer } from '../process/real-server';
import { perfPort } from './slow-phone';

export const LIGHTHOUSE_PAGES = ['/', '/faq', '/login', '/request-quote-step1'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseRow {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits that lost points outside performance, for the report. */
  failing: string[];
  ok: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function runLighthouse(staticDir = join(ROOT, 'dist', 'client')): Promise<LighthouseRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-lighthouse-'));
  const serverPort = perfPort();
  const server = await startServer(await buildServer(), dataDir, { STATIC_DIR: staticDir }, serverPort ? { port: serverPort } : {});
  const port = perfPort(1) ?? (await freePort());
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', `--remote-debugging-port=${port}`, '--disable-gpu', '--no-first-run'],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: Array<Record<string, number>> = [];
      const failing = new Set<string>();
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.base}${page}`, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { categories, audits } = result.lhr;
        runs.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])));
        for (const c of CATEGORIES.filter((c) => c !== 'performance')) {
          for (const ref of categories[c]?.auditRefs ?? []) {
            const audit = audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(`${c}: ${audit.id} (${audit.title})`);
          }
        }
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, c === 'performance' ? median(runs.map((r) => r[c] ?? 0)) : Math.min(...runs.map((r) => r[c] ?? 0))])) as LighthouseRow['scores'];
      rows.push({ page, scores, failing: [...failing], ok: CATEGORIES.every((c) => scores[c] >= TARGETS[c]) });
    }
    return rows;
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function lighthouseReport(rows: LighthouseRow[]): string[] {
  const lines = [`Lighthouse, mobile defaults, performance the median of ${RUNS} runs (targets: performance >= 98, the others 100):`];
  for (const r of rows) {
    lines.push(
      `  ${r.page.padEnd(22)} ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join('  ')}  [${r.ok ? 'ok' : 'MISSED'}]`,
      ...r.failing.map((f) => `      lost points: ${f}`),
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runLighthouse(process.env.STATIC_DIR);
  for (const line of lighthouseReport(rows)) console.log(line);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
