// Instagram items download through the post URL first; the signed `videoUrl` the actor gave is
// only the fallback, and only while its signature has not expired. Real yt-dlp and ffmpeg on the
// testkit's media server, real PostgreSQL and pg-boss.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDatabase, type Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findDownload, insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { insertUser } from '@scrapper/db/queries/users';
import { notifications } from '@scrapper/db/schema';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import { createStorage, type ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startTestStorage, type TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { loadEnv } from '../env.ts';
import { startWorker, type RunningWorker } from '../worker.ts';
import { NEEDS_COOKIES_MESSAGE } from './video-download.ts';

const secretsKey = randomBytes(32).toString('base64');
const quiet = { info: () => {}, error: () => {} };
const ffmpeg = createFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });

let testDb: TestDatabase;
let database: Database;
let media: MediaServer;
let dataDir: string;
let testStorage: TestStorage;
let storage: ProcessStorage;
let ownerId: string;
let worker: RunningWorker;
let counter = 0;

/** A signed CDN URL as Instagram gives it: the expiry in `oe`, hex Unix seconds. */
function signed(url: string, expiresAt: Date): string {
  const oe = Math.floor(expiresAt.getTime() / 1000).toString(16).toUpperCase();
  return `${url}?efg=eyJ2ZW5jb2RlX3RhZyI6InZ0cyJ9&_nc_ht=scontent-sin6-1.cdninstagram.com&oh=00_AYCx&oe=${oe}`;
}

async function download(postUrl: string, videoUrl: string): Promise<string> {
  counter++;
  const { row } = await insertOrJoinDownload(database.db, {
    ownerId,
    platform: 'instagram',
    sourceItemId: `3458123456789${counter}`,
    sourceUrl: postUrl,
    directUrl: videoUrl,
    resultFileName: null,
    title: `Reel ${counter}`,
    author: 'kulinerjkt',
    quality: 'best',
    batchId: null,
    item: { type: 'Video', url: postUrl, videoUrl },
  });
  await enqueue(worker.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
  return row.id;
}

async function finished(id: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const row = await findDownload(database.db, id);
    if (row && (row.status === 'completed' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`download ${id} still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function durationOf(key: string | null): Promise<number> {
  const path = join(dataDir, `probe-${randomBytes(4).toString('hex')}.mp4`);
  await pipeline(await storage.read(key ?? 'missing'), createWriteStream(path));
  return (await ffmpeg.probe(path)).durationSecs ?? Number.NaN;
}

function requested(url: string): boolean {
  const path = new URL(url).pathname;
  return media.requests.some((request) => request.path === path);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 6 });
  media = await startMediaServer();
  dataDir = mkdtempSync(join(tmpdir(), 'instagram-download-'));
  testStorage = await startTestStorage({ dataDir });
  const env = loadEnv({
    DATABASE_URL: testDb.url,
    // Hermetic: no update check of the managed yt-dlp against the real release channel.
    YTDLP_AUTO_UPDATE: 'false',
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
    WORKER_CONCURRENCY_SCRAPE_RUN: '0',
    ...testStorage.env,
  });
  storage = createStorage(env.storage);
  const owner = await insertUser(database.db, { username: 'member', passwordHash: 'x', role: 'user' });
  if (!owner) throw new Error('no owner');
  ownerId = owner.id;
  await insertUser(database.db, { username: 'admin', passwordHash: 'x', role: 'admin' });
  worker = await startWorker(env, database, quiet);
}, 120_000);

afterEach(() => media.clearRequests());

afterAll(async () => {
  await worker.stop();
  await database.close();
  await testDb.drop();
  await media.close();
  storage.close();
  await testStorage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('video.download: Instagram', () => {
  const hourAhead = () => new Date(Date.now() + 3600_000);

  it('downloads through the post URL and never touches the signed videoUrl when the post works', async () => {
    // The "post" is the 3 s clip; the signed URL would give the 8 s one.
    const videoUrl = signed(media.urls.clip8s, hourAhead());
    const row = await finished(await download(media.urls.clip3s, videoUrl));
    expect(row.error).toBeNull();
    expect(row.status).toBe('completed');
    expect(await durationOf(row.storageKey)).toBeLessThan(5);
    expect(requested(videoUrl)).toBe(false);
  });

  it('falls back to the signed videoUrl while it is valid, when Instagram walls the post', async () => {
    const videoUrl = signed(media.urls.clip8s, hourAhead());
    const row = await finished(await download(media.urls.loginRequired, videoUrl));
    expect(row.error).toBeNull();
    expect(row.status).toBe('completed');
    expect(await durationOf(row.storageKey)).toBeGreaterThan(7);
    expect(requested(media.urls.loginRequired)).toBe(true);
  });

  it("does not fetch an expired videoUrl: the post's reason stands and the admins hear about cookies", async () => {
    const videoUrl = signed(media.urls.clip8s, new Date(Date.now() - 60_000));
    const row = await finished(await download(media.urls.loginRequired, videoUrl));
    expect(row.status).toBe('failed');
    expect(row.error).toBe(NEEDS_COOKIES_MESSAGE);
    expect(requested(videoUrl)).toBe(false);
    const notes = await database.db.select().from(notifications).where(eq(notifications.kind, 'cookies.expired'));
    expect(notes.map((note) => note.message)).toEqual([expect.stringContaining('Cookie instagram tampaknya kedaluwarsa')]);
  });
});
