// Item 3, downloads: apps/worker/bench/batch-50.ts (the product: the API's POST
// /api/media/batches and a real worker) against plain yt-dlp over the same URLs through
// `xargs -P N` for every N of the sweep (1 to 8 in the full run), in the same run: the fastest
// N is the machine's limit, and the product's default concurrency is held against it.
import { load, round, runJsonScript } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';

export const DOWNLOAD_ROWS: Array<[string, string]> = [
  ['downloads.parallel', 'downloads: batch vs plain yt-dlp, xargs -P'],
  ['downloads.fastest', 'downloads: batch vs the fastest plain yt-dlp over the sweep of xargs -P'],
  ['downloads.sequential', 'downloads: batch vs plain yt-dlp, one after another'],
];

interface Batch {
  items: number;
  concurrency: number;
  productSeconds: number;
  sequentialSeconds: number;
  parallelSeconds: number;
  /** The N of parallelSeconds: the product's concurrency, or the sweep's fastest when the sweep left it out. */
  parallelAt: number;
  historyP95Ms: number;
  sweep: Array<{ parallel: number; seconds: number }>;
  fastestParallel: number;
  fastestSeconds: number;
}

/** The sweep's N as the row names them: "1..8" for a run of every N, else the list. */
function sweepRange(sweep: Batch['sweep']): string {
  const ns = sweep.map((s) => s.parallel).sort((a, b) => a - b);
  const first = ns[0] ?? 0;
  const last = ns.at(-1) ?? 0;
  const contiguous = ns.every((n, i) => n === first + i);
  return contiguous && ns.length > 2 ? `${first}..${last}` : ns.join(', ');
}

export async function runDownloads(items: number, sweep: readonly number[], log: (m: string) => void): Promise<Row[]> {
  // Nine runs of 50 clips on a loaded machine take longer than the default ten minutes: the
  // limit grows with the work (a bound on a hung run, not a target).
  const r = await runJsonScript<Batch>('apps/worker/bench/batch-50.ts', {
    env: { BENCH_ITEMS: String(items), BENCH_PROXIED: '0', BENCH_SWEEP: sweep.join(',') },
    timeoutMs: 10 * 60_000 + items * (sweep.length + 1) * 20_000,
  });
  const l = load();
  const plain = r.sweep.map((s) => `-P ${s.parallel} ${s.seconds} s`).join(', ');
  log(`  batch: product ${r.productSeconds} s at ${r.concurrency}; xargs ${plain}; fastest -P ${r.fastestParallel}`);
  const overParallel = round(r.productSeconds / r.parallelSeconds);
  const overFastest = round(r.productSeconds / r.fastestSeconds);
  const speedUp = round(r.sequentialSeconds / r.productSeconds);
  return [
    {
      id: 'downloads.parallel',
      benchmark: `${DOWNLOAD_ROWS[0]?.[1]} (${r.items} clips, ${r.concurrency} at a time)`,
      figure: `${r.productSeconds} s (history p95 ${r.historyP95Ms} ms meanwhile)`,
      baseline: `${r.parallelSeconds} s (xargs -P ${r.parallelAt} yt-dlp)`,
      ratio: overParallel,
      target: '<= 1.15x',
      pass: overParallel <= 1.15,
      load: l,
    },
    {
      id: 'downloads.fastest',
      benchmark: `${DOWNLOAD_ROWS[1]?.[1]} ${sweepRange(r.sweep)} (${r.items} clips; product at its default ${r.concurrency})`,
      figure: `${r.productSeconds} s`,
      baseline: `${r.fastestSeconds} s (fastest: xargs -P ${r.fastestParallel}; ${plain})`,
      ratio: overFastest,
      target: '<= 1.1x',
      pass: overFastest <= 1.1,
      load: l,
    },
    {
      id: 'downloads.sequential',
      benchmark: `${DOWNLOAD_ROWS[2]?.[1]} (${r.items} clips)`,
      figure: `${r.productSeconds} s`,
      baseline: `${r.sequentialSeconds} s (one yt-dlp after another)`,
      ratio: speedUp,
      target: '>= 3x faster (ratio = sequential / product)',
      pass: speedUp >= 3,
      load: l,
    },
  ];
}
