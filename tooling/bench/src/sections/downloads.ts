// Item 3, downloads: apps/worker/bench/batch-50.ts (the product: the API's POST
// /api/media/batches and a real worker) against plain yt-dlp over the same URLs through
// `xargs -P <concurrency>` and one after another, in the same run.
import { load, round, runJsonScript } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';

export const DOWNLOAD_ROWS: Array<[string, string]> = [
  ['downloads.parallel', 'downloads: batch vs plain yt-dlp, xargs -P'],
  ['downloads.sequential', 'downloads: batch vs plain yt-dlp, one after another'],
];

interface Batch {
  items: number;
  concurrency: number;
  productSeconds: number;
  sequentialSeconds: number;
  parallelSeconds: number;
  historyP95Ms: number;
}

export async function runDownloads(items: number, log: (m: string) => void): Promise<Row[]> {
  const r = await runJsonScript<Batch>('apps/worker/bench/batch-50.ts', { env: { BENCH_ITEMS: String(items), BENCH_PROXIED: '0' } });
  const l = load();
  log(`  batch: product ${r.productSeconds} s, xargs -P ${r.concurrency} ${r.parallelSeconds} s, sequential ${r.sequentialSeconds} s`);
  const overParallel = round(r.productSeconds / r.parallelSeconds);
  const speedUp = round(r.sequentialSeconds / r.productSeconds);
  return [
    {
      id: 'downloads.parallel',
      benchmark: `${DOWNLOAD_ROWS[0]?.[1]} (${r.items} clips, ${r.concurrency} at a time)`,
      figure: `${r.productSeconds} s (history p95 ${r.historyP95Ms} ms meanwhile)`,
      baseline: `${r.parallelSeconds} s (xargs -P ${r.concurrency} yt-dlp)`,
      ratio: overParallel,
      target: '<= 1.15x',
      pass: overParallel <= 1.15,
      load: l,
    },
    {
      id: 'downloads.sequential',
      benchmark: `${DOWNLOAD_ROWS[1]?.[1]} (${r.items} clips)`,
      figure: `${r.productSeconds} s`,
      baseline: `${r.sequentialSeconds} s (one yt-dlp after another)`,
      ratio: speedUp,
      target: '>= 3x faster (ratio = sequential / product)',
      pass: speedUp >= 3,
      load: l,
    },
  ];
}
