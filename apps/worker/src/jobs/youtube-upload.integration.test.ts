// youtube.upload through the real googleapis client against the fake Google, with real
// ffmpeg and yt-dlp on media the testkit generates, on real PostgreSQL and pg-boss.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRIVACY_LOCKED_MESSAGE, REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import { SERVER_FILE_GONE_MESSAGE } from './youtube-upload/index.ts';
import { nextQuotaDayStart, quotaDay } from '@scrapper/contracts/rules/youtube-quota';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import type { SendOptions } from 'pg-boss';
import {
  downloads,
  notifications,
  oauthClientSecrets,
  youtubeAccounts,
  youtubeQuotaUsage,
  youtubeUploads,
  type YouTubeUploadRow,
} from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import type { RunningWorker } from '../worker.ts';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';

let h: WorkerHarness;
let database: Database;
let box: SecretBox;
let google: FakeGoogle;
let media: MediaServer;
let dataDir: string;
/** Local or S3 (TEST_STORAGE_DRIVER), as the worker reads it. */
let storage: ProcessStorage;
let worker: RunningWorker;
let ownerId: string;
let clientSecretId: string;
let clip: Buffer;
let thumbnail: Buffer;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function ffmpegOrThrow(args: string[]): Buffer {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
  return r.stdout;
}

function probe(path: string): { streams: { codec_type: string; width?: number; pix_fmt?: string }[]; format: { duration: string } } {
  const r = spawnSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]);
  return JSON.parse(r.stdout.toString()) as never;
}

async function newAccount(opts: { channelId?: string; expiresInMs?: number; valid?: boolean } = {}): Promise<string> {
  const channelId = opts.channelId ?? google.defaultChannelId ?? '';
  const issued = google.issueTokens({ channelId, clientId: CLIENT_ID, withRefreshToken: true });
  const tokens = {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken ?? null,
    expiryDate: opts.expiresInMs === undefined ? issued.expiryDate : Date.now() + opts.expiresInMs,
    scope: issued.scope,
  };
  const [row] = await database.db
    .insert(youtubeAccounts)
    .values({
      userId: ownerId,
      clientSecretId,
      channelId: `${channelId}`,
      accountName: `Kanal ${channelId.slice(-4)}`,
      sealedTokens: box.seal(JSON.stringify(tokens)),
      isValid: opts.valid ?? true,
    })
    .onConflictDoUpdate({
      target: [youtubeAccounts.userId, youtubeAccounts.channelId],
      set: { sealedTokens: box.seal(JSON.stringify(tokens)), isValid: opts.valid ?? true, clientSecretId },
    })
    .returning();
  if (!row) throw new Error('no account');
  return row.id;
}

let counter = 0;
async function queueUpload(accountId: string, values: Partial<typeof youtubeUploads.$inferInsert> = {}, send: SendOptions = {}): Promise<string> {
  counter++;
  const id = values.id ?? crypto.randomUUID();
  const withFile = values.sourceKind !== 'url';
  if (withFile) await storage.write(`uploads/${ownerId}/${id}/video.mp4`, clip);
  await database.db.insert(youtubeUploads).values({
    id,
    userId: ownerId,
    accountId,
    title: `Video uji ${counter}`,
    description: 'Deskripsi uji',
    tags: ['uji', 'scrapper'],
    categoryId: '24',
    privacyStatus: 'unlisted',
    publishType: 'now',
    madeForKids: true,
    sourceKind: 'file',
    videoStorageKey: withFile ? `uploads/${ownerId}/${id}/video.mp4` : null,
    videoMime: 'video/mp4',
    videoSizeBytes: withFile ? clip.length : null,
    status: 'processing',
    ...values,
  });
  await enqueue(worker.boss, 'youtube.upload', { uploadId: id }, send);
  return id;
}

