// Benchmark: GET /api/media/history latency over 10,000 history rows, and the API process's
// RSS growth while it serves a 500 MB file. The API runs as its own process.
// Run: pnpm --filter @scrapper/api bench:media
import { readFileSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { createDatabase } from '@scrapper/db/client';
import { startBenchApi } from './start-api.ts';
import { downloads } from '@scrapper/db/schema';

const ROWS = 10_000;
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 500);
const api = await startBenchApi('media');
const { dir, base } = api;
const login = { token: api.token, user: { id: api.userId } };
const server = api.server;
const auth = { authorization: `Bearer ${login.token}` };

const database = createDatabase(api.databaseUrl, { max: 2 });
const platforms = ['tiktok', 'youtube', 'instagram', 'douyin', 'facebook'];
for (let chunk = 0; chunk < ROWS; chunk += 1000) {
  await database.db.insert(downloads).values(
    Array.from({ length: 1000 }, (_, j) => {
      const i = chunk + j;
      return {
        ownerId: login.user.id,
        platform: platforms[i % 5] ?? 'tiktok',
        sourceItemId: `item-${i}`,
        sourceUrl: `https://example.test/${i}`,
        title: `Video nomor ${i} tentang resep dan perjalanan`,
        author: `kreator${i % 50}`,
        quality: 'best' as const,
        status: 'completed' as const,
        createdAt: new Date(Date.now() - (i % 60) * 24 * 3600 * 1000),
      };
    }),
  );
}
// The big file, as a completed download.
const key = `downloads/${login.user.id}/big.mp4`;
await mkdir(join(dir, 'storage', 'downloads', login.user.id), { recursive: true });
const handle = await open(join(dir, 'storage', key), 'w');
const block = Buffer.alloc(1024 * 1024, 7);
for (let i = 0; i < FILE_MB; i++) await handle.write(block);
await handle.close();
const [big] = await database.db
  .insert(downloads)
  .values({ ownerId: login.user.id, platform: 'tiktok', sourceItemId: 'big', sourceUrl: 'https://example.test/big', title: 'Besar', quality: 'best', status: 'completed', storageKey: key, sizeBytes: FILE_MB * 1024 * 1024, mime: 'video/mp4' })
  .returning();

const queries = ['', '?platform=tiktok', '?search=resep', '?sortBy=title&order=asc', '?startDate=2026-10-01&endDate=2026-10-31', '?offset=5000', '?sortBy=author&search=kreator7'];
const latencies: number[] = [];
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/media/history${queries[i % queries.length]}`, { headers: auth });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`history ${res.status}`);
  latencies.push(performance.now() - t0);
}
latencies.sort((a, b) => a - b);

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rssBefore = rss();
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
const t0 = performance.now();
const res = await fetch(`${base}/api/media/download/history/${big?.id}`, { headers: auth });
let bytes = 0;
for await (const chunk of res.body ?? []) bytes += (chunk as Uint8Array).byteLength;
const serveSeconds = (performance.now() - t0) / 1000;
clearInterval(sampler);

console.log(
  JSON.stringify({
    benchmark: 'history-and-serve',
    historyRows: ROWS,
    historyP95Ms: Number((latencies[Math.floor(latencies.length * 0.95)] ?? 0).toFixed(1)),
    historyP50Ms: Number((latencies[Math.floor(latencies.length * 0.5)] ?? 0).toFixed(1)),
    servedMB: Math.round(bytes / 1024 / 1024),
    serveSeconds: Number(serveSeconds.toFixed(2)),
    apiRssGrowthMB: Number((peak - rssBefore).toFixed(1)),
    targets: { historyP95Ms: 100, apiRssGrowthMB: 50 },
  }),
);
await database.close();
await api.stop();
