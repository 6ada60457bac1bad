// `npm run size`: the home page's initial JavaScript against its budget (builds first when needed).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HOME_JS_BUDGET_BYTES, measureHomeJs } from './home-js';

const root = process.env.STATIC_DIR ?? fileURLToPath(new URL('../../dist/client', import.meta.url));
if (!existsSync(`${root}/index.html`)) {
  console.error(`No build at ${root}: run npm run build first.`);
  process.exit(1);
}
const { scripts, totalGzip } = await measureHomeJs(root);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('Home page initial JavaScript (every script fetched before the heading shows, gzip -9):');
for (const s of scripts) console.log(`  ${s.path.padEnd(40)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(9)} gzip`);
console.log(`  total ${kb(totalGzip)} gzip, budget ${kb(HOME_JS_BUDGET_BYTES)}: ${totalGzip < HOME_JS_BUDGET_BYTES ? 'ok' : 'OVER BUDGET'}`);
process.exit(totalGzip < HOME_JS_BUDGET_BYTES ? 0 : 1);
