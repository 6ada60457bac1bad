// Every route whose screen reads or writes through TanStack Query is drawn inside the app's query client: the pages
// that need it sit under one layout (src-client/routes/_data.tsx) that provides it from the router's context. The
// client is left out of the public pages' first load, so a route that needs it is put under that layout; one left out
// crashes with "No QueryClient set" only when that page is opened, as the e-mailed /verify-email link did for a
// signed-in person (docs/product.md#e-mail-confirmation). This walks each route file's imports: a module that calls a
// query hook must be reached only through a module that provides the scope (a layout route above it, or a screen that
// wraps its own part, lib/query-client.tsx QueryScope). And the app every page loads reaches the query client only
// through that layout's dynamic import (docs/performance.md#the-public-pages-first-load).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@server/contract/public-pages';

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

const providesScope = (file: string) => /<(QueryScope|QueryClientProvider)\b/.test(source(file));

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

/**
 * The layout routes above a file route, by its name's segments ('/' or '.'): routes/_data.admin/users.tsx sits under
 * routes/_data.tsx and routes/_data.admin.tsx; `_data.account_.data` under `_data` only (`account_` does not nest).
 */
function layoutsAbove(file: string): string[] {
  const rel = relative(routesDir, file).replace(/\.tsx$/, '');
  const layouts: string[] = [];
  for (const m of rel.matchAll(/[/.]/g)) {
    const layout = join(routesDir, `${rel.slice(0, m.index)}.tsx`);
    if (existsSync(layout)) layouts.push(layout);
  }
  return layouts;
}

/** The modules a file reaches by static value imports (not `import type`, not `import()`), the route tree left out. */
function staticallyReached(start: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.endsWith('routeTree.gen.ts')) return;
    seen.add(file);
    for (const m of source(file).matchAll(/^(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'/gm)) {
      const next = resolveImport(file, m[1]!);
      if (next) visit(next);
      else if (m[1]!.startsWith('@tanstack/react-query') || m[1]!.startsWith('@trpc/')) seen.add(m[1]!);
    }
  };
  visit(start);
  return [...seen].map((f) => (f.startsWith('/') ? relative(root, f) : f));
}

/** A file route's path: routes/_data.account_.data.tsx is /account/data. */
const pathOf = (file: string) =>
  `/${relative(routesDir, file).replace(/\.tsx$/, '').split(/[/.]/).filter((s) => !s.startsWith('_') && s !== 'index').map((s) => s.replace(/_$/, '')).join('/')}`;

const routeFiles = filesUnder(routesDir).filter((f) => f.endsWith('.tsx') && !f.endsWith('__root.tsx'));

describe('every route that uses TanStack Query is drawn inside the query client', () => {
  it('finds the routes (the walk reads real files)', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    // The walk sees hooks where they are: the account page calls them, and its route provides the scope.
    expect(unscopedHooks(join(routesDir, '_data.account.tsx'))).toContain('features/account/account-page.tsx');
    expect(layoutsAbove(join(routesDir, '_data.admin', 'users.tsx')).map((f) => relative(routesDir, f))).toEqual(['_data.tsx', '_data.admin.tsx']);
  });

  it('the app every page loads reaches neither the query client nor the tRPC client but by that dynamic import', () => {
    // The route tree's own files are cut by the router plugin (each page's screen and loader a chunk of its own); the
    // app and the root layout are not.
    const reached = [...staticallyReached(join(root, 'app.tsx')), ...staticallyReached(join(routesDir, '__root.tsx'))];
    expect(reached).toContain('router.tsx');
    expect(reached).toContain('lib/router-context.ts');
    for (const heavy of ['lib/query-client.tsx', 'lib/trpc.ts', '@tanstack/react-query', '@trpc/client']) expect(reached).not.toContain(heavy);
  });

  it('no public page sits under the layout that loads the query client', () => {
    const scoped = routeFiles.filter((f) => layoutsAbove(f).some(providesScope)).map(pathOf);
    expect(scoped).toContain('/dashboard');
    expect(scoped).toContain('/account/data');
    expect(scoped).toContain('/admin/users/$id');
    for (const page of PUBLIC_PAGES) expect(scoped).not.toContain(page.path);
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
