import { createConfig } from '@scrapper/eslint-config';

// api talks to the worker only through the database and pg-boss queues; only packages/db uses
// the ORM (tests may reach into tables).
export default [
  ...createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/worker'], forbidInSource: ['drizzle-orm'] }),
  // Test responses are arbitrary JSON, checked field by field.
  { files: ['test/**', 'src/**/*.test.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
];
