// Benchmark: a batch of 50 short clips from the testkit media server, through the product (the
// API's POST /api/media/batches: rows inserted and jobs queued in one transaction each, then a
// real worker with its default video.download concurrency), against plain yt-dlp over the same
// 50 clips through `xargs -P N` for every N of the sweep (1 to 8: one after another up to eight
// at a time), the fastest N recorded as the machine's limit. While the batch runs, a
// client keeps calling GET /api/media/history (10,000 history rows) and its latency is recorded.
// Every run has its own URLs (`?run=...&item=...`) and output folders, so nothing is reused.
// The plain runs are `xargs -P <n> -n 1 yt-dlp ...` reading the URLs from stdin (no shell), as
// someone would script it by hand: -P 1 one after another, -P <concurrency> in parallel.
// Run: pnpm --filter @scrapper/worker bench:batch   (BENCH_ITEMS=50, BENCH_CONCURRENCY=<default>, BENCH_SWEEP=1,...,8,
// BENCH_PROXIED=0 skips the guard-proxy row; `--json <file>` also writes the result there)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { jobCatalog } from '@scrapper/contracts/jobs';
import { mapItem } from '@scrapper/contracts/rules/map-items';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { createDatabase } from '@scrapper/db/client';
import { findFreePort, startEmbeddedPostgres } from '@scrapper/db/embedded';
import { migrateDatabase } from '@scrapper/db/migrate';
import { listBatchDownloads } from '@scrapper/db/queries/download-batches';
import { completeScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { downloads } from '@scrapper/db/schema';
import { startGuardProxy } from '@scrapper/integrations/guard-proxy';
import { createLocalStorage } from '@scrapper/integrations/storage/local';
import { startMediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { loadEnv } from '../src/env.ts';
import { startWorker } from '../src/worker.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? jobCatalog['video.download'].policy.defaultConcurrency);
// The plain runs' N (`BENCH_SWEEP=1,2,4`; default 1 to 8).
const SWEEP = (process.env.BENCH_SWEEP ?? '1,2,3,4,5,6,7,8').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
const HISTORY_ROWS = 10_000;
const YTDLP = process.env.YTDLP_PATH ?? 'yt-dlp';
const PROXIED = process.env.BENCH_PROXIED !== '0';
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;

const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-batch-'));
const pg = await startEmbeddedPostgres({ dir: join(dir, 'pg') });
await migrateDatabase(pg.url);
const media = await startMediaServer();

// The API as its own process, as in production (it seeds the admin and the actor configs).
const port = await findFreePort();
const api: ChildProcess = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', fileURLToPath(new URL('../../api/src/server.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      DATABASE_URL: pg.url,
      DATA_DIR: dir,
      YTDLP_AUTO_UPDATE: 'false',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: 'bench-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (i > 300) throw new Error('api did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const login = (await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  })
).json()) as { token: string; user: { id: string; username: string } };
const auth = { authorization: `Bearer ${login.token}` };
const ownerId = login.user.id;

