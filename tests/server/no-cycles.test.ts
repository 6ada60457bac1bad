// No two source files import each other, by any path, types included (docs/operations.md#repository-layout).
// eslint's import-x/no-cycle holds value imports; it passes over `import type`, so this walks every import,
// re-export and import() type as the TypeScript compiler resolves them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Each file's imports among `files`. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => ts.resolveModuleName(i.fileName, file, config.options, ts.sys).resolvedModule?.resolvedFileName)
        .filter((t): t is string => t !== undefined && known.has(t));
      return [file, targets];
    }),
  );
}

/** The first import cycle found, as the files along it, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('import cycles, types included', () => {
  it('the search names the files along a cycle', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('src-server and src-client have none', () => {
    const files = [...sources(join(root, 'src-server')), ...sources(join(root, 'src-client'))];
    const graph = importGraph(files);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    expect(findCycle(graph)?.map((f) => f.slice(root.length + 1)) ?? null).toBeNull();
  });
});
