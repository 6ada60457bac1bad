// Every route whose screen reads or writes through TanStack Query is drawn inside the app's query client
// (src-client/lib/query-client.tsx QueryScope). The client is left out of the public pages' first load, so each route
// that needs it says so; one that forgets crashes with "No QueryClient set" only when that page is opened, as the
// e-mailed /verify-email link did for a signed-in person (docs/product.md#e-mail-confirmation). This walks each route
// file's imports: a module that calls a query hook must be reached only through a module that provides the scope (the
// route itself, a layout route above it, or a screen that wraps its own part).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../src-client/', import.meta.url));
const routesDir = join(root, 'routes');

const HOOK = /\b(useQuery|useMutation|useQueryClient|useSuspenseQuery|useInfiniteQuery|useQueries|useIsFetching|useIsMutating)\b/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The file a relative import names, or null for a package or a file outside the client. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const sources = new Map<string, string>();
const source = (file: string) => {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    sources.set(file, text);
  }
  return text;
};

const providesScope = (file: string) => /<QueryScope\b/.test(source(file));

/** Whether the module calls a TanStack Query hook (imports one from @tanstack/react-query). */
function callsQueryHook(file: string): boolean {
  const text = source(file);
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@tanstack\/react-query'/g)) {
    if (!/^\s*type\b/.test(m[0].slice(6)) && HOOK.test(m[1]!)) return true;
  }
  return false;
}

/** The hook-calling modules a file reaches without passing through a module that provides the scope. */
function unscopedHooks(start: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file !== start && providesScope(file)) return;
    // The query client module itself defines the scope.
    if (file.endsWith(join('lib', 'query-client.tsx'))) return;
    if (callsQueryHook(file)) found.push(relative(root, file));
    for (const m of source(file).matchAll(IMPORT)) {
      const next = resolveImport(file, m[1] ?? m[2]!);
      if (next) visit(next);
    }
  };
  visit(start);
  return found;
}

/** The layout routes above a file route: routes/admin/users.tsx sits under routes/admin.tsx; `account_.data` does not nest. */
function layoutsAbove(file: string): string[] {
  const rel = relative(routesDir, file).replace(/\.tsx$/, '');
  const segments = rel.split('/');
  const layouts: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const layout = join(routesDir, `${segments.slice(0, i).join('/')}.tsx`);
    if (existsSync(layout)) layouts.push(layout);
  }
  return layouts;
}

const routeFiles = filesUnder(routesDir).filter((f) => f.endsWith('.tsx') && !f.endsWith('__root.tsx'));

describe('every route that uses TanStack Query is drawn inside the query client', () => {
  it('finds the routes (the walk reads real files)', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    // The walk sees hooks where they are: the account page calls them, and its route provides the scope.
    expect(unscopedHooks(join(routesDir, 'account.tsx'))).toContain('features/account/account-page.tsx');
  });

  for (const file of routeFiles) {
    it(relative(routesDir, file), () => {
      const hooks = unscopedHooks(file);
      const scoped = providesScope(file) || layoutsAbove(file).some(providesScope);
      if (!scoped) expect(hooks, `${relative(root, file)} draws screens that call query hooks without <QueryScope>`).toEqual([]);
    });
  }

  it('the root layout, drawn on every page, calls no query hook outside a scope', () => {
    expect(unscopedHooks(join(routesDir, '__root.tsx'))).toEqual([]);
  });
});
