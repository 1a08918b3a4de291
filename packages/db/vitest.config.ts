import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: { globalSetup: ['./test/global-setup.ts'] },
});
