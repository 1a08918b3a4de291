import { createConfig } from '@scrapper/eslint-config';

export default createConfig({ forbid: ['@scrapper/db', '@scrapper/ui', '@scrapper/testkit'] });
