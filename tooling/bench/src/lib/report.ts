// One row per figure: what was measured, the same-run baseline, their ratio, the target and
// whether it was met. The table is printed and written into docs/benchmarks.md.

export interface Row {
  /** Stable id; the smoke test checks every expected id is present. */
  id: string;
  benchmark: string;
  figure: string;
  baseline: string;
  /** product / baseline (or baseline / product where the target is a speed-up), or null. */
  ratio: number | null;
  target: string;
  /** null: informational, no target. */
  pass: boolean | null;
  /** Load average (1, 5, 15 min) when the figure was taken. */
  load: string;
}

export function verdict(pass: boolean | null): string {
  return pass === null ? 'info' : pass ? 'pass' : 'FAIL';
}

export function formatTable(rows: Row[]): string {
  const header = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'result', 'load'];
  const cells = rows.map((r) => [r.benchmark, r.figure, r.baseline, r.ratio === null ? '-' : r.ratio.toFixed(2), r.target, verdict(r.pass), r.load]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| benchmark | figure | baseline (same run) | ratio | target | result | load avg |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${esc(r.benchmark)} | ${esc(r.figure)} | ${esc(r.baseline)} | ${r.ratio === null ? '-' : r.ratio.toFixed(2)} | ${esc(r.target)} | ${r.pass === null ? 'info' : r.pass ? 'pass' : '**miss**'} | ${r.load} |`,
    ),
  ].join('\n');
}

/** A section that could not run still leaves its rows, marked failed, so nothing silently disappears. */
export function failedRows(ids: Array<[string, string]>, error: unknown, load: string): Row[] {
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return ids.map(([id, benchmark]) => ({
    id,
    benchmark,
    figure: `error: ${message?.slice(0, 120)}`,
    baseline: '-',
    ratio: null,
    target: '-',
    pass: false,
    load,
  }));
}
