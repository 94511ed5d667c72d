// ESLint for the whole repository (`npm run lint`, a step of `npm test`): typescript-eslint's
// recommended rules with type information, react-hooks, no import circles, and the import boundaries
// between src/lib, the feature folders and src/app (docs/decisions/1401-eslint-and-import-boundaries.md,
// 1402-no-import-cycle-rule.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import importCycles from './scripts/eslint-import-cycles.js';

export default tseslint.config(
  {
    // database.types.ts is generated (scripts/gen-types.ts).
    ignores: ['src/lib/database.types.ts', 'node_modules/', 'dist/', 'dev-dist/', '.data/', '.scratch/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the nearest tsconfig.json (the app's, the local platform's, the
        // service worker's, the Edge Functions'); files outside every project (this config) get the default one.
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.cjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding that is there for its position only.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Passing an async handler where a void callback is expected is how React and Node APIs are used here.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // The browser app.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  // The service worker (its own tsconfig): worker globals, no DOM window.
  {
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Node: the local platform, scripts, configs and the build's plugins, seed, tests.
  {
    files: ['supabase/local/**', 'supabase/seed/**', 'scripts/**', 'tests/**', 'build/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  // Edge Functions run on Deno and, under the local platform, on Node; they reach Deno only
  // through globalThis (see _shared/serve.ts), so the shared globals are those of both.
  {
    files: ['supabase/functions/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser, Deno: 'readonly' } },
  },
  // Unit tests run in jsdom beside the code and use Node's APIs too.
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // The local platform and the Edge Functions: route handlers and module factories implement
  // Promise-returning interfaces, so one that happens not to await is still right; and they
  // echo query parameters and JSON values back the way PostgREST, GoTrue and Storage print them.
  {
    files: ['supabase/local/**', 'supabase/functions/**'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // Tests read rows and JSON bodies untyped and check their shape with expect(), which fails the
  // test when it is wrong; typing every answer first would only add casts. Their async mocks
  // stand in for async APIs, so they are async without awaiting.
  {
    files: ['tests/**', 'src/**/*.test.{ts,tsx}', 'supabase/local/**/*.test.ts', 'src/test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },

  // No import circles, type-only and dynamic imports included (scripts/eslint-import-cycles.js).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { local: importCycles },
    rules: { 'local/no-import-cycle': 'error' },
  },

  // Import boundaries: lib -> features -> app. A feature uses another feature only through its
  // public entries: index.ts, or boot.ts for code bundled into the first script (src/boot.ts).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [`${import.meta.dirname}/scripts/eslint-resolver.cjs`]: {} },
      'boundaries/elements': [
        // src/main.tsx and src/boot.ts, the entries, are the app's too: no rule limits them.
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'pwa', pattern: 'src/pwa', partialMatch: false },
        { type: 'sw', pattern: 'src/sw', partialMatch: false },
        { type: 'test', pattern: 'src/test', partialMatch: false },
        { type: 'app', pattern: 'src/app', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'lib' } },
            disallow: { to: { element: { types: ['feature', 'pwa', 'sw', 'app'] } } },
            message: 'src/lib is the bottom layer: it imports nothing from the features, the PWA code or the app.',
          },
          {
            from: { element: { type: 'sw' } },
            disallow: { to: { element: { types: ['feature', 'pwa', 'app'] } } },
            message: 'The service worker runs apart from the page: it uses src/lib only.',
          },
          {
            from: { element: { type: 'pwa' } },
            disallow: { to: { element: { types: ['feature', 'app'] } } },
            message: 'The PWA code uses src/lib only.',
          },
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { type: 'app' } } },
            message: 'A feature does not import the app; the app imports the features.',
          },
          {
            from: { element: { type: 'feature' } },
            // Imports inside one feature are its own (the rule leaves a feature's internal imports alone).
            disallow: { to: { element: { type: 'feature', fileInternalPath: '!{index.ts,boot.ts,signed-in.ts}' } } },
            message: "Another feature's internals: import its index.ts (boot.ts from code in the first script, signed-in.ts for what only signed-in screens use).",
          },
        ],
      }],
    },
  },
);
