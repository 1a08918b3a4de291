// Item 4, scrape ingest: apps/worker/bench/scrape-20k.ts (the real scrape job: fetch, map,
// write the raw file once and its index rows) against src/baseline/apify-loop.ts (a bare
// apify-client loop over the same pages), each as its own process with the fake Apify inside
// it; medians of BENCH_REPEAT runs. Then the items list of a 200,000-item result file
// (apps/api/bench/result-items-200k.ts): the first page, and the whole list read in pages.
import { load, round, runJsonScript } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';

export const INGEST_ROWS: Array<[string, string]> = [
  ['ingest.time', 'scrape ingest: time vs bare apify-client loop'],
  ['ingest.rss', 'scrape ingest: worker peak RSS growth'],
  ['items.firstPage', 'items list, 200,000-item result file: first page (100 items)'],
  ['items.allPages', 'items list, 200,000-item result file: every item, in pages of 500'],
];

interface ItemsList {
  items: number;
  firstPage: { p50Ms: number; bytes: number };
  filteredFirstPage: { p50Ms: number; bytes: number };
  deepPage: { p50Ms: number; bytes: number };
  detailP50Ms: number;
  allPages: { seconds: number; requests: number; bytes: number };
  oldSingleAnswerBytes: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The items list of a big result file: "paged server filtering" chosen, streaming all pages measured beside it. */
export async function runItemsList(items: number, log: (m: string) => void): Promise<Row[]> {
  const r = await runJsonScript<ItemsList>('apps/api/bench/result-items-200k.ts', { env: { BENCH_ITEMS: String(items) } });
  const l = load();
  log(`  items: first page ${r.firstPage.p50Ms} ms, filtered ${r.filteredFirstPage.p50Ms} ms, deep ${r.deepPage.p50Ms} ms, detail ${r.detailP50Ms} ms; all ${r.allPages.requests} pages ${r.allPages.seconds} s ${mb(r.allPages.bytes)}`);
  return [
    {
      id: 'items.firstPage',
      benchmark: `${INGEST_ROWS[2]?.[1]} p50 (${r.items} items)`,
      figure: `${r.firstPage.p50Ms} ms, ${kb(r.firstPage.bytes)}; every filter on + sort by plays: ${r.filteredFirstPage.p50Ms} ms; last page: ${r.deepPage.p50Ms} ms; one item's detail: ${r.detailP50Ms} ms`,
      baseline: `old single answer: ${mb(r.oldSingleAnswerBytes)}`,
      ratio: null,
      target: '< 300 ms',
      pass: r.firstPage.p50Ms < 300 && r.filteredFirstPage.p50Ms < 300,
      load: l,
    },
    {
      id: 'items.allPages',
      benchmark: `${INGEST_ROWS[3]?.[1]} (${r.items} items)`,
      figure: `${r.allPages.seconds} s, ${r.allPages.requests} requests, ${mb(r.allPages.bytes)}`,
      baseline: `old single answer: ${mb(r.oldSingleAnswerBytes)}`,
      ratio: null,
      target: '- (measured: the list pages instead)',
      pass: null,
      load: l,
    },
  ];
}

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
    ...(await runItemsList(items * 10, log)),
  ];
}
