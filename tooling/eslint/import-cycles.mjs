// The import-circle check that counts type imports too (issue 32 item 5). `import-x/no-cycle`
// in every package's lint skips `import type` (it has no option to count them), so a circle
// held together by types alone (a form and its fields importing each other's prop types) passes
// it. This reads every module's imports with TypeScript's own pre-processor, type imports and
// re-exports included, and reports each circle (a strongly connected group of modules).
// Imports across packages are not followed: the boundaries table (docs/style.md) and the
// declared dependencies already keep packages from importing each other in a circle.
//
// Run from the repository root: `node tooling/eslint/import-cycles.mjs` (part of `pnpm lint`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const FOLDERS = ['src', 'e2e', 'test'];

/** Every TypeScript module under a folder (node_modules and build output left out). */
function modulesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? [] : modulesUnder(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module an import names, or null for a package or a file we do not have. */
function resolveImport(from, specifier, packageDir) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = join(packageDir, 'src', specifier.slice(2));
  else return null;
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Module -> the modules of its own package it imports (values and types alike). */
export function importGraph(packageDir) {
  const graph = new Map();
  for (const file of FOLDERS.flatMap((folder) => modulesUnder(join(packageDir, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => resolveImport(file, ref.fileName, packageDir))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: groups of two or more modules that reach each other, and self-imports. */
export function findCycles(graph) {
  // Tarjan's strongly connected components, iterative so deep graphs cannot overflow the stack.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (group.length > 1 || selfImport) cycles.push(group.sort());
    }
  }
  return cycles;
}

/** Every workspace package folder (apps/*, packages/*, tooling/*). */
function workspacePackages(root) {
  return ['apps', 'packages', 'tooling'].flatMap((top) =>
    existsSync(join(root, top))
      ? readdirSync(join(root, top), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, top, entry.name))
      : [],
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? '.');
  const cycles = workspacePackages(root).flatMap((dir) => findCycles(importGraph(dir)));
  for (const group of cycles) {
    console.error(
      `Import circle (type imports counted):\n${group.map((f) => `  ${relative(root, f)}`).join('\n')}`,
    );
  }
  if (cycles.length > 0) process.exit(1);
  console.log('No import circles (type imports counted).');
}
