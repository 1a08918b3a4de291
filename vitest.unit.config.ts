// `pnpm test:unit`, the fast loop: every package's unit tests in one vitest run. Left out: the
// `*.integration.test.ts` files (real PostgreSQL, pg-boss, the testkit fakes, yt-dlp, ffmpeg)
// and the `*.smoke.test.ts` runs of whole programs; no global setup starts a database.
// `npm test` still runs everything, each package with its own vitest.config.ts.
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { base } from './tooling/vitest/index.js';

const exclude = ['**/node_modules/**', '**/dist/**', '**/*.integration.test.ts', '**/*.smoke.test.ts'];

/** A package whose own config starts nothing: its config, unit tests only. */
const withOwnConfig = (dir: string): TestProjectConfiguration => ({
  extends: `./${dir}/vitest.config.ts`,
  test: { name: dir, root: `./${dir}`, exclude },
});

/** A package whose config starts the test database (globalSetup): the base settings instead. */
const withoutDatabase = (dir: string): TestProjectConfiguration => ({
  test: { ...base.test, name: dir, root: `./${dir}`, exclude },
});

export default defineConfig({
  test: {
    projects: [
      ...['apps/web', 'apps/launcher', 'packages/contracts', 'packages/integrations', 'packages/testkit', 'packages/ui', 'tooling/bench', 'docker/test'].map(withOwnConfig),
      ...['apps/api', 'apps/worker', 'packages/db'].map(withoutDatabase),
    ],
  },
});
