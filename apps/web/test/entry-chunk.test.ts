// The login page loads the entry chunk and nothing else: what main.tsx imports statically (and
// what those modules import, on and on) is what every first visit downloads. The contracts'
// endpoint schemas, full zod and the HTTP client belong to the pages that call the API and are
// loaded with them (dynamic `import()`), or the login page's JS grows past its budget: 113 KB
// gzipped, against the bench's 150 KB target (docs/benchmarks.md), went to 158 KB when main.tsx
// imported an endpoint contract directly. This walks the static import graph from main.tsx.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = resolve(import.meta.dirname, '../src');
const PACKAGES = resolve(WEB_SRC, '../../../packages');

/** Runtime imports and re-exports of a module (`import type` and `export type` left out). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const fromClause = /\b(?:import|export)\s+(type\s+)?[^'";]*?\sfrom\s+['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(fromClause)) if (!m[1] && m[2]) found.push(m[2]);
  const sideEffect = /^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(sideEffect)) if (m[1]) found.push(m[1]);
  return found;
}

function firstExisting(candidates: string[]): string | undefined {
  return candidates.find((c) => existsSync(c));
}

/** A file of ours the specifier names, or undefined for a package from node_modules. */
function resolveOurs(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('.')) return firstExisting([resolve(dirname(from), specifier)]);
  if (specifier.startsWith('@/')) return firstExisting([join(WEB_SRC, specifier.slice(2))]);
  const ours = /^@scrapper\/([^/]+)\/(.+)$/.exec(specifier);
  if (ours?.[1] && ours[2]) {
    const base = join(PACKAGES, ours[1], 'src', ours[2]);
    return firstExisting([base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]);
  }
  return undefined;
}

/** Every module reachable from `entry` by static imports: our files, and the packages' names. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const ours = resolveOurs(specifier, file);
      if (ours) todo.push(ours);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/') && !specifier.startsWith('@scrapper/')) packages.add(specifier);
      else throw new Error(`${file}: cannot resolve ${specifier}`);
    }
  }
  return { files, packages };
}

describe('the entry chunk', () => {
  const { files, packages } = staticGraph(join(WEB_SRC, 'main.tsx'));
  const relative = (f: string) => f.slice(resolve(WEB_SRC, '../../..').length + 1);

  it('reads the imports the walk follows, and not the type-only ones', () => {
    expect(
      staticImports(
        "import type { A } from './a.ts';\nimport { b, type C } from './b.ts';\nimport './c.css';\nexport { d } from './d.ts';\nexport type { E } from './e.ts';\nconst f = () => import('./f.ts');",
      ),
    ).toEqual(['./b.ts', './d.ts', './c.css']);
    // The walk itself reaches past main.tsx.
    expect([...files].map(relative)).toContain('apps/web/src/app/router.tsx');
  });

  it('holds no endpoint contract, no full zod and no HTTP client: the login page does not call them', () => {
    expect([...files].map(relative).filter((f) => f.startsWith('packages/contracts/src/http/'))).toEqual([]);
    expect([...packages].filter((p) => p === 'zod' || p === 'ky')).toEqual([]);
    expect([...files].map(relative)).not.toContain('apps/web/src/lib/api-client.ts');
    expect([...files].map(relative)).not.toContain('apps/web/src/lib/events.ts');
  });
});
