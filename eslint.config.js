import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

import { housePlugin } from './eslint/import-direction.js';
import { noCycle } from './eslint/no-cycle.js';

const root = import.meta.dirname;
const house = { rules: { ...housePlugin.rules, 'no-cycle': noCycle } };

/** Every file's `no-restricted-syntax`; a later block that sets the rule again repeats it (the later one replaces it). */
const noOnly = { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No .only in committed tests.' };

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', '.sandbox/', '.bench/', '**/*.gen.ts', 'locales/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { house, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'house/import-direction': ['error', { root }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noOnly],
    },
  },
  {
    // No import cycle, type-only imports counted (eslint/no-cycle.js; tests/lint/no-cycle.test.ts).
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: { 'house/no-cycle': ['error', { root }] },
  },
  {
    // Query options have one home per API area (src/api/queries/), which screens, actors and loaders import.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noOnly,
        ...[
          "CallExpression[callee.property.name='queryOptions']",
          "CallExpression[callee.name='queryOptions']",
          "CallExpression[callee.object.name='queries'][callee.property.name='get']",
        ].map((selector) => ({
          selector,
          message: 'Query options are made in src/api/queries/<area>.ts (one function per read): import it from there.',
        })),
      ],
    },
  },
  {
    // Machines are pure: the app supplies fetch, storage and the browser through actors.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({
          name,
          message: 'machines/ stays pure: inject it as an actor or action from src/flows/.',
        })),
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint/**/*.js', '*.config.{js,ts}', 'sandbox/**/*.{ts,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
  },
);
