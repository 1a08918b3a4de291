// Item 4, scrape ingest: apps/worker/bench/scrape-20k.ts (the real scrape job: fetch, map,
// write) against src/baseline/apify-loop.ts (a bare apify-client loop over the same pages),
// each as its own process with the fake Apify inside it; medians of BENCH_REPEAT runs.
import { load, round, runJsonScript } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';

export const INGEST_ROWS: Array<[string, string]> = [
  ['ingest.time', 'scrape ingest: time vs bare apify-client loop'],
  ['ingest.rss', 'scrape ingest: worker peak RSS growth'],
];

interface Ingest {
  items: number;
  seconds: number;
  runs: number[];
  rssGrowthMB: number;
}

export async function runScrapeIngest(items: number, repeat: number, log: (m: string) => void): Promise<Row[]> {
  const env = { BENCH_ITEMS: String(items), BENCH_REPEAT: String(repeat) };
  const product = await runJsonScript<Ingest>('apps/worker/bench/scrape-20k.ts', { env, extraFlags: ['--expose-gc'] });
  const bare = await runJsonScript<Ingest>('tooling/bench/src/baseline/apify-loop.ts', { env, extraFlags: ['--expose-gc'] });
  const l = load();
  log(`  ingest: product ${product.runs.join(', ')} s (rss +${product.rssGrowthMB} MB); bare ${bare.runs.join(', ')} s (rss +${bare.rssGrowthMB} MB)`);
  const ratio = round(product.seconds / bare.seconds);
  return [
    {
      id: 'ingest.time',
      benchmark: `${INGEST_ROWS[0]?.[1]} (${items} items, median of ${repeat})`,
      figure: `${product.seconds} s (runs ${product.runs.join(', ')})`,
      baseline: `${bare.seconds} s (runs ${bare.runs.join(', ')})`,
      ratio,
      target: '<= 1.30x',
      pass: ratio <= 1.3,
      load: l,
    },
    {
      id: 'ingest.rss',
      benchmark: `${INGEST_ROWS[1]?.[1]} (${items} items)`,
      figure: `+${product.rssGrowthMB} MB`,
      baseline: `+${bare.rssGrowthMB} MB (bare loop)`,
      ratio: null,
      target: '< 100 MB',
      pass: product.rssGrowthMB < 100,
      load: l,
    },
  ];
}