const database = createDatabase(pg.url, { max: 3 });
// History rows, so the history calls during the batch read a realistic table.
const platforms = ['tiktok', 'youtube', 'instagram', 'douyin', 'facebook'];
for (let chunk = 0; chunk < HISTORY_ROWS; chunk += 1000) {
  await database.db.insert(downloads).values(
    Array.from({ length: 1000 }, (_, j) => {
      const i = chunk + j;
      return {
        ownerId,
        platform: platforms[i % 5] ?? 'tiktok',
        sourceItemId: `old-${i}`,
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

/** The clips of one run: 3 s and 8 s clips under URLs of their own. */
const clipUrls = (run: string) =>
  Array.from({ length: ITEMS }, (_, i) => `${i % 2 === 0 ? media.urls.clip3s : media.urls.clip8s}?run=${run}&item=${i}`);

// A scrape result file of TikTok items pointing at the media server, as the scrape job writes it.
const tiktok = ActorConfigSchema.parse(seedActorConfigs.find((c) => c.platformId === 'tiktok'));
const task = await insertScrapeTask(database.db, {
  ownerId,
  actorId: tiktok.actorId,
  platformId: 'tiktok',
  scrapeType: 'keyword',
  target: 'bench',
  input: { searchQueries: 'bench' },
  platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
});
const productUrls = clipUrls('product');
const items = productUrls.map((url, i) =>
  mapItem(
    {
      id: `7${String(i).padStart(18, '0')}`,
      text: `Klip bench ${i}`,
      webVideoUrl: url,
      authorMeta: { name: 'bench' },
      videoMeta: { duration: i % 2 === 0 ? 3 : 8, coverUrl: '' },
      playCount: i,
      diggCount: i,
    },
    tiktok,
  ),
);
const fileName = `tiktok_20261122-000000_${task.id.replace(/-/g, '').slice(0, 8)}.json`;
const resultPath = `results/${ownerId}/${fileName}`;
await createLocalStorage(join(dir, 'storage')).write(
  resultPath,
  JSON.stringify({
    items,
    metadata: {
      taskId: task.id,
      platformId: 'tiktok',
      actorId: tiktok.actorId,
      input: { searchQueries: 'bench' },
      owner: { id: ownerId, username: login.user.username },
      createdAt: new Date().toISOString(),
      itemCount: items.length,
    },
  }),
);
await completeScrapeTask(database.db, task.id, { fileName, path: resultPath, itemCount: items.length });

const worker = await startWorker(
  loadEnv({
    DATABASE_URL: pg.url,
    DATA_DIR: dir,
    YTDLP_AUTO_UPDATE: 'false',
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    WORKER_CONCURRENCY_VIDEO_DOWNLOAD: String(CONCURRENCY),
  }),
  database,
  { info: () => {}, error: (m) => console.error(m) },
);

/** Runs yt-dlp as a plain user would; resolves on exit 0. */
function plainYtDlp(url: string, outDir: string, index: number, proxyUrl?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const proxy = proxyUrl ? ['--proxy', proxyUrl] : [];
    const child = spawn(YTDLP, ['--ignore-config', ...proxy, '-q', '-o', join(outDir, `${index}.%(ext)s`), '--', url], {
      cwd: outDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`yt-dlp exit ${code}: ${stderr}`))));
  });
}

/**
 * Wall seconds for `xargs -P <parallel> -n 1 yt-dlp ... -- URL` over every URL (read from
 * stdin, one a line). Each file is named after its whole URL, which is unique per item.
 */
async function plainRun(run: string, parallel: number, proxyUrl?: string): Promise<number> {
  const urls = clipUrls(run);
  const outDir = join(dir, `plain-${run}`);
  mkdirSync(outDir);
  const proxy = proxyUrl ? ['--proxy', proxyUrl] : [];
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'xargs',
      ['-d', '\\n', '-P', String(parallel), '-n', '1', YTDLP, '--ignore-config', ...proxy, '-q', '--restrict-filenames', '-P', outDir, '-o', '%(webpage_url)s.%(ext)s', '--'],
      { cwd: outDir, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`xargs yt-dlp exit ${code}: ${stderr}`))));
    child.stdin?.end(urls.join('\n') + '\n');
  });
  const seconds = (performance.now() - started) / 1000;
  const files = readdirSync(outDir).length;
  if (files !== urls.length) throw new Error(`plain ${run}: ${files} files for ${urls.length} URLs`);
  return seconds;
}

// One warm-up fetch so that no measured run pays for cold caches (Python, the clips).
await plainYtDlp(`${media.urls.clip3s}?run=warm-up`, mkdtempSync(join(dir, 'warm-')), 0);

