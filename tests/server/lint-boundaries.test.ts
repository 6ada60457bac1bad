// The server's boundaries are lint's (eslint.config.js, docs/operations.md#repository-layout): each fixture under
// tests/lint/server/ breaks one zone, linted as the file its first line names, and eslint must refuse it; a later
// block that replaced the rule's options would let them pass, and this fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const fixtures = join(root, 'tests/lint/server');
const BOUNDARY_RULES = ['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports'];

/** The fixture's code and the path it lints as, from its first line ("// Lints as <path>: ..."). */
function fixture(name: string): { code: string; filePath: string } {
  const code = readFileSync(join(fixtures, name), 'utf8');
  const as = /^\/\/ Lints as (\S+):/.exec(code)?.[1];
  if (!as) throw new Error(`${name} names no path on its first line`);
  return { code, filePath: join(root, as) };
}

const eslint = new ESLint({ cwd: root });

async function boundaryErrors(name: string): Promise<string[]> {
  const { code, filePath } = fixture(name);
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && BOUNDARY_RULES.includes(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

const breaking = readdirSync(fixtures).filter((f) => f.endsWith('.ts.txt') && f !== 'allowed.ts.txt');

describe('the server boundaries', { timeout: 60_000 }, () => {
  it('has a fixture for each zone', () => {
    expect(breaking.length).toBeGreaterThanOrEqual(10);
  });

  it.each(breaking)('refuses %s', async (name) => {
    expect(await boundaryErrors(name)).not.toEqual([]);
  });

  it('lets through a lower module by its door and a platform internal’s type', async () => {
    expect(await boundaryErrors('allowed.ts.txt')).toEqual([]);
  });

  it('holds the same zones in every server file: no later block replaces them', async () => {
    const zonesOf = async (file: string) => JSON.stringify((await eslint.calculateConfigForFile(join(root, file)))?.rules?.['import-x/no-restricted-paths']);
    const expected = await zonesOf('src-server/app.ts');
    expect(expected).toContain('zones');
    for (const file of ['src-server/api/rest.ts', 'src-server/contract/views.ts', 'src-server/platform/clock.ts', 'src-server/modules/accounts/index.ts', 'src-server/modules/reporting/stats/service.ts']) {
      expect(await zonesOf(file)).toBe(expected);
    }
  });
});
