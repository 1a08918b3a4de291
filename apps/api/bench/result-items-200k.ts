// Benchmark: the downloader's items list on a result file of 200,000 items (issue 16 item 2).
// The file and its index are made the way the scrape job makes them (the shared result-file
// writer, rows a page at a time); the API runs as its own process. Measured: the first page
// (p50 of BENCH_SAMPLES requests, plain and with every filter on), one item's detail (the raw
// record by its byte range), and reading the whole list in pages of 500: time and bytes,
// against the size the old single answer (every item with its raw record) would have had.
// Run: node --disable-warning=ExperimentalWarning apps/api/bench/result-items-200k.ts [--json file]
//   (BENCH_ITEMS=200000, BENCH_SAMPLES=30)
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { mapItem } from '@scrapper/contracts/rules/map-items';
import { createDatabase } from '@scrapper/db/client';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { insertResultItems, setResultMapping } from '@scrapper/db/queries/result-items';
import { completeScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { resultMappingHash } from '@scrapper/db/result-file/mapping-hash';
import { createIndexedResultFileWriter } from '@scrapper/db/testing/result-file-writer';
import { startBenchApi } from './start-api.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const PAGE = 1000;
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;

const api = await startBenchApi('items');
const database = createDatabase(api.databaseUrl, { max: 2 });
const config = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: 'clockworks/tiktok-scraper',
  mapping: { id: 'id', url: 'webVideoUrl', title: 'text', duration: 'videoMeta.duration', author: 'authorMeta.name', play_count: 'playCount', like_count: 'diggCount', thumbnail: 'videoMeta.coverUrl' },
});
await replaceActorConfigs(database.db, [config]);

// The scrape bench's item, with every 10th title repeated (duplicates to hide) and durations
// from 5 s to 5 min (some hidden by a minimum).
const item = (i: number) => ({
  id: `7${String(i).padStart(18, '0')}`,
  text: i % 10 === 0 ? `Video populer ${i % 1000}` : `Video nomor ${i} #fyp #lucu dengan judul yang agak panjang supaya realistis`,
  webVideoUrl: `https://www.tiktok.com/@kreator${i % 97}/video/7${String(i).padStart(18, '0')}`,
  videoMeta: { duration: 5 + (i % 296), coverUrl: `https://p16.tiktokcdn.test/cover/${i}.jpg`, width: 576, height: 1024 },
  authorMeta: { name: `kreator${i % 97}`, fans: 1000 + i },
  playCount: 1000 + ((i * 7919) % 100_000),
  diggCount: 10 + i,
  hashtags: [{ name: 'fyp' }, { name: 'lucu' }],
});

const seedStart = performance.now();
const task = await insertScrapeTask(database.db, {
  ownerId: api.userId,
  actorId: config.actorId,
  platformId: 'tiktok',
  scrapeType: 'keyword',
  target: 'bench',
  input: { searchQueries: 'bench' },
  platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
});
const fileName = 'tiktok_20261122-101010_0badcafe.json';
const key = `results/${api.userId}/${fileName}`;
mkdirSync(join(api.dir, 'storage', 'results', api.userId), { recursive: true });
const out = createWriteStream(join(api.dir, 'storage', key));
const writer = createIndexedResultFileWriter(config);
out.write(writer.head());
let oldAnswerBytes = 0;
for (let from = 0; from < ITEMS; from += PAGE) {
  const raws = Array.from({ length: Math.min(PAGE, ITEMS - from) }, (_, k) => item(from + k));
  const { text, rows } = writer.page(raws);
  if (!out.write(text)) await once(out, 'drain');
  await insertResultItems(database.sql, task.id, rows);
  // What the old GET /api/data/items sent for these: each mapped item with its raw record.
  for (const raw of raws) oldAnswerBytes += Buffer.byteLength(JSON.stringify(mapItem(raw, config))) + 1;
}
out.end(writer.tail({ taskId: task.id, itemCount: ITEMS }));
await once(out, 'close');
await completeScrapeTask(database.db, task.id, { fileName, path: key, itemCount: ITEMS, counts: writer.counts() });
await setResultMapping(database.sql, task.id, resultMappingHash(config));
// Some of the items downloaded, so "hide downloaded" has work.
await database.sql.unsafe(`
  insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status, storage_key, finished_at)
  select '${api.userId}', 'tiktok', '7' || lpad(g::text, 18, '0'), 'https://example.test/' || g, 'v', 'best', 'completed', 'downloads/x/' || g || '.mp4', now()
  from generate_series(0, ${ITEMS - 1}, 50) g`);
await database.sql.unsafe('analyze');
const seedSeconds = Number(((performance.now() - seedStart) / 1000).toFixed(1));

async function get(path: string): Promise<{ ms: number; bytes: number; body: { items: Array<{ id: string }>; pagination: { total: number; hasMore: boolean } } }> {
  const started = performance.now();
  const res = await fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return { ms, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

const p50 = (values: number[]) => Number([...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]?.toFixed(1));
async function sample(path: string) {
  await get(path); // warm: plans, caches
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await get(path);
    times.push(r.ms);
    bytes = r.bytes;
  }
  return { p50Ms: p50(times), bytes };
}

const base = `/api/data/items?filename=${fileName}`;
const firstPage = await sample(`${base}&limit=100`);
const filteredFirstPage = await sample(`${base}&limit=100&minSeconds=30&hideDuplicates=true&hideDownloaded=true&sortBy=playCount&order=desc`);
const deepPage = await sample(`${base}&limit=100&offset=${ITEMS - 200}`);
const ids = Array.from({ length: SAMPLES }, (_, i) => item(Math.floor((i * ITEMS) / SAMPLES) + 1).id);
const detailTimes: number[] = [];
for (const id of ids) detailTimes.push((await get(`/api/data/items/${id}?filename=${fileName}`)).ms);

// The whole list, streamed in pages of 500 (the most one page may hold), one after another.
const allStarted = performance.now();
let allBytes = 0;
let allItems = 0;
let requests = 0;
for (let offset = 0; ; offset += 500) {
  const r = await get(`${base}&limit=500&offset=${offset}`);
  allBytes += r.bytes;
  allItems += r.body.items.length;
  requests += 1;
  if (!r.body.pagination.hasMore) break;
}
const allSeconds = Number(((performance.now() - allStarted) / 1000).toFixed(2));
if (allItems !== ITEMS) throw new Error(`read ${allItems} of ${ITEMS}`);

const result = {
  benchmark: 'result-items-200k',
  items: ITEMS,
  seedSeconds,
  firstPage,
  filteredFirstPage,
  deepPage,
  detailP50Ms: p50(detailTimes),
  allPages: { seconds: allSeconds, requests, bytes: allBytes },
  oldSingleAnswerBytes: oldAnswerBytes,
};
console.log(JSON.stringify(result));
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(result));
await database.close();
await api.stop();
