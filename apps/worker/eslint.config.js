import { createConfig } from '@scrapper/eslint-config';

// worker talks to the api only through the database and pg-boss queues.
export default createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/api'] });
