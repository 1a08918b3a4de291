import { createConfig } from '@scrapper/eslint-config';

// The harness drives the apps as separate processes (their bench scripts), never by import.
export default createConfig({ forbid: ['@scrapper/web', '@scrapper/ui', '@scrapper/api', '@scrapper/worker'] });
