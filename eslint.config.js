import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'test-results/**', 'playwright-report/**', 'packages/db/drizzle/**', 'bench/.lighthouse/**', 'bench/**/node_modules/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' }],
    },
  },
  {
    // Config files are loaded by tools that expect a default export.
    files: ['**/*.config.ts', '**/*.config.js', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The domain is pure and universal: no I/O, no environment, no app code (DESIGN.md, convention 2).
    files: ['packages/domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os', 'crypto'], message: 'packages/domain does no I/O.' },
            { group: ['@dasturxon/*', '**/apps/**', '**/db/**'], message: 'packages/domain imports nothing of ours.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch', 'localStorage', 'document', 'window', 'setTimeout', 'setInterval'],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Take now as a parameter.' }, { object: 'Math', property: 'random', message: 'The domain is deterministic.' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['@dasturxon/db', '@dasturxon/api', '**/apps/api/**', '**/packages/db/**'], message: 'The web imports only the domain.' }] }],
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@dasturxon/api', '**/apps/**'], message: 'db imports only the domain.' }] }] },
  },
);
