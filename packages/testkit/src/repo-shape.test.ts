// The shape of the repository (issue 32): no module over 500 lines outside tests, fakes and
// benches. A module that grows past it is split by subject (see packages/integrations/src/gemini/
// or apps/worker/src/jobs/youtube-upload/ for the pattern: a folder, an index.ts, one file a part).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAX_LINES = 500;
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the product's modules are. */
const SCANNED = ['apps', 'packages', 'tooling'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/** Tests, their helpers, the fakes (all of testkit) and the benches: not held to the limit. */
function isExempt(path: string): boolean {
  const parts = path.split(sep);
  const name = parts.at(-1) ?? '';
  return (
    /\.test\.tsx?$/.test(name) ||
    parts.some((part) => part === 'test' || part === 'e2e' || part === 'bench' || part.startsWith('fake-')) ||
    (parts[0] === 'packages' && parts[1] === 'testkit')
  );
}

async function* modules(root: string, dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(root, path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** `path: lines` for every module under `folders` of `root` over the limit, exempt ones aside. */
async function oversizedModules(root: string, folders: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const folder of folders) {
    for await (const path of modules(root, folder)) {
      if (isExempt(path)) continue;
      const text = await readFile(join(root, path), 'utf8');
      const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
      if (lines > MAX_LINES) found.push(`${relative(root, join(root, path))}: ${lines}`);
    }
  }
  return found;
}

describe('module size', () => {
  const scratch: string[] = [];
  afterAll(async () => {
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  it('no module outside tests, fakes and benches is over 500 lines', async () => {
    expect(await oversizedModules(REPO_ROOT, SCANNED)).toEqual([]);
  });

  it('finds a module of 501 lines and leaves tests, fakes and benches alone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'repo-shape-'));
    scratch.push(root);
    const long = 'export const x = 1;\n'.repeat(MAX_LINES + 1);
    const files = {
      'apps/contoh/src/big.ts': long,
      'apps/contoh/src/fits.ts': 'export const x = 1;\n'.repeat(MAX_LINES),
      'apps/contoh/src/big.test.ts': long,
      'apps/web/e2e/big.spec.ts': long,
      'apps/web/bench/big.ts': long,
      'packages/testkit/src/fake-google/big.ts': long,
      'apps/contoh/node_modules/x/big.ts': long,
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
    }
    expect(await oversizedModules(root, ['apps', 'packages'])).toEqual([`apps${sep}contoh${sep}src${sep}big.ts: 501`]);
  });
});
