#!/usr/bin/env node
// Per-task wall time of the last `npm test` (issue 30 item 1): `pnpm run ci` runs turbo with
// --summarize, which writes .turbo/runs/<id>.json per turbo run; this prints every task of the
// newest two (the lint/typecheck/test/build run and the e2e run), slowest first, as a Markdown
// table for docs/benchmarks.md. Usage: `pnpm test:breakdown` after `npm test`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.cwd(), '.turbo', 'runs');
const runs = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, mtime: statSync(join(dir, name)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime)
  .slice(0, 2)
  .reverse();
const rows = [];
for (const run of runs) {
  const summary = JSON.parse(readFileSync(join(dir, run.name), 'utf8'));
  const start = summary.execution?.startTime;
  const end = summary.execution?.endTime;
  console.log(`run ${run.name}: ${summary.execution?.command ?? ''} ${((end - start) / 1000).toFixed(0)} s`);
  for (const task of summary.tasks ?? []) {
    const ms = (task.execution?.endTime ?? 0) - (task.execution?.startTime ?? 0);
    rows.push({ id: task.taskId, seconds: ms / 1000, cache: task.cache?.status ?? '', exit: task.execution?.exitCode });
  }
}
rows.sort((a, b) => b.seconds - a.seconds);
console.log('\n| task | wall (s) | cache | exit |\n| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.id} | ${row.seconds.toFixed(1)} | ${row.cache} | ${row.exit ?? ''} |`);
