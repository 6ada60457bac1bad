// The client's import boundaries (eslint.config.js, docs/operations.md#repository-layout) hold: each fixture under
// tests/lint/client/ breaks one zone and is linted as the client file its first line names, and eslint must report
// exactly that zone's rule. A later config block that replaced the rules' options (flat config replaces them
// wholesale) would let a fixture pass, and this fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(root, 'tests/lint/client');

const FEATURES_APART = { rule: 'import-x/no-restricted-paths', message: 'Client features do not import each other' };
/** What eslint must say of each fixture: null for the one that breaks nothing. */
const expected: Record<string, { rule: string; message: string } | null> = {
  'feature-imports-feature.txt': FEATURES_APART,
  'feature-imports-feature-round-about.txt': FEATURES_APART,
  'three-levels-up.txt': { rule: '@typescript-eslint/no-restricted-imports', message: 'No ../../../ imports' },
  'server-by-path.txt': { rule: '@typescript-eslint/no-restricted-imports', message: 'through the @server alias' },
  'server-internal.txt': { rule: '@typescript-eslint/no-restricted-imports', message: 'only @server/contract/* and the AppRouter type' },
  'router-value.txt': { rule: '@typescript-eslint/no-restricted-imports', message: 'Only `import type { AppRouter }`' },
  'within-bounds.txt': null,
};

const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The client file a fixture stands for, from its first line ("// Linted as <path>: ..."). */
function pathOf(text: string): string {
  const path = /^\/\/ Linted as (src-client\/\S+\.tsx?):/.exec(text)?.[1];
  if (!path) throw new Error('a fixture starts with "// Linted as src-client/...:"');
  return join(root, path);
}

describe('the client boundaries eslint holds', () => {
  it('has a fixture for each zone, and every fixture is listed', () => {
    expect(readdirSync(fixtures).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, want] of Object.entries(expected)) {
    it(want ? `reports ${file}` : `lets ${file} pass`, async () => {
      const text = readFileSync(join(fixtures, file), 'utf8');
      const [result] = await eslint.lintText(text, { filePath: pathOf(text) });
      const reported = (result?.messages ?? []).filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId));
      if (!want) {
        expect(result?.messages).toEqual([]);
        return;
      }
      expect(reported.map((m) => m.ruleId)).toEqual([want.rule]);
      expect(reported[0]?.message).toContain(want.message);
    }, 60_000);
  }

  it('keeps every client feature folder apart from the others', async () => {
    const features = readdirSync(join(root, 'src-client/features')).sort();
    const config = (await eslint.calculateConfigForFile(join(root, 'src-client/features/quote/step1-page.tsx'))) as {
      rules: Record<string, [number, { zones: Array<{ target: string }> }]>;
    };
    const zones = config.rules['import-x/no-restricted-paths']?.[1].zones ?? [];
    expect(zones.map((z) => z.target.replace('./src-client/features/', '')).sort()).toEqual(features);
  });
});
