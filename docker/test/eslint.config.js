import { createConfig } from '@scrapper/eslint-config';

// Reads the Dockerfiles, compose file and nginx configuration; imports the API only for the
// security headers nginx must repeat.
export default [...createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/worker'] })];
