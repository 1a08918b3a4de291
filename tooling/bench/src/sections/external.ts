// Benchmarks other packages own, run through their own scripts with `--json <file>`:
// the browser benchmark (apps/web `bench`) and the load test (tooling/bench `bench:load`).
// A missing script is a row that says so; a result with `rows` ([{ id?, benchmark, figure,
// baseline?, ratio?, target?, pass? }]) is taken row by row, anything else is summarized.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, repoRoot, runCommand } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';

export const EXTERNAL = [
  { id: 'browser', name: 'browser (apps/web bench)', pkg: '@scrapper/web', manifest: 'apps/web/package.json', script: 'bench' },
  { id: 'load', name: 'load test (tooling/bench bench:load)', pkg: '@scrapper/bench', manifest: 'tooling/bench/package.json', script: 'bench:load' },
] as const;

interface ExternalRow {
  id?: string;
  benchmark?: string;
  name?: string;
  figure?: string | number;
  baseline?: string | number;
  ratio?: number | null;
  target?: string;
  pass?: boolean | null;
}

function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  return ['npx', ['--yes', 'pnpm@10.34.9']];
}

export async function runExternal(which: (typeof EXTERNAL)[number], log: (m: string) => void): Promise<Row[]> {
  const scripts = (JSON.parse(readFileSync(join(repoRoot, which.manifest), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  if (!scripts[which.script]) {
    return [{ id: `${which.id}.missing`, benchmark: which.name, figure: `no "${which.script}" script in ${which.manifest} yet`, baseline: '-', ratio: null, target: '-', pass: null, load: load() }];
  }
  const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-ext-'));
  try {
    const file = join(dir, 'result.json');
    const [cmd, pre] = pnpmCommand();
    const res = await runCommand(cmd, [...pre, '--filter', which.pkg, which.script, '--json', file], { timeoutMs: 15 * 60_000 });
    if (res.code !== 0) throw new Error(`${which.name} exited with ${res.code}: ${res.output.slice(-400)}`);
    log(`  ${which.name}: ${res.seconds.toFixed(1)} s`);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { rows?: ExternalRow[] } | ExternalRow[];
    const rows = Array.isArray(json) ? json : json.rows;
    const l = load();
    if (!rows) {
      return [{ id: `${which.id}.result`, benchmark: which.name, figure: JSON.stringify(json).slice(0, 300), baseline: '-', ratio: null, target: '-', pass: null, load: l }];
    }
    return rows.map((r, i) => ({
      id: `${which.id}.${r.id ?? i}`,
      benchmark: `${which.id}: ${r.benchmark ?? r.name ?? `row ${i + 1}`}`,
      figure: String(r.figure ?? '-'),
      baseline: String(r.baseline ?? '-'),
      ratio: typeof r.ratio === 'number' ? r.ratio : null,
      target: r.target ?? '-',
      pass: typeof r.pass === 'boolean' ? r.pass : null,
      load: l,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
