// Benchmark: a 500 MB video in storage is published by the real youtube.upload job (real
// PostgreSQL, pg-boss, googleapis over HTTP) to the fake Google, which runs in a child process
// so its own buffers do not count. Reports wall time, throughput and the worker process's
// peak RSS growth over its baseline, and checks the bytes arrived intact.
// Run: pnpm --filter @scrapper/worker bench:upload   (BENCH_UPLOAD_MB=1000 for 1 GB)
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { createDatabase } from '@scrapper/db/client';
import { startEmbeddedPostgres } from '@scrapper/db/embedded';
import { migrateDatabase } from '@scrapper/db/migrate';
import { enqueue } from '@scrapper/db/queue';
import { insertUser } from '@scrapper/db/queries/users';
import { oauthClientSecrets, youtubeAccounts, youtubeUploads } from '@scrapper/db/schema';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createStorage } from '@scrapper/integrations/storage/create-storage';
import { loadEnv } from '../src/env.ts';
import { startWorker } from '../src/worker.ts';

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const CHILD = fileURLToPath(new URL('./fake-google-child.ts', import.meta.url));

interface Ready {
  urls: { apiRootUrl: string; oauthAuthUrl: string; oauthTokenUrl: string };
  tokens: { accessToken: string; refreshToken: string | undefined; expiryDate: number; scope: string };
  channelId: string;
}
interface Uploaded {
  uploads: { size: number; sha256: string }[];
}

const child = fork(CHILD, [], { execArgv: ['--disable-warning=ExperimentalWarning'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const ask = <T>(message: string) =>
  new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
const ready = await new Promise<Ready>((resolve) => child.once('message', (m) => resolve(m as Ready)));

const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-upload-'));
const pg = await startEmbeddedPostgres({ dir: join(dir, 'pg') });
await migrateDatabase(pg.url);
const database = createDatabase(pg.url, { max: 4 });
const secretsKey = randomBytes(32).toString('base64');
const box = createSecretBox(secretsKey);
const env = loadEnv({
  DATABASE_URL: pg.url,
  DATA_DIR: dir,
  YTDLP_AUTO_UPDATE: 'false',
  SECRETS_KEY: secretsKey,
  WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
  GOOGLE_API_ROOT_URL: ready.urls.apiRootUrl,
  GOOGLE_OAUTH_AUTH_URL: ready.urls.oauthAuthUrl,
  GOOGLE_OAUTH_TOKEN_URL: ready.urls.oauthTokenUrl,
});

// The video: MB megabytes of pseudo-random bytes, written to storage as a stream.
const hash = createHash('sha256');
const chunk = randomBytes(1024 * 1024);
let written = 0;
const source = new Readable({
  read() {
    if (written === MB) return this.push(null);
    written++;
    chunk.writeUInt32BE(written, 0); // every MB differs
    hash.update(chunk);
    this.push(Buffer.from(chunk));
  },
});
const storage = createStorage(env.storage);
const owner = await insertUser(database.db, { username: 'bench', passwordHash: 'x', role: 'user' });
if (!owner) throw new Error('no user');
const key = `uploads/${owner.id}/bench/video.mp4`;
const { size } = await storage.write(key, source);
const expectedSha = hash.digest('hex');

const [client] = await database.db
  .insert(oauthClientSecrets)
  .values({ name: 'bench', clientId: 'bench-client', sealedClientSecret: box.seal('bench-secret'), secretLastFour: 'cret', redirectUri: 'http://127.0.0.1/cb' })
  .returning();
const [account] = await database.db
  .insert(youtubeAccounts)
  .values({
    userId: owner.id,
    clientSecretId: client?.id ?? null,
    channelId: ready.channelId,
    accountName: 'Bench',
    sealedTokens: box.seal(JSON.stringify({ ...ready.tokens, refreshToken: ready.tokens.refreshToken ?? null })),
  })
  .returning();
const [upload] = await database.db
  .insert(youtubeUploads)
  .values({
    userId: owner.id,
    accountId: account?.id ?? '',
    title: 'Bench 500 MB',
    sourceKind: 'file',
    videoStorageKey: key,
    videoMime: 'video/mp4',
    videoSizeBytes: size,
    status: 'processing',
  })
  .returning();
if (!upload) throw new Error('no upload');

const worker = await startWorker(env, database, { info: () => {}, error: (m) => console.error(m) });
(globalThis as { gc?: () => void }).gc?.();
await new Promise((r) => setTimeout(r, 500));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

const started = performance.now();
await enqueue(worker.boss, 'youtube.upload', { uploadId: upload.id });
let final: typeof youtubeUploads.$inferSelect | undefined;
for (;;) {
  [final] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, upload.id));
  if (final?.status === 'uploaded' || final?.status === 'failed') break;
  await new Promise((r) => setTimeout(r, 50));
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const received = await ask<Uploaded>('uploads');
const got = received.uploads[0];
const growthMb = (peak - baseline) / 1024 / 1024;
const intact = got?.size === size && got.sha256 === expectedSha;
console.log(
  JSON.stringify(
    {
      benchmark: 'youtube-upload-500mb',
      status: final?.status,
      error: final?.errorMessage ?? null,
      sizeMb: Math.round(size / 1024 / 1024),
      seconds: Number(seconds.toFixed(2)),
      mbPerSecond: Number((size / 1024 / 1024 / seconds).toFixed(1)),
      rssGrowthMb: Number(growthMb.toFixed(1)),
      target: 'RSS growth < 50 MB',
      pass: intact && final?.status === 'uploaded' && growthMb < 50,
      bytesIntact: intact,
    },
    null,
    2,
  ),
);

await worker.stop();
await database.close();
await pg.stop();
child.kill();
rmSync(dir, { recursive: true, force: true });
