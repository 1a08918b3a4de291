import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: { globalSetup: ['./src/testing/global-setup.ts'] },
});
