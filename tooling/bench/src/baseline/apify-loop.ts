// The baseline for the scrape ingest benchmark: what reading a run's dataset costs with nothing
// but apify-client: start the actor, wait for the run, page through the dataset and write the
// items to a file as they come. The same requests as the scrape job: 1,000 items a page, the
// next page asked for while the current one is written (the job reads one page ahead), and no
// page past the dataset's total. The fake Apify and its items are exactly those of
// apps/worker/bench/scrape-20k.ts, in this process as there.
// Run: node --expose-gc src/baseline/apify-loop.ts [--json file]   (BENCH_ITEMS, BENCH_REPEAT)
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApifyClient } from 'apify-client';
import { startFakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
const PAGE = 1000;
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;

const item = (i: number) => ({
  id: `7${String(i).padStart(18, '0')}`,
  text: `Video nomor ${i} #fyp #lucu dengan judul yang agak panjang supaya realistis`,
  webVideoUrl: `https://www.tiktok.com/@kreator${i % 97}/video/7${String(i).padStart(18, '0')}`,
  videoMeta: { duration: 15 + (i % 45), coverUrl: `https://p16.tiktokcdn.test/cover/${i}.jpg`, width: 576, height: 1024 },
  authorMeta: { name: `kreator${i % 97}`, fans: 1000 + i },
  playCount: 1000 + i,
  diggCount: 10 + i,
  hashtags: [{ name: 'fyp' }, { name: 'lucu' }],
});

const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-apify-loop-'));
const fake = await startFakeApify({ waitForFinishCapMs: 50 });
fake.script('clockworks/tiktok-scraper', { polls: 0, items: { count: ITEMS, item } });
const client = new ApifyClient({ token: fake.token, baseUrl: fake.baseUrl });

global.gc?.();
const baseline = process.memoryUsage.rss();
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);

// BENCH_REPEAT > 1: one untimed warm-up run first, as in scrape-20k.ts.
const runs: number[] = [];
for (let r = REPEAT > 1 ? -1 : 0; r < REPEAT; r++) {
  const started = performance.now();
  const run = await client.actor('clockworks/tiktok-scraper').start({ searchQueries: 'bench' });
  const done = await client.run(run.id).waitForFinish({ waitSecs: 10 });
  const out = createWriteStream(join(dir, `result-${r + 1}.json`));
  out.write('{"items":[');
  let count = 0;
  const dataset = client.dataset(done.defaultDatasetId);
  let next = dataset.listItems({ offset: 0, limit: PAGE });
  for (let offset = 0; ; offset += PAGE) {
    const page = await next;
    const more = offset + PAGE < page.total;
    if (more) next = dataset.listItems({ offset: offset + PAGE, limit: PAGE });
    if (page.items.length > 0) {
      const text = page.items.map((i) => JSON.stringify(i)).join(',');
      if (!out.write((count > 0 ? ',' : '') + text)) await once(out, 'drain');
      count += page.items.length;
    }
    if (!more) break;
  }
  out.end(']}');
  await once(out, 'close');
  if (count !== ITEMS) throw new Error(`read ${count} of ${ITEMS}`);
  if (r >= 0) runs.push(Number(((performance.now() - started) / 1000).toFixed(3)));
  // Each run's garbage goes before the next: the peak is one ingest's, not several piled up.
  global.gc?.();
}
clearInterval(sampler);
const sorted = [...runs].sort((a, b) => a - b);
const result = {
  benchmark: 'apify-loop',
  items: ITEMS,
  seconds: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0,
  runs,
  rssGrowthMB: Number(((peak - baseline) / 1024 / 1024).toFixed(1)),
};
console.log(JSON.stringify(result));
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(result));
await fake.close();
rmSync(dir, { recursive: true, force: true });
