import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig();
