// Rewrites the generated part of docs/benchmarks.md (between the bench:results markers); the
// rest of the file (before/after notes, the per-feature history) is kept as written.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, type Row } from './report.ts';
import { repoRoot } from './proc.ts';

const START = '<!-- bench:results:start (written by `pnpm bench`; edit outside these markers) -->';
const END = '<!-- bench:results:end -->';

export const COMMANDS = [
  ['everything, as below', 'pnpm bench'],
  ['the smoke run (tiny sizes, docs untouched; also run by `npm test`)', 'pnpm bench -- --smoke'],
  ['one section', 'pnpm bench -- --only api|latency|events|downloads|ingest|startup|external'],
  ['some API rows only (ids containing these words)', 'pnpm bench -- --only api --api-only files,analytics'],
  ['API overhead baseline server alone', 'node tooling/bench/src/baseline/api-server.ts  (DATABASE_URL, PORT)'],
  ['where the API’s per-request CPU goes (node and PostgreSQL CPU per request, cpu-prof by package and function, against the baseline)', 'node tooling/bench/src/profile/api-profile.ts --only analytics|me|files [--as admin|member] [--connections 10] [--seconds 8] [--keep 1]'],
  ['downloads alone', 'pnpm --filter @scrapper/worker bench:batch'],
  ['scrape ingest alone', 'BENCH_REPEAT=3 pnpm --filter @scrapper/worker bench  and  node --expose-gc tooling/bench/src/baseline/apify-loop.ts'],
  ['browser (apps/web)', 'pnpm --filter @scrapper/web bench --json <file>'],
  ['load test', 'pnpm --filter @scrapper/bench bench:load --json <file>'],
  ['all tests (timed by hand, not by the harness)', 'npm test'],
];

export function renderResults(
  rows: Row[],
  info: { date: string; seconds: number; command: string; machine: { cores: number; cpuModel: string; memoryGiB: number; node: string }; loadAtStart: string; loadAtEnd: string },
): string {
  const missed = rows.filter((r) => r.pass === false).length;
  const targets = rows.filter((r) => r.pass !== null).length;
  return [
    START,
    `Last run: \`${info.command}\`, ${info.date.slice(0, 16).replace('T', ' ')} UTC, ${info.seconds} s. Machine: ${info.machine.cores} cores (${info.machine.cpuModel}), ${info.machine.memoryGiB} GiB memory, Node ${info.machine.node}; load average (1, 5, 15 min) ${info.loadAtStart} at the start, ${info.loadAtEnd} at the end, and per row below. ${targets - missed} of ${targets} targets met.`,
    '',
    markdownTable(rows),
    '',
    'Commands (from the repository root):',
    '',
    ...COMMANDS.map(([what, cmd]) => `- ${what}: \`${cmd}\``),
    END,
  ].join('\n');
}

export function writeDocs(rows: Row[], info: Parameters<typeof renderResults>[1]): void {
  const path = join(repoRoot, 'docs', 'benchmarks.md');
  const text = readFileSync(path, 'utf8');
  const block = renderResults(rows, info);
  const from = text.indexOf(START.slice(0, 26));
  const to = text.indexOf(END);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + END.length)
      : text.replace(/\n\n/, `\n\n## Latest \`pnpm bench\` run\n\n${block}\n\n`);
  writeFileSync(path, next);
}
