// One lint configuration for every package. `forbid` backs up the dependency diagram of
// docs/style.md: each package names the workspace packages (and node built-ins) it may not import.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Tests and their helpers: what `forbidInSource` leaves out. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**'];

/**
 * @param {{ forbid?: string[], forbidInSource?: string[], react?: boolean, node?: boolean }} options
 * `forbidInSource`: packages the package's `src/` may not import outside its tests (the ORM in
 * the apps: only packages/db touches it).
 */
export function createConfig({ forbid = [], forbidInSource = [], react = false, node = true } = {}) {
  const patterns = forbid.map((name) =>
    name === 'node:*'
      ? { group: ['node:*'], message: 'This package runs in the browser: no node built-ins.' }
      : { group: [name, `${name}/*`], message: `${name} may not be imported here (see docs/style.md).` },
  );
  const sourcePatterns = forbidInSource.map((name) => ({
    group: [name, `${name}/*`],
    message: `${name} may not be imported here outside tests (see docs/style.md).`,
  }));
  return tseslint.config(
    { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '**/migrations/**'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: {
        globals: { ...(node ? globals.node : {}), ...(react ? globals.browser : {}) },
      },
      rules: {
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/no-non-null-assertion': 'error',
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        'no-restricted-imports': patterns.length ? ['error', { patterns }] : 'off',
      },
    },
    // No import circles: a module that imports one that imports it back is a layering mistake
    // (a leaf reaching for the root, two features leaning on each other). The TypeScript
    // resolver follows each package's tsconfig paths (`@/` in the web app) and `exports` maps.
    {
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver()],
      },
      rules: {
        'import-x/no-cycle': 'error',
      },
    },
    ...(sourcePatterns.length
      ? [
          {
            files: ['src/**'],
            ignores: TEST_FILES,
            rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...sourcePatterns] }] },
          },
        ]
      : []),
    ...(react
      ? [
          {
            plugins: { 'react-hooks': reactHooks },
            rules: {
              'react-hooks/rules-of-hooks': 'error',
              'react-hooks/exhaustive-deps': 'error',
            },
          },
        ]
      : []),
  );
}
