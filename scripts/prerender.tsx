// Prerenders the public pages at build time (docs/product.md#public-pages): the same React components and route
// tree as the app, rendered to HTML in Node with react-dom/server, written into the built index.html so each page
// arrives with its content, its own title, description and canonical link, and hydrates in place.
//
// Usage: tsx scripts/prerender.tsx <built client folder>   (vite.config.ts runs it after every client build)
// Writes <folder>/prerendered/<name>.html and <folder>/prerendered/manifest.json, which the server reads
// (src-server/platform/http/prerendered-pages.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { PRERENDER_ORIGIN, PRERENDERED_DIR, PUBLIC_PAGES, type PrerenderManifest } from '../src-server/contract/public-pages';
import { routerContext } from '../src-client/lib/router-context';
import { routeTree } from '../src-client/routeTree.gen';

const outDir = resolve(process.argv[2] ?? 'dist/client');
const template = readFileSync(join(outDir, 'index.html'), 'utf8');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * React 19 puts the elements it hoists into <head> (<title>, <meta>, <link>) at the start of a string render that
 * has no <html>. The page's head is written from the route's own head() instead, so they are cut off here.
 */
function withoutHoisted(html: string): string {
  return html.replace(/^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)+/, '');
}

interface Head {
  title: string;
  description: string | undefined;
}

async function render(path: string): Promise<{ body: string; head: Head }> {
  const router = createRouter({ routeTree, context: routerContext, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const html = renderToString(<RouterProvider router={router} />);
  // The last hoisted title is the page's (the 404 page sets its own over the root's); React escaped it already.
  const title = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1] ?? '').at(-1) ?? '';
  const description = router.state.matches.flatMap((m) => m.meta ?? []).find((m) => m?.name === 'description')?.content;
  return { body: withoutHoisted(html), head: { title, description } };
}

function page(path: string | null, body: string, head: Head, hydrate: boolean): string {
  const headTags = [
    `<title data-prerendered-head>${head.title}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}" data-prerendered-head />` : '',
    path ? `<link rel="canonical" href="${PRERENDER_ORIGIN}${path}" data-prerendered-head />` : '',
  ].join('');
  const rootAttributes = path && hydrate ? ` data-prerendered="${escapeHtml(path)}"` : ' data-prerendered-replace';
  // No modulepreloads: the app is fetched once the built page has painted (src-client/boot/main.ts).
  const html = template
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${headTags}</head>`)
    .replace('<div id="root"></div>', `<div id="root"${rootAttributes}>${body}</div>`);
  if (!html.includes(`<div id="root"${rootAttributes}>`)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return html;
}

const dir = join(outDir, PRERENDERED_DIR);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const manifest: PrerenderManifest = { pages: {}, notFound: '404.html', appPaths: [] };
for (const { path, file, hydrate } of PUBLIC_PAGES) {
  const { body, head } = await render(path);
  if (!body.includes('<h1')) throw new Error(`${path} prerendered without a heading: is its route guarded?`);
  writeFileSync(join(dir, file), page(path, body, head, hydrate));
  manifest.pages[path] = file;
}
const missing = await render('/__prerender-not-found__');
if (!missing.body.includes('404 Not Found')) throw new Error('the not-found page did not render');
writeFileSync(join(dir, manifest.notFound), page(null, missing.body, missing.head, false));

// Every client route, so the server can tell a page the app shows (200, the app's shell) from an unknown path (404).
const router = createRouter({ routeTree, context: routerContext });
manifest.appPaths = Object.keys(router.routesByPath)
  .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
  .sort();

// A shell per app route, listing (modulepreload) the app and that route's own chunks: a cold visit to /dashboard
// fetches them all at once instead of learning of the route's code only after the app has run.
const viteManifestFile = join(outDir, '.vite', 'manifest.json');
const chunks = JSON.parse(readFileSync(viteManifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
const preloadsOf = (keys: string[]): string[] => {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...files].filter((f) => f.endsWith('.js'));
};
/**
 * Whether a route's split chunk holds its page or its loader (not only its error or not-found component). The router
 * plugin names a chunk by the parts it holds, sorted and joined by '---' (`loader---component` for a route that
 * keeps both together).
 */
const drawsThePage = (key: string): boolean =>
  (new URLSearchParams(key.slice(key.indexOf('?'))).get('tsr-split') ?? '').split('---').some((part) => part === 'component' || part === 'loader');
const entryScript = /<script type="module"[^>]*src="\/([^"]+)"/.exec(template)?.[1];
for (const { fullPath, files } of routeFiles()) {
  const path = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath;
  if (manifest.pages[path]) continue;
  const splitKeys = Object.keys(chunks).filter((key) => files.some((f) => key.startsWith(`${f}?tsr-split=`) && drawsThePage(key)));
  const links = preloadsOf(['app.tsx', ...splitKeys])
    .filter((file) => file !== entryScript && !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const file = `shell${path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.html`;
  writeFileSync(join(dir, file), template.replace('</head>', `${links}</head>`));
  (manifest.shells ??= {})[path] = file;
}
// Vite's chunk list was only for this step; it is not for the web.
rmSync(join(outDir, '.vite'), { recursive: true, force: true });

writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`prerendered ${PUBLIC_PAGES.length} pages, the 404 page and ${Object.keys(manifest.shells ?? {}).length} app shells into ${dir}`);

/**
 * Each route's source file with its parents' (a child's page needs the parent layout's chunks too), read from the
 * generated route tree: its imports name the files, its FileRoutesByPath the parent of each route.
 */
function routeFiles(): Array<{ fullPath: string; files: string[] }> {
  const generated = readFileSync(new URL('../src-client/routeTree.gen.ts', import.meta.url), 'utf8');
  const fileOf = new Map([...generated.matchAll(/import \{ Route as (\w+) \} from '\.\/(routes\/[^']+)'/g)].map((m) => [m[1]!, `${m[2]!}.tsx`]));
  const entries = [...generated.matchAll(/fullPath: '([^']*)'\s+preLoaderRoute: typeof (\w+)\s+parentRoute: typeof (\w+)/g)];
  const parentOf = new Map(entries.map((m) => [m[2]!, m[3]!.replace(/WithChildren$/, 'Import').replace(/RouteImport$|Route$/, 'RouteImport')]));
  return entries.map((m) => {
    const files: string[] = [];
    for (let name: string | undefined = m[2]; name && fileOf.has(name); name = parentOf.get(name)) files.push(fileOf.get(name)!);
    return { fullPath: m[1]!, files };
  });
}
