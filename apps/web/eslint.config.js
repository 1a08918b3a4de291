import { readdirSync } from 'node:fs';
import { createConfig } from '@scrapper/eslint-config';

// The browser bundle may use contracts and ui only (docs/style.md); e2e specs and the config files
// run on Node and may use node built-ins, but still none of the server packages.
const serverPackages = [
  '@scrapper/db',
  '@scrapper/integrations',
  '@scrapper/api',
  '@scrapper/worker',
  '@scrapper/testkit',
];
const packagePatterns = serverPackages.map((name) => ({
  group: [name, `${name}/*`],
  message: `${name} may not be imported here (see docs/style.md).`,
}));
const e2ePackagePatterns = packagePatterns.filter(
  (pattern) => !pattern.group.includes('@scrapper/testkit'),
);
const nodePattern = {
  group: ['node:*'],
  message: 'This code runs in the browser: no node built-ins.',
};

// bulletproof-react's rule: shared code (components, lib, stores, config, hooks) never
// imports a feature or the app, and a feature never imports another feature or the app.
const sharedPattern = {
  group: ['@/features/*', '@/app/*'],
  message: 'Shared code may not depend on features or the app layer; compose them in src/app.',
};
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureRules = features.map((feature) => ({
  files: [`src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...packagePatterns,
          nodePattern,
          {
            group: ['@/features/*', '@/app/*', '../../*'],
            message:
              'A feature imports its own files (relative paths) and shared code (@/...), never another feature or the app.',
          },
        ],
      },
    ],
  },
}));

export default [
  ...createConfig({ react: true, node: false, forbid: [...serverPackages, 'node:*'] }),
  {
    files: ['src/components/**', 'src/lib/**', 'src/stores/**', 'src/config/**', 'src/hooks/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...packagePatterns, nodePattern, sharedPattern] },
      ],
    },
  },
  ...featureRules,
  {
    // Tests of the bundle's shape read the source tree: they run on Node, never in the bundle.
    files: ['test/entry-chunk.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: packagePatterns }] },
  },
  {
    files: ['e2e/**', 'bench/**', 'vite-plugins/**', '*.config.ts', '*.config.js'],
    rules: {
      // The e2e harness runs the real product against the testkit fakes (fake Apify), so
      // testkit is the one workspace package it may use besides contracts and ui.
      'no-restricted-imports': ['error', { patterns: e2ePackagePatterns }],
      // Playwright fixtures receive a function named `use`, which this rule mistakes for React's.
      'react-hooks/rules-of-hooks': 'off',
    },
  },
];
