import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webOnlyDomain = {
  group: ['@dasturxon/db', '@dasturxon/api', '**/apps/api/**', '**/packages/db/**'],
  message: 'The web imports only the domain.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/drizzle/**',
      'bench/.lighthouse/**',
      'bench/**/node_modules/**',
    ],
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
    // The domain is pure and universal: no I/O, no environment, no app code (docs/architecture.md, convention 2).
    files: ['packages/domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os', 'crypto'],
              message: 'packages/domain does no I/O.',
            },
            { group: ['@dasturxon/*', '**/apps/**', '**/db/**'], message: 'packages/domain imports nothing of ours.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch', 'localStorage', 'document', 'window', 'setTimeout', 'setInterval'],
      // A name declared here is no global to the rule above: `declare const fetch` (or a function of that name) would
      // bring the network in unseen, as the event stream once did (it lives in packages/client now).
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
        ...[
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'EventSource',
          'localStorage',
          'sessionStorage',
          'process',
          'setTimeout',
          'setInterval',
        ].flatMap((name) => [
          { selector: `VariableDeclarator[id.name='${name}']`, message: `packages/domain does no I/O: no ${name} of its own either.` },
          {
            selector: `:matches(FunctionDeclaration, TSDeclareFunction, ClassDeclaration)[id.name='${name}']`,
            message: `packages/domain does no I/O: no ${name} of its own either.`,
          },
        ]),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take now as a parameter.' },
        { object: 'Math', property: 'random', message: 'The domain is deterministic.' },
      ],
    },
  },
  {
    // The browser client (packages/client): the storefront's and the console's talk with the server, in the browser
    // and in the API's tests; it imports the domain only.
    files: ['packages/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dasturxon/db', '@dasturxon/api', '@dasturxon/web', '@dasturxon/ops', '**/apps/**', '**/packages/db/**'],
              message: 'The client imports only the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [webOnlyDomain] }],
    },
  },
  {
    // The staff console (apps/ops/README.md): a browser app like the storefront, which also talks to the server over HTTP only.
    files: ['apps/ops/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ ...webOnlyDomain, message: 'The console imports only the domain.' }] }],
    },
  },
  // The storefront's layers (apps/web/README.md): app → features → shared, lib. A feature never imports
  // another feature; shared code and lib never import a feature; only app/ puts features together.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webOnlyDomain,
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/',
              message: 'Features never import each other: move the shared part to shared/, or put them together in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{shared,lib,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [webOnlyDomain, { regex: '(^|/)features/', message: 'shared/ and lib/ never import a feature.' }] },
      ],
    },
  },
  // The API's features (apps/api/README.md): one reaches another only through that feature's index.ts;
  // plugins depend on no feature; app.ts and the storefront take features through their index.ts too.
  {
    files: ['apps/api/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)',
              message: 'Another feature is reached only through its index.ts (its public surface).',
            },
          ],
        },
      ],
    },
  },
  {
    // `live` is below every feature that ends or writes streams through it (auth, staff, orders, board): it takes what it
    // needs of them as functions app.ts hands over, and imports only their types, so no two features import each other.
    files: ['apps/api/src/features/live/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/',
              allowTypeImports: true,
              message: '`live` imports only the types of other features: take their functions as options from app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features/', message: 'Plugins depend on no feature: take what they need as a parameter.' }] },
      ],
    },
  },
  {
    // The server imports the storefront's renderer at run time (apps/api/src/web/render.ts): of the browser client it
    // takes the render contract's types only.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dasturxon/client', '@dasturxon/client/*'],
              allowTypeImports: true,
              message: 'The server takes only types of the browser client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/*.ts', 'apps/api/src/{web,sms}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features/[^/]+/(?!index\\.ts$)', message: 'A feature is reached only through its index.ts.' }] },
      ],
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@dasturxon/api', '**/apps/**'], message: 'db imports only the domain.' }] },
      ],
    },
  },
);
