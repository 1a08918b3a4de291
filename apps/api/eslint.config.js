import { createConfig } from '@scrapper/eslint-config';

// api talks to the worker only through the database and pg-boss queues.
export default createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/worker'] });
