import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
// `.js` (resolved to brand.ts): an extensionless path makes Vite 8 warn about its future native config loader.
import { brand } from './src-server/contract/brand.js';

// The API server (src-server/main.ts) listens here during development; the dev server proxies to it so
// the browser sees one origin, as it does in production where Hono serves dist/client itself.
const API_ORIGIN = 'http://localhost:3000';

// The router plugin resolves relative paths against Vite's `root` (src-client/), not the cwd, so the
// paths are made absolute here to mean the same thing wherever the build is started from.
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Fills %BRAND_NAME% and %BRAND_TAGLINE% in index.html from contract/brand.ts, so company facts are
 * written in one place only (docs/product.md#brand-and-contact-details).
 */
function brandHtml(): Plugin {
  return {
    name: 'kerbside:brand-html',
    transformIndexHtml: (html) =>
      html.replaceAll('%BRAND_NAME%', escapeHtml(brand.name)).replaceAll('%BRAND_TAGLINE%', escapeHtml(brand.tagline)),
  };
}

/**
 * Lists the app's chunks (src-client/app.tsx and what it imports) as modulepreloads in index.html. boot/main.ts loads
 * the app with a dynamic import, which Vite does not list, and the page the app alone draws (the shell, served
 * by the service worker for every page once installed) should fetch them at once, not after boot/main.ts has run.
 * The prerendered pages leave them out on purpose (scripts/prerender.tsx).
 */
function preloadApp(): Plugin {
  return {
    name: 'kerbside:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId === fromHere('./src-client/app.tsx'));
        if (!app) throw new Error('no chunk for src-client/app.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk || files.has(fileName) || chunk.isEntry) return;
          files.add(fileName);
          for (const next of chunk.imports) visit(next);
        };
        visit(app.fileName);
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * A step on the finished build folder: after the bundle is written, in plugin order among these steps (the
 * service worker's own closeBundle comes first).
 */
function afterBuild(name: string, step: (outDir: string) => void): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: { sequential: true, order: 'post', handler: () => step(outDir) },
  };
}

/**
 * Prerenders the public pages into the build (scripts/prerender.tsx, docs/product.md#public-pages), after the
 * client bundle and index.html exist and before precompress() runs, so the pages get their .br and .gz too.
 * It runs in its own Node process (tsx) with the route tree's source: React renders there as it does in tests.
 */
function prerenderPages(): Plugin {
  return afterBuild('kerbside:prerender', (outDir) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', fromHere('./scripts/prerender.tsx'), outDir], {
      cwd: fromHere('.'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`prerendering the public pages failed (exit ${result.status ?? result.signal})`);
  });
}

/**
 * Writes .br and .gz beside every compressible file of the build, so the server sends compressed bytes
 * without compressing per request (serveStatic's `precompressed`). Runs last, after the service worker
 * and manifest exist.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return afterBuild('kerbside:precompress', (outDir) => {
    for (const file of walk(outDir)) {
      if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
      const bytes = readFileSync(file);
      if (bytes.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  });
}

const slashes = (id: string) => id.replace(/\\/g, '/');
/** Modules of these npm packages. */
const packages = (...names: string[]) => (id: string) => names.some((name) => slashes(id).includes(`/node_modules/${name}/`));
/** These files of ours (paths from the repository's root). */
const files = (...paths: string[]) => (id: string) => paths.some((path) => slashes(id).endsWith(`/${path}`));
const either =
  (...tests: ((id: string) => boolean)[]) =>
  (id: string) =>
    tests.some((test) => test(id));

/**
 * How the app's code is cut into chunks (docs/performance.md#the-dashboards-first-load). Left to itself, the bundler
 * made a chunk of every module two routes share: a first visit to /dashboard fetched 33 scripts, many under 1 KB,
 * and on a phone's HTTP/1.1 (six connections, 150 ms round trips) each costs a round trip. Here modules that load
 * together are one chunk:
 * - framework: React and the router, which every page's app needs;
 * - shell: our small modules the app itself imports and the routes share (session, page title, brand);
 * - data: TanStack Query, the tRPC client and our data layer over them, for the signed-in pages and the forms;
 * - common: the small helpers of the signed-in pages and forms (money, products, UK time, cover, alerts).
 * The public pages' start-up script (src-client/boot/) stays a chunk of its own: no group takes the
 * dependencies of what it holds along (`includeDependenciesRecursively`), or lib/trpc.ts would take
 * boot/early-fetch.ts, and every page's first load would fetch the data chunk.
 */
const CHUNK_GROUPS = [
  { name: 'framework', priority: 3, test: packages('react', 'react-dom', 'scheduler', '@tanstack/react-router', '@tanstack/router-core', '@tanstack/history', '@tanstack/store', '@tanstack/react-store') },
  {
    name: 'shell',
    priority: 2,
    includeDependenciesRecursively: false,
    test: files('src-client/lib/session.ts', 'src-client/lib/personal-cache.ts', 'src-client/lib/hydration.ts', 'src-client/components/page.tsx', 'src-server/contract/brand.ts', 'src-server/contract/roles.ts'),
  },
  {
    name: 'data',
    priority: 1,
    includeDependenciesRecursively: false,
    test: either(
      packages('@tanstack/react-query', '@tanstack/query-core', '@tanstack/query-persist-client-core', '@tanstack/react-query-persist-client', '@trpc/client', '@trpc/react-query', '@trpc/server'),
      files('src-client/lib/trpc.ts', 'src-client/lib/query-client.tsx', 'src-client/lib/call-errors.ts', 'src-client/lib/rest.ts'),
    ),
  },
  {
    name: 'common',
    priority: 1,
    includeDependenciesRecursively: false,
    test: either(
      packages('@date-fns/tz'),
      files('src-server/contract/pounds.ts', 'src-server/contract/products.ts', 'src-server/contract/time.ts', 'src-server/contract/cover.ts', 'src-client/lib/use-now.ts', 'src-client/components/alert.tsx', 'src-client/components/contact-panels.tsx'),
    ),
  },
];

export default defineConfig({
  root: 'src-client',
  publicDir: '../public',
  resolve: {
    // The client reaches the server's shared contract (and the router's type) through this alias only.
    alias: { '@server': fromHere('./src-server') },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Chunk list for scripts/prerender.tsx (which app route needs which chunks); removed once it has been read.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
        // A page under the query client's layout (src-client/routes/_data.tsx) keeps its own name (admin-…,
        // dashboard-…): the layout is no part of its address.
        chunkFileNames: (chunk) => `assets/${chunk.name.replace(/^_data\./, '')}-[hash].js`,
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_ORIGIN,
      '/trpc': API_ORIGIN,
    },
  },
  plugins: [
    // Must come before react(): it generates routeTree.gen.ts and splits route files into chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too (not the plugin's default): they import the tRPC client and the feature's
      // queries, which the public pages' first load must not carry. Each loader chunk loads beside its
      // component's, so a page's data is on its way while its code arrives.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: fromHere('./src-client/routes'),
      generatedRouteTree: fromHere('./src-client/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      // src-client/lib/pwa.ts registers the service worker with workbox-window (no inline script: CSP).
      injectRegister: false,
      manifest: {
        name: brand.name,
        short_name: brand.shortName,
        description: brand.tagline,
        lang: 'en-GB',
        theme_color: '#0f4c5c',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The icons are in dist/ and matched by globPatterns below; this option would list them twice.
      includeManifestIcons: false,
      workbox: {
        // The shell. manifest.webmanifest is left out of the glob because the plugin always precaches it
        // itself (with its own revision hash); globbing it too would list it twice.
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
        // The prerendered pages are for first visits; offline, every page opens from the shell (index.html).
        globIgnores: ['prerendered/**'],
        navigateFallback: '/index.html',
        // The API's paths, bare or not, with or without a query (the server answers JSON there).
        navigateFallbackDenylist: [/^\/(?:api|trpc)(?:[/?]|$)/],
        // The first visit's page is controlled without a second load, so it works offline at once.
        // Updates still wait for the 'Update available' prompt (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        // No answer of /api is ever cached, and no request is kept: they are personal. The signed-in customer's offline
        // copies live in per-user caches the page manages itself (src-client/lib/personal-cache.ts), and unsent claim
        // reports in the page's one outbox (src-client/features/policies/outbox.ts, docs/product.md#reporting-a-claim).
      },
    }),
    brandHtml(),
    preloadApp(),
    prerenderPages(),
    precompress(),
  ],
});
