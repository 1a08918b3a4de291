// `pnpm test:unit`, the fast loop: every package's unit tests in one vitest run. Left out: the
// `*.integration.test.ts` files (real PostgreSQL, pg-boss, the testkit fakes, yt-dlp, ffmpeg)
// and the `*.smoke.test.ts` runs of whole programs; no global setup starts a database.
// `npm test` still runs everything, each package with its own vitest.config.ts.
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { base } from './tooling/vitest/index.js';

const exclude = [
  '**/node_modules/**',
  '**/dist/**',
  '**/*.integration.test.ts',
  '**/*.smoke.test.ts',
];

// Whether a pool's workers are reused from one test file to the next is decided by this root
// config for the whole run (poolOptions below), whether a reused worker forgets the modules a
// file loaded by each project's config. Starting a process, or a thread with its own jsdom and
// React, for each of some 160 files was most of this run's time, so workers are reused:
// - the packages on forks (Node tests) keep their module isolation: each file loads our modules
//   afresh, as in `npm test`; only the process and the libraries it imported natively are kept;
// - the web app's threads run unisolated as apps/web/vitest.config.ts says (one jsdom window and
//   one module graph per thread, reset for each file by its test environment and setup).
const isolatedModules = { poolOptions: { forks: { isolate: true } } };

/** A package whose own config starts nothing: its config, unit tests only. */
const withOwnConfig = (dir: string): TestProjectConfiguration => ({
  extends: `./${dir}/vitest.config.ts`,
  test: { name: dir, root: `./${dir}`, exclude, ...isolatedModules },
});

/** A package whose config starts the test database (globalSetup): the base settings instead. */
const withoutDatabase = (dir: string): TestProjectConfiguration => ({
  test: { ...base.test, name: dir, root: `./${dir}`, exclude, ...isolatedModules },
});

/**
 * The UI kit's component tests each get a fresh jsdom and their own Testing Library (whose
 * `screen` is bound to the first document it saw), so they cannot share a reused worker: they
 * run in vmThreads, where every file has a context of its own, libraries included.
 */
const uiKit: TestProjectConfiguration = {
  extends: './packages/ui/vitest.config.ts',
  test: { name: 'packages/ui', root: './packages/ui', exclude, pool: 'vmThreads' },
};

export default defineConfig({
  test: {
    poolOptions: { threads: { isolate: false }, forks: { isolate: false } },
    projects: [
      ...[
        'apps/web',
        'apps/launcher',
        'packages/contracts',
        'packages/integrations',
        'packages/testkit',
        'tooling/bench',
        'docker/test',
      ].map(withOwnConfig),
      uiKit,
      ...['apps/api', 'apps/worker', 'packages/db'].map(withoutDatabase),
    ],
  },
});
