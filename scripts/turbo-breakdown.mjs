#!/usr/bin/env node
// Per-task wall time of the last `npm test` (issue 30 item 1): `pnpm run ci` runs turbo with
// --summarize, which writes .turbo/runs/<id>.json per turbo run; this prints every task of the
// newest run (one graph with e2e in it; an older layout ran e2e as a second turbo run, then the
// two newest are read), slowest first, as a Markdown table for docs/benchmarks.md, with each
// task's start and end in seconds from the run's start. Usage: `pnpm test:breakdown` after
// `npm test`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.cwd(), '.turbo', 'runs');
const runs = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, mtime: statSync(join(dir, name)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime)
  .slice(0, 2)
  .reverse();
// Each summary read once; start and end are counted from the first run's start, so a second
// stage's tasks show when they ran in the whole `npm test`.
const summaries = runs.map((run) => ({ name: run.name, summary: JSON.parse(readFileSync(join(dir, run.name), 'utf8')) }));
const has = ({ summary }, kind) => (summary.tasks ?? []).some((task) => String(task.taskId).endsWith(`#${kind}`));
if (summaries.length === 2 && has(summaries[1], 'e2e') && has(summaries[1], 'test')) summaries.shift();
const origin = summaries[0]?.summary.execution?.startTime ?? 0;
const rows = [];
for (const { name, summary } of summaries) {
  const start = summary.execution?.startTime;
  const end = summary.execution?.endTime;
  console.log(`run ${name}: ${summary.execution?.command ?? ''} ${((end - start) / 1000).toFixed(0)} s, from ${((start - origin) / 1000).toFixed(0)} s`);
  for (const task of summary.tasks ?? []) {
    const ms = (task.execution?.endTime ?? 0) - (task.execution?.startTime ?? 0);
    rows.push({
      id: task.taskId,
      seconds: ms / 1000,
      from: ((task.execution?.startTime ?? start) - origin) / 1000,
      to: ((task.execution?.endTime ?? start) - origin) / 1000,
      cache: task.cache?.status ?? '',
      exit: task.execution?.exitCode,
    });
  }
}
rows.sort((a, b) => b.seconds - a.seconds);
console.log('\n| task | wall (s) | from-to (s) | cache | exit |\n| --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(`| ${row.id} | ${row.seconds.toFixed(1)} | ${row.from.toFixed(0)}-${row.to.toFixed(0)} | ${row.cache} | ${row.exit ?? ''} |`);
}
