// `npm run docs:api`: writes docs/api.md's route and procedure tables from the operation table (scripts/api-tables.ts
// says how; docs/api.md#rest-routes). `-- --check` writes nothing and fails when the file differs from what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiTables } from './api-tables';

const FILE = fileURLToPath(new URL('../docs/api.md', import.meta.url));

const current = readFileSync(FILE, 'utf8');
let written: string;
try {
  written = renderApiTables(current);
} catch (error) {
  // A section's marker to fix by hand (an operation in none, or a name matching none): the message says which.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (written === current) {
  console.log('docs/api.md: the tables match the operation table.');
} else if (process.argv.includes('--check')) {
  console.error('docs/api.md: the tables differ from the operation table; run `npm run docs:api` and commit the file.');
  process.exitCode = 1;
} else {
  writeFileSync(FILE, written);
  console.log('docs/api.md: the tables written again from the operation table.');
}