// The product: the batch as the web app starts it, timed until every row is final.
const historyQueries = ['', '?platform=tiktok', '?search=resep', '?sortBy=title&order=asc', '?offset=5000', '?sortBy=author&search=kreator7'];
const historyLatencies: number[] = [];
let batchRunning = true;
const historyClient = (async () => {
  for (let i = 0; batchRunning; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/media/history${historyQueries[i % historyQueries.length]}`, { headers: auth });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`history ${res.status}`);
    historyLatencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
})();
const started = performance.now();
const batchRes = await fetch(`${base}/api/media/batches`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ filename: fileName, itemIds: items.map((item) => item?.id), quality: 'best' }),
});
if (batchRes.status !== 202) throw new Error(`batch ${batchRes.status}: ${await batchRes.text()}`);
const batch = (await batchRes.json()) as { id: string };
const queuedSeconds = (performance.now() - started) / 1000;
let rows = await listBatchDownloads(database.db, batch.id);
while (rows.length < ITEMS || rows.some((r) => r.status === 'queued' || r.status === 'running')) {
  await new Promise((r) => setTimeout(r, 50));
  rows = await listBatchDownloads(database.db, batch.id);
}
const productSeconds = (performance.now() - started) / 1000;
batchRunning = false;
await historyClient;
const failed = rows.filter((r) => r.status !== 'completed');
if (failed.length > 0) throw new Error(`${failed.length} downloads failed: ${failed[0]?.error}`);
// Per-row timings from the rows themselves: queue wait and time in the worker.
const firstStart = Math.min(...rows.map((r) => r.createdAt.getTime()));
const lastFinish = Math.max(...rows.map((r) => r.finishedAt?.getTime() ?? 0));

// Plain yt-dlp at every N of the sweep (xargs -P N; N = 1 is one after another): the fastest N
// is the machine's limit that the product's default is held against. The same-concurrency row
// takes the sweep's run at the product's concurrency, or (a sweep without it, the smoke run's
// 1 and 2) its fastest, so that no run is added outside the sweep.
const sweep: Array<{ parallel: number; seconds: number }> = [];
for (const parallel of SWEEP.length > 0 ? SWEEP : [1]) sweep.push({ parallel, seconds: await plainRun(`p${parallel}`, parallel) });
const fastest = sweep.reduce((best, s) => (s.seconds < best.seconds ? s : best));
const sequentialSeconds = sweep.find((s) => s.parallel === 1)?.seconds ?? (await plainRun('sequential', 1));
const atConcurrency = sweep.find((s) => s.parallel === CONCURRENCY) ?? fastest;
const parallelSeconds = atConcurrency.seconds;
// What the URL guard's proxy costs: the media server is on loopback, so the product above ran
// without it (ALLOW_PRIVATE_NETWORK_FETCH); here plain yt-dlp goes through one that lets it in.
let proxiedSeconds = Number.NaN;
if (PROXIED) {
  const guard = await startGuardProxy({ allowHosts: [new URL(media.baseUrl).host] });
  proxiedSeconds = await plainRun('proxied', CONCURRENCY, guard.url);
  await guard.close();
}

historyLatencies.sort((a, b) => a - b);
const pick = (q: number) => Number((historyLatencies[Math.floor(historyLatencies.length * q)] ?? 0).toFixed(1));
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const table = [
  ['product (POST /api/media/batches -> all completed)', productSeconds],
  [`plain yt-dlp, one after another (xargs -P 1)`, sequentialSeconds],
  [`plain yt-dlp, ${atConcurrency.parallel} at a time (xargs -P ${atConcurrency.parallel})`, parallelSeconds],
  [`plain yt-dlp, ${CONCURRENCY} at a time, through the guard proxy`, proxiedSeconds],
  ...sweep.map((s) => [`plain yt-dlp, xargs -P ${s.parallel}${s.parallel === fastest.parallel ? ' (fastest)' : ''}`, s.seconds] as const),
] as const;
console.log(`\nbatch of ${ITEMS} (video.download concurrency ${CONCURRENCY}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')})`);
for (const [name, seconds] of table) {
  // The proxied run is optional: say so rather than print NaN.
  console.log(`  ${name.padEnd(60)} ${Number.isNaN(seconds) ? '(skipped: BENCH_PROXIED=0)' : `${seconds.toFixed(2).padStart(7)} s`}`);
}
console.log(`  ${'ratio product / sequential (target <= 0.33)'.padEnd(60)} ${ratio(productSeconds, sequentialSeconds).toFixed(2).padStart(7)}`);
console.log(`  ${'ratio product / parallel (target <= 1.15)'.padEnd(60)} ${ratio(productSeconds, parallelSeconds).toFixed(2).padStart(7)}`);
console.log(`  ${`ratio product / fastest plain (xargs -P ${fastest.parallel}, target <= 1.1)`.padEnd(60)} ${ratio(productSeconds, fastest.seconds).toFixed(2).padStart(7)}`);
console.log(`  ${'GET /api/media/history during the batch, p95'.padEnd(60)} ${pick(0.95).toFixed(1).padStart(7)} ms (p50 ${pick(0.5)} ms, ${historyLatencies.length} calls)\n`);
const result = {
    benchmark: 'batch-50',
    items: ITEMS,
    concurrency: CONCURRENCY,
    productSeconds: Number(productSeconds.toFixed(2)),
    queuedSeconds: Number(queuedSeconds.toFixed(2)),
    rowsFirstCreatedToLastFinishedSeconds: Number(((lastFinish - firstStart) / 1000).toFixed(2)),
    sequentialSeconds: Number(sequentialSeconds.toFixed(2)),
    parallelSeconds: Number(parallelSeconds.toFixed(2)),
    parallelAt: atConcurrency.parallel,
    proxiedParallelSeconds: Number(proxiedSeconds.toFixed(2)),
    sweep: sweep.map((s) => ({ parallel: s.parallel, seconds: Number(s.seconds.toFixed(2)) })),
    fastestParallel: fastest.parallel,
    fastestSeconds: Number(fastest.seconds.toFixed(2)),
    productOverFastest: ratio(productSeconds, fastest.seconds),
    productOverSequential: ratio(productSeconds, sequentialSeconds),
    productOverParallel: ratio(productSeconds, parallelSeconds),
    historyP95Ms: pick(0.95),
    historyP50Ms: pick(0.5),
    historyCalls: historyLatencies.length,
    targets: { productOverSequential: 0.33, productOverParallel: 1.15, productOverFastest: 1.1, historyP95Ms: 100 },
    loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(JSON.stringify(result));
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(result));

await worker.stop();
await database.close();
api.kill('SIGTERM');
await new Promise((r) => api.once('exit', r));
await media.close();
await pg.stop();
rmSync(dir, { recursive: true, force: true });
