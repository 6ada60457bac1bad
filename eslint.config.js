import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // process.env is parsed once, in env.ts; everything else receives settings.
    files: ['src-server/**/*.ts'],
    ignores: ['src-server/env.ts', 'src-server/main.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from env.ts.' }] },
  },
  {
    // The client reaches the server only through the shared contract and the router's type
    // (docs/operations.md#repository-layout): never a service, the database, auth, HTTP or mail code.
    files: ['src-client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./){3,}', message: 'No ../../../ imports: use the @server/contract alias or a closer module.' },
            { regex: 'src-server', message: 'Import server code through the @server alias (contract and the AppRouter type only).' },
            { regex: '^@server/(?!contract/|trpc/router$)', message: 'The client may import only @server/contract/* and the AppRouter type.' },
            { regex: '^@server/trpc/router$', allowTypeImports: true, message: 'Only `import type { AppRouter }` may come from the router.' },
          ],
        },
      ],
    },
  },
  {
    // The contract runs in the browser too: it imports nothing but itself and zod / date libraries.
    files: ['src-server/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'contract/ must not import server-only code.' }] },
      ],
    },
  },
);
