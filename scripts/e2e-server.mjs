// The server the browser tests drive: the built app on a fresh temporary database.
import { mkdirSync, rmSync } from 'node:fs';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = `file:${dataDir}/e2e.db`;
process.env.SKIP_BUILD ??= '1';
await import('./start.mjs');
