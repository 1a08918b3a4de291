import { createConfig } from '@scrapper/eslint-config';

// contracts is the shared language: zod only, no workspace packages, no I/O.
export default createConfig({
  node: false,
  forbid: ['@scrapper/db', '@scrapper/integrations', '@scrapper/ui', '@scrapper/testkit', 'node:*'],
});
