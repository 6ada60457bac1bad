// Prerenders the public pages at build time (docs/product.md#public-pages): the same React components and route
// tree as the app, rendered to HTML in Node with react-dom/server, written into the built index.html so each page
// arrives with its content, its own title, description and canonical link, and hydrates in place.
//
// Usage: tsx scripts/prerender.tsx <built client folder>   (vite.config.ts runs it after every client build)
// Writes <folder>/prerendered/<name>.html and <folder>/prerendered/manifest.json, which the server reads
// (src-server/http/prerendered-pages.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { PRERENDER_ORIGIN, PRERENDERED_DIR, PUBLIC_PAGES, type PrerenderManifest } from '../src-server/contract/public-pages';
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
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
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
  const html = template
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
const router = createRouter({ routeTree });
manifest.appPaths = Object.keys(router.routesByPath)
  .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
  .sort();
writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`prerendered ${PUBLIC_PAGES.length} pages and the 404 page into ${dir}`);
