import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({ test: { testTimeout: 120_000 } });
