// Instagram items download through the post URL first; the signed `videoUrl` the actor gave is
// only the fallback, and only while its signature has not expired. Real yt-dlp and ffmpeg on the
// testkit's media server, real PostgreSQL and pg-boss.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { notifications } from '@scrapper/db/schema';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';
import { needsCookiesMessage } from './cookie-failure.ts';

const ffmpeg = createFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });

let h: WorkerHarness;
let database: Database;
let media: MediaServer;
let dataDir: string;
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

function finished(id: string, ms = 60_000) {
  return downloadFinished(database, id, ms);
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
  h = await startWorkerHarness({
    name: 'instagram-download',
    media: {},
    env: {
      WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
      WORKER_CONCURRENCY_SCRAPE_RUN: '0',
    },
  });
  ({ database, media, dataDir, storage } = h);
  ownerId = await h.insertUser('member');
  await h.insertUser('admin', 'admin');
  worker = await h.startWorker();
}, 120_000);

afterEach(() => media.clearRequests());

afterAll(async () => {
  await h?.close();
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
    // No cookies at all for Instagram: the member is told to sync their own or ask an admin.
    expect(row.error).toBe(needsCookiesMessage('none', 'instagram'));
    expect(requested(videoUrl)).toBe(false);
    const notes = await database.db.select().from(notifications).where(eq(notifications.kind, 'cookies.expired'));
    expect(notes.map((note) => note.message)).toEqual([expect.stringContaining('Cookie instagram tampaknya kedaluwarsa')]);
  });
});
