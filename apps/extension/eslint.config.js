import { createConfig } from '@scrapper/eslint-config';

// The extension runs in the browser (browser globals, as the web app's `react` option gives) and
// talks to the API over HTTP only: of the workspace it takes nothing but the contracts' pure rules.
export default [
  ...createConfig({
    forbid: [
      '@scrapper/api',
      '@scrapper/worker',
      '@scrapper/db',
      '@scrapper/integrations',
      '@scrapper/web',
      '@scrapper/ui',
    ],
    react: true,
  }),
  { files: ['src/**/*.ts'], languageOptions: { globals: { chrome: 'readonly' } } },
];
