import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'drizzle/', 'src-client/routeTree.gen.ts', 'coverage/', '.tanstack/'] },
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
);
