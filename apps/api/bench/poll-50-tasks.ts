// Benchmark: the API process's CPU while a dashboard polls 50 running tasks every 5 s (the
// spec's polling interval), each task with 200 log lines. The API runs as its own process;
// its CPU time is read from /proc, so the load generator's work is not counted.
// Run: pnpm --filter @scrapper/api bench
import { readFileSync } from 'node:fs';
import { createDatabase } from '@scrapper/db/client';
import { startBenchApi } from './start-api.ts';
import { appendScrapeTaskLogs, insertScrapeTask, updateScrapeTaskProgress } from '@scrapper/db/queries/scrape-tasks';

const TASKS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12); // 12 x 5 s = one minute
const INTERVAL_MS = 5000;

const api = await startBenchApi('poll');
const { base } = api;
const login = { token: api.token, user: { id: api.userId } };
const server = api.server;

const database = createDatabase(api.databaseUrl, { max: 2 });
const ids: string[] = [];
for (let t = 0; t < TASKS; t++) {
  const task = await insertScrapeTask(database.db, {
    ownerId: login.user.id,
    actorId: 'clockworks/tiktok-scraper',
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: `kata kunci ${t}`,
    input: { searchQueries: `kata kunci ${t}` },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  await appendScrapeTaskLogs(database.db, task.id, Array.from({ length: 200 }, (_, i) => `Halaman ${i} selesai, ${i * 10} item ditemukan`));
  await updateScrapeTaskProgress(database.db, task.id, { itemsFound: 40, percentage: 40 });
  ids.push(task.id);
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
}
const TICKS_PER_SECOND = 100;
const pid = server.pid ?? 0;
// Warm up once, then measure.
await Promise.all(ids.map((id) => fetch(`${base}/api/scrape/status/${id}`, { headers: { authorization: `Bearer ${login.token}` } }).then((r) => r.arrayBuffer())));
const before = cpuTicks(pid);
const started = performance.now();
const latencies: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const roundStart = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/scrape/status/${id}`, { headers: { authorization: `Bearer ${login.token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`status ${res.status}`);
      latencies.push(performance.now() - t0);
    }),
  );
  await new Promise((r) => setTimeout(r, Math.max(0, INTERVAL_MS - (performance.now() - roundStart))));
}
const wallSeconds = (performance.now() - started) / 1000;
const cpuSeconds = (cpuTicks(pid) - before) / TICKS_PER_SECOND;
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    benchmark: 'poll-50-tasks',
    requests: latencies.length,
    wallSeconds: Number(wallSeconds.toFixed(1)),
    apiCpuPercentOfOneCore: Number(((cpuSeconds / wallSeconds) * 100).toFixed(2)),
    p95Ms: Number((latencies[Math.floor(latencies.length * 0.95)] ?? 0).toFixed(1)),
    target: { apiCpuPercentOfOneCore: 5 },
  }),
);
await database.close();
await api.stop();
