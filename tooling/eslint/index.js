// One lint configuration for every package. `forbid` backs up the dependency diagram of
// STYLE.md: each package names the workspace packages (and node built-ins) it may not import.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * @param {{ forbid?: string[], react?: boolean, node?: boolean }} options
 */
export function createConfig({ forbid = [], react = false, node = true } = {}) {
  const patterns = forbid.map((name) =>
    name === 'node:*'
      ? { group: ['node:*'], message: 'This package runs in the browser: no node built-ins.' }
      : { group: [name, `${name}/*`], message: `${name} may not be imported here (see STYLE.md).` },
  );
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
