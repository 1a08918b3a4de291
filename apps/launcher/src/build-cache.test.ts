// Turborepo replays a task from its cache when the task's hash is unchanged, so the hash must
// cover everything the task reads. A package's tests and lint read the workspace packages it
// imports: a no-op `transit` task per package (Turborepo's transit-node pattern) hashes each
// package's files and, through `^transit`, those of every package it depends on, without
// ordering anything. Checked by hand with `turbo run test --dry=json --filter=@scrapper/api`:
// one line added to packages/contracts/src/common.ts changes @scrapper/api#test's hash, and a
// line in packages/db/migrations changes @scrapper/db#test's.
import { globSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface TurboTask {
  dependsOn?: string[];
  inputs?: string[];
}
const turbo = JSON.parse(readFileSync(join(root, 'turbo.json'), 'utf8')) as { tasks: Record<string, TurboTask> };

/** The workspace's package folders (pnpm-workspace.yaml: apps/*, packages/*, tooling/*, docker/test). */
function packageDirs(): string[] {
  const dirs: string[] = [];
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const name of readdirSync(join(root, group))) {
      if (existsSync(join(root, group, name, 'package.json'))) dirs.push(join(root, group, name));
    }
  }
  return dirs;
}

describe('build cache', () => {
  it('reruns test and lint when a package they import changes (transit nodes)', () => {
    expect(turbo.tasks.transit?.dependsOn).toEqual(['^transit']);
    // A transit task that only read chosen inputs would miss files: it hashes all of them.
    expect(turbo.tasks.transit?.inputs).toBeUndefined();
    for (const task of ['test', 'lint']) expect(turbo.tasks[task]?.dependsOn).toContain('transit');
    expect(turbo.tasks.typecheck?.dependsOn).toContain('^typecheck');
    expect(turbo.tasks.build?.dependsOn).toContain('^build');
  });

  it('names only inputs that exist in some package (a pattern matching nothing hides a change)', () => {
    const dirs = packageDirs();
    for (const [name, task] of Object.entries(turbo.tasks)) {
      for (const pattern of task.inputs ?? []) {
        if (pattern.startsWith('!') || pattern.startsWith('$TURBO')) continue;
        const matched = dirs.some((dir) => globSync(pattern, { cwd: dir }).length > 0);
        expect(matched, `turbo.json ${name}.inputs "${pattern}" matches no file in any package`).toBe(true);
      }
    }
    // The database package's tests read its migrations.
    expect(turbo.tasks.test?.inputs).toContain('migrations/**');
    expect(globSync('migrations/**', { cwd: join(root, 'packages/db') }).length).toBeGreaterThan(0);
  });

  it('a package whose code starts another app from source depends on it, so a change there reruns its tests', () => {
    // `node apps/api/src/server.ts` in a launcher test reads the api's files, which the
    // launcher's transit hash covers only through a declared dependency. e2e is exempt: it is
    // never replayed from the cache.
    expect(turbo.tasks.e2e).toMatchObject({ cache: false });
    const starts = /['"`]apps\/(api|worker|launcher)\/src\/[\w./-]+\.ts['"`]/g;
    const missing: string[] = [];
    for (const dir of packageDirs()) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
      for (const file of globSync('{src,test,bench}/**/*.ts', { cwd: dir })) {
        const text = readFileSync(join(dir, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
        for (const [, app] of text.matchAll(starts)) {
          const needed = `@scrapper/${app}`;
          if (needed !== pkg.name && !declared.has(needed)) missing.push(`${pkg.name} (${file}) starts ${needed} without depending on it`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The launcher's own tests start both.
    const launcher = JSON.parse(readFileSync(join(root, 'apps/launcher/package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(launcher.devDependencies).toMatchObject({ '@scrapper/api': 'workspace:*', '@scrapper/worker': 'workspace:*' });
  });
});
