// `npm run perf:devices`: each client performance device against a build without it, in one run, on the figures
// it exists for (docs/performance.md#client-performance-devices). Every variant is built from the checkout with one
// edit taking the device out, served by a server of its own, and measured in turn, round after round (interleaved),
// so a busy machine weighs on every variant alike:
// - the dashboard's policy card, cold and warm (dashboard-load.ts);
// - the first paint and the first interaction (first-input.ts): typing into quote step 1, the menu on /.
//
//   DEVICE_RUNS=5              rounds
//   DEVICE_ONLY=early-fetch    only these variants (and the full build)
//   DEVICE_DASHBOARD=0         not the dashboard's figures
//   DEVICE_INPUTS=0            not the first paint's and first interaction's
//   PERF_PORT=4660             the first server's port (one a variant from there)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildServer, ROOT, startServer } from '../process/real-server';
import { customerToken, dashboardRun } from './dashboard-load';
import { median, runOnce, type Scenario } from './first-input';
import { CHROMIUM, perfPort } from './slow-phone';

/** A build without one device: the edit that takes it out. */
interface Variant {
  name: string;
  file: string;
  find: string;
  replace: string;
}

const VARIANTS: Variant[] = [
  { name: 'early-fetch', file: 'src-client/boot/main.ts', find: 'fetchPageDataEarly(pathname);', replace: '' },
  { name: 'ssr-state', file: 'src-client/app.tsx', find: 'router.ssr = { manifest: undefined };', replace: '' },
  { name: 'sw-when-idle', file: 'src-client/app.tsx', find: "const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: REGISTER_IDLE_TIMEOUT_MS }) : setTimeout(register, 0));", replace: 'const whenIdle = register;' },
  { name: 'chunk-groups', file: 'vite.config.ts', find: 'rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },', replace: '' },
  // Without these two a tap or a send before the app is live is answered by the app once it is.
  { name: 'early-disclosures', file: 'src-client/boot/early-input.ts', find: 'if (disclosure) toggleDisclosure(disclosure);', replace: 'void disclosure;' },
  { name: 'early-messages', file: 'src-client/boot/early-input.ts', find: 'if (showEmptyMessages(emptyRequiredFields(form))) return;', replace: '' },
];

const ROUNDS = Number(process.env.DEVICE_RUNS ?? 5);
const only = process.env.DEVICE_ONLY?.split(',');
const DASHBOARD = process.env.DEVICE_DASHBOARD !== '0';
const SCENARIOS: Scenario[] = process.env.DEVICE_INPUTS === '0' ? [] : [
  { path: '/request-quote-step1', kind: 'type' },
  { path: '/request-quote-step1', kind: 'submit' },
  { path: '/', kind: 'menu' },
];

/** Builds the checkout with `edit` applied (none: as it is) into folder `name`; returns the client build. */
function buildVariant(work: string, name: string, edit: Variant | null): string {
  const tree = join(work, name);
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => f && f !== 'node_modules');
  for (const file of files) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    cpSync(join(ROOT, file), join(tree, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  if (edit) {
    const path = join(tree, edit.file);
    const source = readFileSync(path, 'utf8');
    const changed = source.replace(edit.find, edit.replace);
    if (changed === source) throw new Error(`${edit.name}: ${String(edit.find)} is not in ${edit.file}`);
    writeFileSync(path, changed);
  }
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: tree, stdio: 'inherit' });
  return join(tree, 'dist', 'client');
}

const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)}` : 'never');
const stats = (xs: number[]) => `${ms(median(xs))} (${ms(Math.min(...xs))}-${ms(Math.max(...xs))})`;

const work = mkdtempSync(join(tmpdir(), 'kerbside-devices-'));
// The full build twice: what two builds of the same code differ by is the run-to-run noise.
const variants = [
  { name: 'full', edit: null },
  { name: 'full again', edit: null },
  ...VARIANTS.filter((v) => !only || only.includes(v.name)).map((v) => ({ name: `without ${v.name}`, edit: v })),
];
const builds = variants.map((v, i) => ({ name: v.name, dir: buildVariant(work, `v${i}`, v.edit) }));
const serverBuild = await buildServer();
const servers = await Promise.all(
  builds.map(async (b, i) => {
    const port = perfPort(i);
    const dataDir = join(work, `data-${i}`);
    mkdirSync(dataDir);
    const server = await startServer(serverBuild, dataDir, { STATIC_DIR: b.dir }, port ? { port } : {});
    return { ...b, server, token: await customerToken(server.base), figures: new Map<string, number[]>() };
  }),
);
const browser = await chromium.launch(CHROMIUM);
const loads: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    // A new order each round: a phase of the machine does not always fall on the same variant.
    const order = servers.map((s) => ({ s, key: Math.random() })).sort((a, b) => a.key - b.key).map(({ s }) => s);
    for (const s of order) {
      loads.push(loadavg()[0]!);
      const add = (figure: string, ms: number) => s.figures.set(figure, [...(s.figures.get(figure) ?? []), ms]);
      if (DASHBOARD) {
        const card = await dashboardRun(browser, s.server.base, s.token);
        add('dashboard card, cold', card.cold);
        add('dashboard card, warm', card.warm);
      }
      for (const scenario of SCENARIOS) {
        const run = await runOnce(browser, s.server.base, scenario);
        add(`first paint ${scenario.path}`, run.fcp);
        add(`first ${scenario.kind} ${scenario.path} (event)`, run.duration);
        add(`first ${scenario.kind} ${scenario.path} (outcome)`, run.outcome);
      }
    }
  }
  console.log(`Client devices, slow phone, ${ROUNDS} interleaved rounds, load average median ${median(loads).toFixed(1)}, highest ${Math.max(...loads).toFixed(1)} (2 cores): median (range) ms`);
  const figures = [...new Set(servers.flatMap((s) => [...s.figures.keys()]))];
  console.log(`  ${'figure'.padEnd(42)}${servers.map((s) => s.name.padEnd(26)).join('')}`);
  for (const figure of figures) console.log(`  ${figure.padEnd(42)}${servers.map((s) => (s.figures.has(figure) ? stats(s.figures.get(figure)!) : '-').padEnd(26)).join('')}`);
} finally {
  await browser.close();
  for (const s of servers) s.server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.server.exited));
  rmSync(work, { recursive: true, force: true });
}
