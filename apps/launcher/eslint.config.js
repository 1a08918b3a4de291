import { createConfig } from '@scrapper/eslint-config';

// The launcher starts api and worker as processes; it never imports them.
export default [
  ...createConfig({
    forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/api', '@scrapper/worker', '@scrapper/integrations'],
  }),
  // System tests read arbitrary JSON answers field by field.
  { files: ['src/**/*.test.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
];
