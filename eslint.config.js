import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/**
 * Platform internals (docs/operations.md#repository-layout): the performance machinery and plumbing that features
 * reach only through `deps` (its fast reads, its write queue) or never (workers, the search engine's upkeep, HTTP
 * plumbing). Type imports are allowed: a feature may name `Tx` or `Mailer`.
 */
const PLATFORM_INTERNALS = [
  'platform/db/(hot-reads|off-thread|writer|server|search-index|migrate|backup)',
  'platform/http/(turn-gate|security-headers|unread-body|json-only|metrics|prerendered-pages|api-paths|client-address)',
  'platform/auth/(refusal-gate|caller|tokens)',
  'platform/mail/(mailer|token-links)',
  'platform/(metrics|scheduler|secret)',
];

/** The server's modules, lowest first: each may import those before it, never those after it. */
const MODULES = ['accounts', 'pricing', 'policies', 'requests', 'reporting'];
const moduleDir = (name) => `src-server/modules/${name}`;
const SERVER_ZONES = [
  ...MODULES.map((name) => ({
    target: ['src-server/*.ts', 'src-server/api', 'src-server/platform', 'src-server/contract', ...MODULES.filter((m) => m !== name).map(moduleDir)],
    from: moduleDir(name),
    except: ['./index.ts'],
    message: `Only ${moduleDir(name)}/index.ts is the module's door (docs/operations.md#repository-layout).`,
  })),
  ...MODULES.slice(0, -1).map((name, i) => ({
    target: moduleDir(name),
    from: MODULES.slice(i + 1).map(moduleDir),
    message: `Modules depend one way, ${[...MODULES].reverse().join(' -> ')}: the module above registers a hook (docs/operations.md#repository-layout).`,
  })),
  { target: ['src-server/platform', 'src-server/contract'], from: 'src-server/modules', message: 'The platform and the contract import no module.' },
  // The contract runs in the browser too: it imports nothing but itself and zod / date libraries.
  { target: 'src-server/contract', from: 'src-server', except: ['./contract'], message: 'contract/ must not import server-only code.' },
];

/**
 * The client's features (docs/operations.md#repository-layout), mirroring the server's modules: the public pages,
 * the quote wizard, the account, the customer's policies (dashboard, claim report, certificate check), the console.
 */
const CLIENT_FEATURES = ['site', 'quote', 'account', 'policies', 'admin'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'drizzle/', 'vendor/', 'src-client/routeTree.gen.ts', 'coverage/', '.tanstack/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML: render text, never HTML.' },
        { selector: "CallExpression[callee.name='alert']", message: 'No browser alert(): show messages in the page.' },
        { selector: "CallExpression[callee.name='confirm']", message: 'No browser confirm(): use the accessible dialog.' },
      ],
    },
  },
  {
    // No import cycles anywhere: a cycle makes load order matter and hides which module owns what.
    files: ['src-server/**/*.ts', 'src-client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The server's boundaries (docs/operations.md#repository-layout), in this one block that no later block overrides:
    // a module is reached only through its index.ts; modules depend one way (MODULES, lowest first); the platform and
    // the contract import no module, and the contract nothing server-only; api/ reaches modules only through their doors. Modules reach the platform's
    // machinery only through deps (type imports are allowed: a service may name `Tx`).
    files: ['src-server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: SERVER_ZONES }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${PLATFORM_INTERNALS.join('|')})$`,
              allowTypeImports: true,
              message: 'A platform internal: modules reach it through deps, never by import (docs/operations.md#repository-layout).',
            },
          ],
        },
      ],
    },
  },
  {
    // process.env is parsed once, in env.ts; everything else receives settings.
    files: ['src-server/**/*.ts'],
    ignores: ['src-server/env.ts', 'src-server/main.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from env.ts.' }] },
  },
  {
    // The client's boundaries (docs/operations.md#repository-layout), in this one block: flat config replaces a
    // rule's options wholesale, so no other block names these two rules for client files (tests/client/lint-
    // boundaries.test.ts lints a file breaking each zone). A feature imports no other feature: what two share lives
    // in components/ or lib/. The server is reached only through the shared contract and the router's type.
    files: ['src-client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: CLIENT_FEATURES.map((feature) => ({
            target: `./src-client/features/${feature}`,
            from: './src-client/features',
            except: [`./${feature}`],
            message: 'Client features do not import each other: share it through components/ or lib/.',
          })),
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./){3,}', message: 'No ../../../ imports: use the @server/contract alias or a closer module.' },
            { regex: 'src-server', message: 'Import server code through the @server alias (contract and the AppRouter type only).' },
            { regex: '^@server/(?!contract/|api/trpc$)', message: 'The client may import only @server/contract/* and the AppRouter type.' },
            { regex: '^@server/api/trpc$', allowTypeImports: true, message: 'Only `import type { AppRouter }` may come from the router.' },
          ],
        },
      ],
    },
  },
);
