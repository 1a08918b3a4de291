import { createConfig } from '@scrapper/eslint-config';

// worker talks to the api only through the database and pg-boss queues; only packages/db uses
// the ORM (tests may reach into tables).
export default createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/api'], forbidInSource: ['drizzle-orm'] });