async function settled(id: string, statuses: string[] = ['uploaded', 'failed'], ms = 25_000): Promise<YouTubeUploadRow> {
  const deadline = Date.now() + ms;
  for (;;) {
    const [row] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > deadline) {
      const jobs = await database.sql`select state, output from pgboss.job where data->>'uploadId' = ${id}`;
      throw new Error(`upload ${id} still ${row?.status} (${row?.stage ?? ''} ${row?.errorMessage ?? ''}) jobs ${JSON.stringify(jobs)}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Today's local count of the test client's two buckets. */
async function usageToday(): Promise<{ uploads: number; unitsUsed: number }> {
  const [row] = await database.db
    .select({ uploads: youtubeQuotaUsage.uploads, unitsUsed: youtubeQuotaUsage.unitsUsed })
    .from(youtubeQuotaUsage)
    .where(and(eq(youtubeQuotaUsage.clientSecretId, clientSecretId), eq(youtubeQuotaUsage.quotaDay, quotaDay())));
  return row ?? { uploads: 0, unitsUsed: 0 };
}

async function until<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out; uploads: ${JSON.stringify(await database.db.select({ s: youtubeUploads.status, st: youtubeUploads.stage, e: youtubeUploads.errorMessage }).from(youtubeUploads))}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Mean R, G and B of the middle frame, and how far channels differ per pixel. */
function frameStats(path: string): { r: number; g: number; b: number; chroma: number } {
  const raw = ffmpegOrThrow(['-ss', '1', '-i', path, '-frames:v', '1', '-vf', 'scale=64:36', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  let r = 0, g = 0, b = 0, chroma = 0;
  const n = raw.length / 3;
  for (let i = 0; i < raw.length; i += 3) {
    const [pr, pg, pb] = [raw[i] ?? 0, raw[i + 1] ?? 0, raw[i + 2] ?? 0];
    r += pr; g += pg; b += pb;
    chroma += Math.max(pr, pg, pb) - Math.min(pr, pg, pb);
  }
  return { r: r / n, g: g / n, b: b / n, chroma: chroma / n };
}

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'youtube-job',
    google: {},
    media: {},
    poolMax: 8,
    env: {
      WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
      WORKER_CONCURRENCY_SCRAPE_RUN: '0',
      WORKER_CONCURRENCY_VIDEO_DOWNLOAD: '0',
      WORKER_CONCURRENCY_VIDEO_PREVIEW: '0',
      WORKER_CONCURRENCY_YOUTUBE_UPLOAD: '3',
    },
  });
  ({ database, box, google, media, dataDir, storage } = h);
  const work = mkdtempSync(join(tmpdir(), 'youtube-src-'));
  // A colourful 3 s clip with sound, and a PNG thumbnail.
  ffmpegOrThrow(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', join(work, 'clip.mp4')]);
  ffmpegOrThrow(['-f', 'lavfi', '-i', 'testsrc2=size=128x72', '-frames:v', '1', join(work, 'thumb.png')]);
  clip = readFileSync(join(work, 'clip.mp4'));
  thumbnail = readFileSync(join(work, 'thumb.png'));
  rmSync(work, { recursive: true, force: true });

  ownerId = await h.insertUser('penerbit');
  const [client] = await database.db
    .insert(oauthClientSecrets)
    .values({
      name: 'Proyek Uji',
      clientId: CLIENT_ID,
      sealedClientSecret: box.seal('client-secret-value'),
      secretLastFour: 'alue',
      redirectUri: 'http://127.0.0.1:3000/api/youtube/auth/callback',
    })
    .returning();
  clientSecretId = client?.id ?? '';
  worker = await h.startWorker();
}, 120_000);

beforeEach(async () => {
  google.reset();
  // Each test starts with the whole daily quota.
  await database.db.delete(youtubeQuotaUsage);
});

afterAll(async () => {
  await h?.close();
});

describe('youtube.upload', () => {
  it('uploads the stored file intact with every metadata field, sets the thumbnail and the playlist', async () => {
    const accountId = await newAccount();
    const id = crypto.randomUUID();
    await storage.write(`uploads/${ownerId}/${id}/thumb.png`, thumbnail);
    const uploadId = await queueUpload(accountId, {
      id,
      thumbnailStorageKey: `uploads/${ownerId}/${id}/thumb.png`,
      thumbnailMime: 'image/png',
      playlistId: 'PLfakeplaylist000000000000000000002',
      containsSyntheticMedia: true,
    });
    const row = await settled(uploadId);
    expect(row.errorMessage).toBeNull();
    expect(row.status).toBe('uploaded');
    expect(row.progress).toBe(100);
    const sent = google.uploads.find((u) => u.id === row.youtubeVideoId);
    expect(sent?.sha256).toBe(sha256(clip));
    expect(sent?.snippet).toMatchObject({ title: row.title, description: 'Deskripsi uji', tags: ['uji', 'scrapper'], categoryId: '24' });
    expect(sent?.status).toMatchObject({ privacyStatus: 'unlisted', selfDeclaredMadeForKids: true, containsSyntheticMedia: true });
    expect(sent?.status.publishAt).toBeUndefined();
    // An audited project: YouTube kept the privacy asked for, and nothing is marked.
    expect(row.youtubePrivacyStatus).toBe('unlisted');
    expect(google.thumbnails.find((t) => t.videoId === row.youtubeVideoId)?.sha256).toBe(sha256(thumbnail));
    expect(google.playlistItems).toEqual([expect.objectContaining({ playlistId: 'PLfakeplaylist000000000000000000002', videoId: row.youtubeVideoId })]);
    expect(row.thumbnailSet && row.playlistAdded).toBe(true);
    // The member hears of it (committed with the status); the job's copies are gone from
    // storage; quota is counted as Google counts it: 1 upload, 50 + 50 units for the extras.
    const notes = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${uploadId}`));
    expect(notes.map((n) => n.kind)).toEqual(['upload.uploaded']);
    expect(notes[0]?.message).not.toContain('Pribadi');
    // The copies are removed just after the status commits (never before: a failed commit must
    // keep them for the retry), so the row can read uploaded a moment before they are gone.
    await expect.poll(() => storage.exists(`uploads/${ownerId}/${id}/video.mp4`), { timeout: 10_000 }).toBe(false);
    expect(await usageToday()).toEqual({ uploads: 1, unitsUsed: 100 });
    expect(google.quotaUsage(CLIENT_ID)).toEqual({ uploads: 1, units: 100 });
  });

  it('ten uploads in one day on one client all go through at once, each counted as 1 upload and its 100 units of extras', async () => {
    const other = google.addChannel({ id: 'UCtenuploads000000000001', title: 'Kanal Sepuluh', playlists: [{ id: 'PLtenuploads00000000000000000000001', title: 'Harian' }] });
    const accounts = [await newAccount(), await newAccount({ channelId: other.id })];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = crypto.randomUUID();
      await storage.write(`uploads/${ownerId}/${id}/thumb.png`, thumbnail);
      ids.push(
        await queueUpload(accounts[i % 2] ?? '', {
          id,
          thumbnailStorageKey: `uploads/${ownerId}/${id}/thumb.png`,
          thumbnailMime: 'image/png',
          playlistId: i % 2 === 0 ? 'PLfakeplaylist000000000000000000001' : 'PLtenuploads00000000000000000000001',
        }),
      );
    }
    const rows = await Promise.all(ids.map((id) => settled(id, ['uploaded', 'failed', 'scheduled'], 60_000)));
    // None waited for the next quota day (1,600 units an upload would have stopped the 7th).
    expect(rows.map((r) => [r.status, r.notBefore, r.errorMessage])).toEqual(ids.map(() => ['uploaded', null, null]));
    expect(rows.every((r) => r.thumbnailSet && r.playlistAdded)).toBe(true);
    expect(google.uploads).toHaveLength(10);
    expect(google.thumbnails).toHaveLength(10);
    expect(google.playlistItems).toHaveLength(10);
    // Our count is Google's count.
    expect(await usageToday()).toEqual({ uploads: 10, unitsUsed: 1000 });
    expect(google.quotaUsage(CLIENT_ID)).toEqual({ uploads: 10, units: 1000 });
  }, 90_000);

  it('the 101st upload of the quota day waits for the reset without calling Google', async () => {
    // 99 uploads already went out today, by our count and by Google's.
    await database.db.insert(youtubeQuotaUsage).values({ clientSecretId, quotaDay: quotaDay(), unitsUsed: 0, uploads: 99 });
    google.setQuotaUsage(CLIENT_ID, { uploads: 99 });
    const accountId = await newAccount();
    const hundredth = await settled(await queueUpload(accountId));
    expect(hundredth.status).toBe('uploaded');
    const id = await queueUpload(accountId);
    const row = await until(async () => {
      const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
      return r?.status === 'scheduled' && r.notBefore ? r : undefined;
    });
    expect(row.youtubeVideoId).toBeNull();
    expect(row.stage).toMatch(/Kuota unggahan harian YouTube API \(videos\.insert\).*habis.*WIB\)\.$/);
    // It starts again five minutes after the next Pacific midnight.
    expect(row.notBefore?.toISOString()).toBe(new Date(nextQuotaDayStart().getTime() + 5 * 60_000).toISOString());
    expect(google.requests.filter((r) => r.endpoint === 'videos.insert')).toHaveLength(1);
    expect(google.quotaUsage(CLIENT_ID).uploads).toBe(100);
    expect(await usageToday()).toEqual({ uploads: 100, unitsUsed: 0 });
  });

  it('when the units bucket cannot pay for the thumbnail and the playlist, the video still uploads and the history says what was skipped', async () => {
    await database.db.insert(youtubeQuotaUsage).values({ clientSecretId, quotaDay: quotaDay(), unitsUsed: 9_960, uploads: 3 });
    const accountId = await newAccount();
    const id = crypto.randomUUID();
    await storage.write(`uploads/${ownerId}/${id}/thumb.png`, thumbnail);
    const row = await settled(await queueUpload(accountId, {
      id,
      thumbnailStorageKey: `uploads/${ownerId}/${id}/thumb.png`,
      thumbnailMime: 'image/png',
      playlistId: 'PLfakeplaylist000000000000000000001',
    }));
    expect(row.status).toBe('uploaded');
    expect(row.youtubeVideoId).toBeTruthy();
    expect(row.thumbnailSet || row.playlistAdded).toBe(false);
    expect(row.errorMessage).toMatch(/thumbnail tidak dipasang: kuota unit harian YouTube API client ini tidak cukup \(butuh 50 unit; direset pukul \d{2}\.\d{2} WIB\)/);
    expect(row.errorMessage).toMatch(/video tidak ditambahkan ke playlist: kuota unit harian/);
    // Neither extra was sent to Google.
    expect(google.requests.filter((r) => r.endpoint === 'thumbnails.set' || r.endpoint === 'playlistItems.insert')).toHaveLength(0);
    expect(await usageToday()).toEqual({ uploads: 4, unitsUsed: 9_960 });
    const [note] = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${row.id}`));
    expect(note?.message).toMatch(/berhasil diupload.*thumbnail tidak dipasang/);
  });

  it('a quotaExceeded on the thumbnail (Google’s units count ahead of ours) skips the extras, believes Google and keeps the video', async () => {
    google.setQuotaUsage(CLIENT_ID, { units: 9_990 });
    const accountId = await newAccount();
    const id = crypto.randomUUID();
    await storage.write(`uploads/${ownerId}/${id}/thumb.png`, thumbnail);
    const row = await settled(await queueUpload(accountId, {
      id,
      thumbnailStorageKey: `uploads/${ownerId}/${id}/thumb.png`,
      thumbnailMime: 'image/png',
      playlistId: 'PLfakeplaylist000000000000000000001',
    }));
    expect(row.status).toBe('uploaded');
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toMatch(/thumbnail tidak dipasang: kuota unit harian/);
    expect(row.errorMessage).toMatch(/video tidak ditambahkan ke playlist: kuota unit harian/);
    // Google refused the thumbnail; the playlist item was then not even tried.
    expect(google.requests.filter((r) => r.endpoint === 'thumbnails.set').map((r) => r.status)).toEqual([403]);
    expect(google.requests.filter((r) => r.endpoint === 'playlistItems.insert')).toHaveLength(0);
    expect(await usageToday()).toEqual({ uploads: 1, unitsUsed: 10_000 });
  });

  it('marks a video YouTube answered as private (unaudited project) and tells the member why; a scheduled one is private by design', async () => {
    google.setUnaudited([CLIENT_ID]);
    const accountId = await newAccount();
    const row = await settled(await queueUpload(accountId, { privacyStatus: 'public' }));
    expect(row.status).toBe('uploaded');
    expect(google.uploads.find((u) => u.id === row.youtubeVideoId)?.status.privacyStatus).toBe('public');
    expect(row.youtubePrivacyStatus).toBe('private');
    const [note] = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${row.id}`));
    expect(note?.message).toContain(PRIVACY_LOCKED_MESSAGE);

    const publishAt = new Date(Math.ceil((Date.now() + 2 * 24 * 3600_000) / 60_000) * 60_000);
    const scheduled = await settled(await queueUpload(accountId, { publishType: 'schedule', publishAt, status: 'scheduled', privacyStatus: 'public' }));
    expect(scheduled.youtubePrivacyStatus).toBe('private');
    const [scheduledNote] = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${scheduled.id}`));
    expect(scheduledNote?.message).not.toContain(PRIVACY_LOCKED_MESSAGE);
  });

  it('commits the uploaded state with its notification: while the notification cannot be written the upload stays processing, and the retry finishes it once', async () => {
    const accountId = await newAccount();
    const id = crypto.randomUUID();
    // A real fault in the database: inserting this upload's notification raises.
    await database.sql.unsafe(`
      create or replace function test_refuse_upload_note() returns trigger language plpgsql as $$
      begin raise exception 'notifications are down (test fault)'; end $$;
      create trigger test_refuse_upload_note before insert on notifications for each row
        when (new.dedupe_key = 'upload:${id}') execute function test_refuse_upload_note();`);
    try {
      await queueUpload(accountId, { id }, { retryDelay: 1, retryBackoff: false });
      await until(async () => {
        const rows = await database.sql<{ state: string }[]>`
          select state from pgboss.job where name = 'youtube.upload' and data->>'uploadId' = ${id}`;
        return rows[0]?.state === 'retry' ? rows : undefined;
      });
      const [during] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
      expect(during?.status).toBe('processing');
      expect(await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${id}`))).toEqual([]);
    } finally {
      await database.sql.unsafe('drop trigger if exists test_refuse_upload_note on notifications; drop function if exists test_refuse_upload_note();');
    }
    const row = await settled(id);
    expect(row.status).toBe('uploaded');
    const notes = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${id}`));
    expect(notes.map((n) => n.kind)).toEqual(['upload.uploaded']);
    // The retry found the video id recorded: YouTube got the video once.
    expect(google.uploads.filter((u) => u.snippet.title === row.title)).toHaveLength(1);
  }, 60_000);

  it('schedules: uploads private with publishAt', async () => {
    const accountId = await newAccount();
    const publishAt = new Date(Math.ceil((Date.now() + 3 * 24 * 3600_000) / 60_000) * 60_000);
    const row = await settled(await queueUpload(accountId, { publishType: 'schedule', publishAt, status: 'scheduled', privacyStatus: 'public', madeForKids: false }));
    expect(row.status).toBe('uploaded');
    const sent = google.uploads.find((u) => u.id === row.youtubeVideoId);
    expect(sent?.status).toMatchObject({ privacyStatus: 'private', selfDeclaredMadeForKids: false });
    expect(new Date(String(sent?.status.publishAt)).getTime()).toBe(publishAt.getTime());
  });

  it('fetches a scraped video with yt-dlp, applies the grayscale effect and mixes the remix audio', async () => {
    const accountId = await newAccount();
    const row = await settled(
      await queueUpload(accountId, {
        sourceKind: 'url',
        sourceUrl: media.urls.clip3s,
        videoEffect: 'grayscale',
        audioRemixUrl: media.urls.audio,
        audioStartTime: 0,
        audioEndTime: null,
        audioVolume: 1,
        videoVolume: 0.3,
      }),
    );
    expect(row.errorMessage).toBeNull();
    const sent = google.uploads.find((u) => u.id === row.youtubeVideoId);
    expect(sent?.bytes).toBeDefined();
    const out = join(dataDir, `sent-${row.id}.mp4`);
    writeFileSync(out, sent?.bytes ?? Buffer.alloc(0));
    const info = probe(out);
    const video = info.streams.find((s) => s.codec_type === 'video');
    expect(video?.pix_fmt).toBe('yuv420p');
    expect(info.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Number(info.format.duration)).toBeGreaterThan(2.5);
    expect(Number(info.format.duration)).toBeLessThan(3.6);
    // Grayscale: no colour left in any pixel (the source test pattern is full of colour).
    expect(frameStats(out).chroma).toBeLessThan(6);
  });

  it('refreshes an access token that is about to expire and stores the new one', async () => {
    const accountId = await newAccount({ expiresInMs: 60_000 });
    const [before] = await database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, accountId));
    const row = await settled(await queueUpload(accountId));
    expect(row.errorMessage).toBeNull();
    expect(row.status).toBe('uploaded');
    expect(google.stats.refreshes).toBe(1);
    const [after] = await database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, accountId));
    expect(after?.sealedTokens).not.toBe(before?.sealedTokens);
    const tokens = JSON.parse(box.open(after?.sealedTokens ?? '')) as { expiryDate: number; refreshToken: string };
    expect(tokens.expiryDate).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('invalid_grant marks the account Perlu Refresh and fails at once with the re-authentication message', async () => {
    const accountId = await newAccount({ expiresInMs: 60_000 });
    google.failNextRefresh('invalid_grant');
    const row = await settled(await queueUpload(accountId));
    expect(row.status).toBe('failed');
    expect(row.errorMessage).toBe(REAUTH_MESSAGE);
    expect(row.attempts).toBe(1);
    const [account] = await database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, accountId));
    expect(account?.isValid).toBe(false);
    const kinds = await until(async () => {
      const found = (await database.db.select().from(notifications).where(eq(notifications.userId, ownerId))).map((n) => n.kind);
      return found.includes('youtube.reauth') && found.includes('upload.failed') ? found : undefined;
    });
    expect(kinds).toEqual(expect.arrayContaining(['youtube.reauth', 'upload.failed']));
    expect(google.uploads).toHaveLength(0);
    await newAccount(); // valid again for the next tests
  });

  for (const [reason, pattern] of [
    ['uploadLimitExceeded', /batas upload harian/i],
    ['forbidden', /forbidden|menolak/i],
  ] as const) {
    it(`${reason} fails the upload with a readable Indonesian message, without retrying`, async () => {
      const accountId = await newAccount();
      google.failNext('videos.insert', { status: 403, reason });
      const row = await settled(await queueUpload(accountId));
      expect(row.status).toBe('failed');
      expect(row.errorMessage).toMatch(pattern);
      // Google's own words go under "Detail", apart from the Indonesian sentence.
      expect(row.errorDetail).toBeTruthy();
      expect(row.errorMessage).not.toContain(row.errorDetail ?? '');
      expect(row.attempts).toBe(1);
      const kinds = await until(async () => {
        const found = (await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `upload:${row.id}`))).map((n) => n.kind);
        return found.length > 0 ? found : undefined;
      });
      expect(kinds).toEqual(['upload.failed']);
    });
  }

  it('quotaExceeded from Google (its insert bucket is empty although ours is not) waits for the next quota day instead of failing', async () => {
    const accountId = await newAccount();
    // Google's own count, e.g. another installation using the same API project.
    google.setQuotaUsage(CLIENT_ID, { uploads: 100 });
    const id = await queueUpload(accountId);
    const row = await until(async () => {
      const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
      return r?.status === 'scheduled' && r.notBefore ? r : undefined;
    });
    expect(row.stage).toMatch(/kuota/i);
    expect(row.notBefore?.getTime()).toBeGreaterThan(Date.now());
    const jobs = await until(async () => {
      const found = await database.sql<{ start_after: Date }[]>`
        select start_after from pgboss.job where name = 'youtube.upload' and data->>'uploadId' = ${id} and state = 'created'`;
      return found.length > 0 ? found : undefined;
    });
    expect(jobs).toHaveLength(1);
    expect(Math.abs(new Date(jobs[0]?.start_after ?? 0).getTime() - (row.notBefore?.getTime() ?? 0))).toBeLessThan(1000);
    expect(google.requests.filter((r) => r.endpoint === 'videos.insert').map((r) => r.status)).toEqual([403]);
    // Google's word is believed for the rest of the quota day: the upload bucket is full, the
    // units bucket untouched.
    expect(await usageToday()).toEqual({ uploads: 100, unitsUsed: 0 });
  });

  it('an upload over the client’s own daily upload limit waits without calling Google', async () => {
    await database.db.update(oauthClientSecrets).set({ quotaDailyUploads: 2 }).where(eq(oauthClientSecrets.id, clientSecretId));
    try {
      const accountId = await newAccount();
      const done = [await settled(await queueUpload(accountId)), await settled(await queueUpload(accountId))];
      expect(done.map((r) => r.status)).toEqual(['uploaded', 'uploaded']);
      const id = await queueUpload(accountId);
      const row = await until(async () => {
        const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
        return r?.status === 'scheduled' && r.notBefore ? r : undefined;
      });
      expect(row.youtubeVideoId).toBeNull();
      expect(google.requests.filter((r) => r.endpoint === 'videos.insert')).toHaveLength(2);
    } finally {
      await database.db.update(oauthClientSecrets).set({ quotaDailyUploads: 100 }).where(eq(oauthClientSecrets.id, clientSecretId));
    }
  });

  it('a Google 503 is retried by the queue, not failed', async () => {
    // What the retry leaves behind, not the passing 'percobaan' stage between two polls: the
    // queue ran the job twice, Google saw the 503 and then the upload, one video came of it.
    const accountId = await newAccount();
    google.failNext('videos.insert', { status: 503 });
    const before = google.requests.filter((r) => r.endpoint === 'videos.insert').length;
    const id = await queueUpload(accountId, {}, { retryDelay: 1, retryBackoff: false });
    const row = await settled(id);
    expect(row.status).toBe('uploaded');
    expect(row.attempts).toBe(2);
    expect(row.youtubeVideoId).toBeTruthy();
    const inserts = google.requests.filter((r) => r.endpoint === 'videos.insert').slice(before);
    expect(inserts.map((r) => r.status)).toEqual([503, 200]);
    // The row is committed inside the handler; pg-boss marks the job completed only after the
    // handler returns, so wait for the job to leave 'active' before reading what it became.
    const jobs = await until(async () => {
      const found = await database.sql<{ state: string; retry_count: number }[]>`
        select state, retry_count from pgboss.job where name = 'youtube.upload' and data->>'uploadId' = ${id}`;
      return found.every((j) => j.state !== 'active' && j.state !== 'retry' && j.state !== 'created') ? found : undefined;
    });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('never runs two uploads to one channel at once, while other channels go on', async () => {
    const other = google.addChannel({ id: 'UCotherchannel0000000001', title: 'Kanal Lain', playlists: [] });
    const accountId = await newAccount();
    const otherAccount = await newAccount({ channelId: other.id });
    google.setUploadDelay(800);
    const ids = [await queueUpload(accountId), await queueUpload(accountId), await queueUpload(otherAccount)];
    const rows = await Promise.all(ids.map((id) => settled(id)));
    expect(rows.map((r) => r.status)).toEqual(['uploaded', 'uploaded', 'uploaded']);
    expect(google.stats.maxConcurrentUploadsPerChannel).toBe(1);
    const waited = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(youtubeUploads)
      .where(and(eq(youtubeUploads.accountId, accountId), eq(youtubeUploads.status, 'uploaded')));
    expect(waited[0]?.n).toBeGreaterThanOrEqual(2);
  });
});

describe('youtube.upload exactly once (resumable sessions, issue 15)', () => {
  const fast = { retryDelay: 1, retryBackoff: false } as const;
  const sessionPuts = (i = 0) => (google.uploadSessions[i]?.puts ?? []).map((p) => [p.contentRange, p.bytes, p.status]);

  it('YouTube finished but its answer was lost before the id was saved: the retry gets the id from the session, one video', async () => {
    const accountId = await newAccount();
    google.loseNextUploadAnswer();
    const row = await settled(await queueUpload(accountId, {}, fast));
    expect(row.status).toBe('uploaded');
    expect(row.attempts).toBe(2);
    expect(google.uploads).toHaveLength(1);
    expect(row.youtubeVideoId).toBe(google.uploads[0]?.id);
    expect(google.uploads[0]?.sha256).toBe(sha256(clip));
    // One session; the retry only asked it (bytes */N) and got the video (200), sending nothing.
    expect(google.uploadSessions).toHaveLength(1);
    expect(sessionPuts()).toEqual([
      [`bytes 0-${clip.length - 1}/${clip.length}`, clip.length, 0],
      [`bytes */${clip.length}`, 0, 200],
    ]);
    expect(google.requests.filter((r) => r.endpoint === 'videos.insert')).toHaveLength(1);
    // One videos.insert by Google's count and by ours; the session is done with.
    expect(google.quotaUsage(CLIENT_ID).uploads).toBe(1);
    expect((await usageToday()).uploads).toBe(1);
    expect(row.uploadSessionUrl).toBeNull();
  }, 60_000);

  it('interrupted mid-upload: the retry resumes where YouTube stopped and sends only the remaining bytes', async () => {
    const accountId = await newAccount();
    const cut = Math.floor(clip.length * 0.9);
    google.cutNextUpload(cut);
    const row = await settled(await queueUpload(accountId, {}, fast));
    expect(row.status).toBe('uploaded');
    expect(google.uploadSessions).toHaveLength(1);
    expect(sessionPuts()).toEqual([
      [`bytes 0-${clip.length - 1}/${clip.length}`, cut, 0],
      [`bytes */${clip.length}`, 0, 308],
      [`bytes ${cut}-${clip.length - 1}/${clip.length}`, clip.length - cut, 200],
    ]);
    expect(google.uploads).toHaveLength(1);
    expect(google.uploads[0]?.sha256).toBe(sha256(clip));
    expect(google.quotaUsage(CLIENT_ID).uploads).toBe(1);
    expect((await usageToday()).uploads).toBe(1);
  }, 60_000);

  it('a session that expired meanwhile: the retry opens a new one, and one video comes of it', async () => {
    const accountId = await newAccount();
    google.cutNextUpload(Math.floor(clip.length / 2), { thenExpire: true });
    const row = await settled(await queueUpload(accountId, {}, fast));
    expect(row.status).toBe('uploaded');
    expect(google.uploadSessions).toHaveLength(2);
    expect(sessionPuts(0).map((p) => p[2])).toEqual([0, 404]);
    expect(sessionPuts(1)).toEqual([[`bytes 0-${clip.length - 1}/${clip.length}`, clip.length, 200]]);
    expect(google.uploads).toHaveLength(1);
    expect(row.youtubeVideoId).toBe(google.uploads[0]?.id);
    // Two sessions are two videos.insert calls for Google, and for our count alike.
    expect(google.quotaUsage(CLIENT_ID).uploads).toBe(2);
    expect((await usageToday()).uploads).toBe(2);
  }, 60_000);

  it('a retry of an upload already uploaded (its attempt died after the commit) removes the job copies it left, and sends nothing', async () => {
    const accountId = await newAccount();
    const id = crypto.randomUUID();
    await storage.write(`uploads/${ownerId}/${id}/thumb.png`, thumbnail);
    await queueUpload(accountId, { id, status: 'uploaded', youtubeVideoId: 'dahuluAda01', thumbnailStorageKey: `uploads/${ownerId}/${id}/thumb.png` });
    await expect.poll(() => storage.exists(`uploads/${ownerId}/${id}/video.mp4`), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => storage.exists(`uploads/${ownerId}/${id}/thumb.png`), { timeout: 20_000 }).toBe(false);
    expect(google.requests).toEqual([]);
  }, 60_000);

  it('a rendered video (effect applied) is kept in storage while its session is open and resumed from there, then removed', async () => {
    const accountId = await newAccount();
    const cut = 20_000;
    google.cutNextUpload(cut);
    const row = await settled(await queueUpload(accountId, { videoEffect: 'grayscale' }, fast));
    expect(row.status).toBe('uploaded');
    const rendered = google.uploads[0];
    expect(google.uploads).toHaveLength(1);
    // Not the member's file: the rendered one, resumed in the same session with only the rest.
    expect(rendered?.sha256).not.toBe(sha256(clip));
    const size = rendered?.size ?? 0;
    expect(size).toBeGreaterThan(cut);
    expect(google.uploadSessions).toHaveLength(1);
    expect(sessionPuts()).toEqual([
      [`bytes 0-${size - 1}/${size}`, cut, 0],
      [`bytes */${size}`, 0, 308],
      [`bytes ${cut}-${size - 1}/${size}`, size - cut, 200],
    ]);
    // The bytes joined across the two attempts make one intact grayscale video.
    const out = join(dataDir, `resumed-${row.id}.mp4`);
    writeFileSync(out, rendered?.bytes ?? Buffer.alloc(0));
    expect(Number(probe(out).format.duration)).toBeGreaterThan(2.5);
    expect(frameStats(out).chroma).toBeLessThan(6);
    // The copy kept for the session is gone once the id is saved.
    expect(row.renderedStorageKey).toBeNull();
    expect(await storage.exists(`uploads/${ownerId}/${row.id}/rendered.mp4`)).toBe(false);
  }, 60_000);
});

describe('youtube.upload from a file downloaded on the server (issue 20)', () => {
  /** A completed download of the owner with the clip in storage, as the File Manager lists it. */
  async function serverFile(): Promise<{ id: string; key: string }> {
    const key = `downloads/${ownerId}/${crypto.randomUUID()}.mp4`;
    await storage.write(key, clip);
    const [row] = await database.db
      .insert(downloads)
      .values({ ownerId, platform: 'tiktok', sourceItemId: crypto.randomUUID(), sourceUrl: 'https://www.tiktok.com/@a/video/1', title: 'Dari server', quality: 'best', status: 'completed', storageKey: key, sizeBytes: clip.length, mime: 'video/mp4', finishedAt: new Date() })
      .returning();
    if (!row) throw new Error('no download');
    return { id: row.id, key };
  }

  it('uploads the stored download intact and leaves the member’s file in place', async () => {
    const accountId = await newAccount();
    const file = await serverFile();
    const row = await settled(await queueUpload(accountId, { sourceKind: 'server', sourceDownloadId: file.id, videoStorageKey: null, videoSizeBytes: clip.length, videoFileName: 'Dari server.mp4' }));
    expect(row.status).toBe('uploaded');
    const sent = google.uploads.find((u) => u.id === row.youtubeVideoId);
    expect(sent?.sha256).toBe(sha256(clip));
    expect(await storage.exists(file.key)).toBe(true);
  });

  it('fails with a plain message when the file was deleted before the job ran', async () => {
    const accountId = await newAccount();
    const file = await serverFile();
    await database.db.update(downloads).set({ fileDeletedAt: new Date() }).where(eq(downloads.id, file.id));
    await storage.remove(file.key);
    const row = await settled(await queueUpload(accountId, { sourceKind: 'server', sourceDownloadId: file.id, videoStorageKey: null }));
    expect(row.status).toBe('failed');
    expect(row.errorMessage).toBe(SERVER_FILE_GONE_MESSAGE);
    expect(google.uploads).toHaveLength(0);
  });

  it('does nothing for an upload the member cancelled before its turn', async () => {
    const accountId = await newAccount();
    const id = await queueUpload(accountId, { status: 'cancelled', publishType: 'schedule', publishAt: new Date(Date.now() + 86_400_000), cancelledAt: new Date() }, { startAfter: 1 });
    await new Promise((r) => setTimeout(r, 3000));
    const [row] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
    expect(row?.status).toBe('cancelled');
    expect(row?.attempts).toBe(0);
    expect(google.uploads).toHaveLength(0);
  });
});
