// `npm run size`: the public pages' initial JavaScript, the home page's against its budget (builds first).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGES } from '../../src-server/contract/public-pages';
import { HOME_JS_BUDGET_BYTES, measurePublicJs } from './home-js';

const root = process.env.STATIC_DIR ?? fileURLToPath(new URL('../../dist/client', import.meta.url));
if (!existsSync(`${root}/index.html`)) {
  console.error(`No build at ${root}: run npm run build first.`);
  process.exit(1);
}
const results = await measurePublicJs(root, PUBLIC_PAGES.filter((p) => p.hydrate).map((p) => p.path));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('Public pages’ JavaScript, gzip -9: initial (opened and read) and until the app is live (once used):');
for (const r of results) {
  console.log(`  ${r.page.padEnd(22)} initial ${kb(r.totalGzip).padStart(9)} in ${r.scripts.length} scripts   until live ${kb(r.liveGzip).padStart(9)} in ${r.liveScripts.length}`);
}
const home = results.find((r) => r.page === '/')!;
console.log('\nThe home page’s scripts until the app is live (* = initial):');
const initial = new Set(home.scripts.map((s) => s.path));
for (const s of home.liveScripts) console.log(`  ${initial.has(s.path) ? '*' : ' '} ${s.path.padEnd(44)} ${kb(s.raw).padStart(9)} raw ${kb(s.gzip).padStart(8)} gzip`);
const ok = home.totalGzip <= HOME_JS_BUDGET_BYTES;
console.log(`\nhome initial JavaScript ${kb(home.totalGzip)}, budget ${kb(HOME_JS_BUDGET_BYTES)}: ${ok ? 'ok' : 'MISSED'}`);
process.exit(ok ? 0 : 1);
