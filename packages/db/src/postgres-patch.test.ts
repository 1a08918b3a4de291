// postgres.js 3.4.9 can crash the process with "Cannot read properties of null (reading 'write')"
// when PostgreSQL goes away under traffic (porsager/postgres#1154; fixes #1168/#1176 unmerged).
// patches/postgres@3.4.9.patch guards it. This fails if an upgrade or a lockfile change drops
// the patch, so whoever upgrades checks the upstream fix first.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('postgres.js patch', () => {
  it('the installed postgres.js drops a write scheduled after its socket closed', () => {
    // The default export is cjs/src/index.js: two folders below the package root.
    const root = dirname(dirname(dirname(require.resolve('postgres'))));
    for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
      const source = readFileSync(join(root, file), 'utf8');
      expect(source, file).toMatch(/function nextWrite\(fn\) \{\n[^}]*if \(socket === null\)/);
    }
  });
});
