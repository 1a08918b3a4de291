import { createConfig } from '@scrapper/eslint-config';

// api talks to the worker only through the database and pg-boss queues.
export default [
  ...createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/worker'] }),
  // Test responses are arbitrary JSON, checked field by field.
  { files: ['test/**', 'src/**/*.test.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
];
