import { createConfig } from '@scrapper/eslint-config';

export default createConfig({
  react: true,
  node: false,
  forbid: [
    '@scrapper/contracts',
    '@scrapper/db',
    '@scrapper/integrations',
    '@scrapper/testkit',
    'node:*',
  ],
});
