import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { youtubeAccounts, youtubeUploads } from '@scrapper/db/schema';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../../test/youtube.ts';

const MAX_VIDEO_BYTES = 256 * 1024;

let h: Harness;
let fake: FakeGoogle;
let media: MediaServer;
let work: string;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let aliceAccount: string;
let bobAccount: string;
let clip: Buffer;
let thumbnail: Buffer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'youtube-upload-test-'));
  // A real two-second MP4 and PNG, small enough for the test's upload limit.
  // prettier-ignore
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=96x64:rate=10:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(work, 'clip.mp4')]);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=32x18', '-frames:v', '1', join(work, 'thumb.png')]);
  clip = readFileSync(join(work, 'clip.mp4'));
  thumbnail = readFileSync(join(work, 'thumb.png'));
  expect(clip.length).toBeLessThan(MAX_VIDEO_BYTES);

  fake = await startFakeGoogle({ autoApprove: true });
  media = await startMediaServer();
  h = await startHarness({ ...fakeGoogleEnv(fake), UPLOAD_MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES), FETCH_ALLOW_PRIVATE_HOSTS: new URL(media.urls.clip3s).host });
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  const clientId = await createClientSecret(h, admin);
  aliceAccount = await connectAccount(h, alice, clientId);
  bobAccount = await connectAccount(h, bob, clientId);
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
  await media?.close();
  rmSync(work, { recursive: true, force: true });
});

type Part = string | { data: Buffer; type: string; name: string };

async function post(path: string, token: string, parts: Record<string, Part>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  const res = await fetch(`${h.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const type = res.headers.get('content-type') ?? '';
  const body: any = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, headers: res.headers };
}

const video = (data = clip, name = 'my clip.mp4', type = 'video/mp4'): Part => ({ data, type, name });
const baseFields = () => ({ accountId: aliceAccount, title: 'Video Kucing', madeForKids: 'false' });

/** Everything stored under uploads/ (writes in progress too), to prove a refused request left nothing behind. */
function storedUploads(): Promise<string[]> {
  return h.storedFiles('uploads/');
}

async function queuedJobs(uploadId: string): Promise<number> {
  const rows = await h.database.sql`select count(*)::int as n from pgboss.job where name = 'youtube.upload' and data->>'uploadId' = ${uploadId}`;
  return rows[0]?.n ?? 0;
}

/** Date and time in Asia/Jakarta (UTC+7) `ms` from now, as the form sends them. */
function jakarta(ms: number): { scheduleDate: string; scheduleTime: string } {
  const at = new Date(Date.now() + ms + 7 * 3600 * 1000).toISOString();
  return { scheduleDate: at.slice(0, 10), scheduleTime: at.slice(11, 16) };
}

describe('POST /youtube/upload', () => {
  it('stores the files under our own keys, writes the record and queues its job', async () => {
    const res = await post('/api/youtube/upload', alice, {
      ...baseFields(),
      description: 'Deskripsi',
      tags: 'kucing, lucu, kucing',
      privacyStatus: 'unlisted',
      videoEffect: 'sepia',
      playlistId: 'PLfakeplaylist000000000000000000001',
      containsSyntheticMedia: 'true',
      videoFile: video(clip, '../../etc/my\u0000 clip.mp4'),
      thumbnailFile: { data: thumbnail, type: 'image/png', name: 'thumb.png' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({
      title: 'Video Kucing',
      description: 'Deskripsi',
      tags: ['kucing', 'lucu'],
      privacyStatus: 'unlisted',
      publishType: 'now',
      publishAt: null,
      madeForKids: false,
      containsSyntheticMedia: true,
      videoEffect: 'sepia',
      sourceKind: 'file',
      youtubePrivacyStatus: null,
      privacyLocked: false,
      videoFileName: 'my clip.mp4',
      status: 'processing',
      account: { id: aliceAccount, accountName: 'Fake Channel' },
    });
    const [row] = await h.database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, res.body.id));
    expect(row?.videoStorageKey).toBe(`uploads/${aliceId}/${res.body.id}/video.mp4`);
    expect(row?.thumbnailStorageKey).toBe(`uploads/${aliceId}/${res.body.id}/thumbnail.png`);
    expect(row).toMatchObject({ videoMime: 'video/mp4', videoSizeBytes: clip.length, thumbnailMime: 'image/png', playlistId: 'PLfakeplaylist000000000000000000001', containsSyntheticMedia: true });
    expect(await h.storage.size(row?.videoStorageKey ?? '')).toBe(clip.length);
    expect(await queuedJobs(res.body.id)).toBe(1);
  });

  it('schedules in Jakarta time', async () => {
    const when = jakarta(2 * 3600 * 1000);
    const res = await post('/api/youtube/upload', alice, { ...baseFields(), publishType: 'schedule', ...when, videoFile: video() });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.status).toBe('scheduled');
    // Not declared: no synthetic content.
    expect(res.body.containsSyntheticMedia).toBe(false);
    expect(res.body.publishAt).toBe(new Date(`${when.scheduleDate}T${when.scheduleTime}:00+07:00`).toISOString());
  });

  it('takes a scraped video by URL instead of a file', async () => {
    const res = await post('/api/youtube/upload', alice, { ...baseFields(), scraperVideoUrl: media.urls.clip3s, scraperVideoId: 'item-1', audioRemixUrl: media.urls.audio });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ sourceKind: 'url', sourceUrl: media.urls.clip3s, audioRemixUrl: media.urls.audio, videoFileName: null });
    const [row] = await h.database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, res.body.id));
    expect(row).toMatchObject({ sourceItemId: 'item-1', videoStorageKey: null, videoVolume: 0.3 });
  });

  it('answers 400 naming each missing field, and stores nothing', async () => {
    const before = await storedUploads();
    const rows = (await h.database.db.select().from(youtubeUploads)).length;
    const res = await post('/api/youtube/upload', alice, { accountId: aliceAccount, videoFile: video() });
    expect(res.status).toBe(400);
    for (const field of ['body.title', 'body.madeForKids']) expect(res.body.message).toContain(field);
    const schedule = await post('/api/youtube/upload', alice, { ...baseFields(), publishType: 'schedule', videoFile: video() });
    expect(schedule.status).toBe(400);
    for (const field of ['body.scheduleDate', 'body.scheduleTime']) expect(schedule.body.message).toContain(field);
    const synthetic = await post('/api/youtube/upload', alice, { ...baseFields(), containsSyntheticMedia: 'ya', videoFile: video() });
    expect(synthetic.status).toBe(400);
    expect(synthetic.body.message).toContain('body.containsSyntheticMedia');
    expect(await storedUploads()).toEqual(before);
    expect(await h.database.db.select().from(youtubeUploads)).toHaveLength(rows);
  });

  it('requires a video when there is no scraped one', async () => {
    const res = await post('/api/youtube/upload', alice, baseFields());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Video file is required');
  });

  it('refuses a file that is not a video although it is named and typed like one', async () => {
    const before = await storedUploads();
    const fakeMp4 = Buffer.from('<html><script>alert(1)</script></html>'.repeat(20));
    const res = await post('/api/youtube/upload', alice, { ...baseFields(), videoFile: video(fakeMp4, 'evil.mp4', 'video/mp4') });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/File video harus berupa video/);
    const notImage = await post('/api/youtube/upload', alice, { ...baseFields(), videoFile: video(), thumbnailFile: { data: clip, type: 'image/png', name: 'x.png' } });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toMatch(/Thumbnail/);
    expect(await storedUploads()).toEqual(before);
  });

  it('answers 413 for a video over the limit, and stores nothing', async () => {
    const before = await storedUploads();
    const big = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(MAX_VIDEO_BYTES + 1024)]);
    const res = await post('/api/youtube/upload', alice, { ...baseFields(), videoFile: video(big) });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/File video terlalu besar \(maksimal 256\.0 KB\)/);
    expect(await storedUploads()).toEqual(before);
    const partials = (await h.storedFiles('')).filter((p) => p.endsWith('.partial') || p.includes('(multipart upload'));
    expect(partials).toEqual([]);
  });

  it('answers the 413 while a much larger body is still arriving, and keeps nothing', async () => {
    const before = await storedUploads();
    const huge = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(40 * MAX_VIDEO_BYTES)]);
    const res = await post('/api/youtube/upload', alice, { ...baseFields(), videoFile: video(huge) });
    expect(res.status).toBe(413);
    expect(await storedUploads()).toEqual(before);
  });

  it('removes what was stored when the client goes away mid-upload', async () => {
    const before = await storedUploads();
    const boundary = 'x-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="thumbnailFile"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const { request } = await import('node:http');
    const req = request(`${h.baseUrl}/api/youtube/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => undefined);
    // A whole thumbnail first (stored), then a video that never finishes.
    req.write(Buffer.concat([head, thumbnail, Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="videoFile"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`), clip.subarray(0, 2048)]));
    const deadline = Date.now() + 5000;
    while ((await storedUploads()).length === before.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await storedUploads()).length).toBeGreaterThan(before.length);
    req.destroy();
    const gone = Date.now() + 5000;
    while ((await storedUploads()).length !== before.length && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
    expect(await storedUploads()).toEqual(before);
  });

  it('refuses a schedule in the past or too far ahead', async () => {
    const past = await post('/api/youtube/upload', alice, { ...baseFields(), publishType: 'schedule', ...jakarta(-60 * 1000), videoFile: video() });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/5 menit/);
    const soon = await post('/api/youtube/upload', alice, { ...baseFields(), publishType: 'schedule', ...jakarta(60 * 1000), videoFile: video() });
    expect(soon.status).toBe(400);
    const far = await post('/api/youtube/upload', alice, { ...baseFields(), publishType: 'schedule', ...jakarta(400 * 24 * 3600 * 1000), videoFile: video() });
    expect(far.status).toBe(400);
    const impossible = await post('/api/youtube/upload', alice, { ...baseFields(), publishType: 'schedule', scheduleDate: '2030-02-30', scheduleTime: '10:00', videoFile: video() });
    expect(impossible.status).toBe(400);
  });

  it('refuses source URLs the URL guard refuses', async () => {
    const res = await post('/api/youtube/upload', alice, { ...baseFields(), scraperVideoUrl: 'http://user:secret@example.com/video.mp4' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/scraperVideoUrl/);
  });

  it('takes only the caller’s own, valid account', async () => {
    const other = await post('/api/youtube/upload', bob, { ...baseFields(), videoFile: video() });
    expect(other.status).toBe(404);
    await h.database.db.update(youtubeAccounts).set({ isValid: false }).where(eq(youtubeAccounts.id, bobAccount));
    const invalid = await post('/api/youtube/upload', bob, { ...baseFields(), accountId: bobAccount, videoFile: video() });
    expect(invalid.status).toBe(409);
    expect(invalid.body.error).toBe('YouTubeReauthRequired');
    await h.database.db.update(youtubeAccounts).set({ isValid: true }).where(eq(youtubeAccounts.id, bobAccount));
  });

  it('refuses a body that is not multipart', async () => {
    const res = await h.request('POST', '/api/youtube/upload', { token: alice, body: baseFields() });
    expect(res.status).toBe(415);
  });
});

describe('GET /youtube/videos', () => {
  it('lists the caller’s uploads with their account; admins may list everyone’s', async () => {
    const mine = await h.request('GET', '/api/youtube/videos', { token: alice });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(3);
    expect(mine.body.videos[0].account).toEqual({ id: aliceAccount, accountName: 'Fake Channel' });
    expect(mine.body.videos[0].username).toBeUndefined();
    const paged = await h.request('GET', '/api/youtube/videos?limit=1&offset=1', { token: alice });
    expect(paged.body.videos).toHaveLength(1);
    expect(paged.body.total).toBe(3);

    expect((await h.request('GET', '/api/youtube/videos', { token: bob })).body).toEqual({ videos: [], total: 0 });
    expect((await h.request('GET', '/api/youtube/videos?all=true', { token: bob })).body).toEqual({ videos: [], total: 0 });
    const all = await h.request('GET', '/api/youtube/videos?all=true', { token: admin });
    expect(all.body.total).toBe(3);
    expect(all.body.videos[0].username).toBe('alice');
  });

  it('marks an upload YouTube answered as private although public or unlisted was asked, but not a scheduled one', async () => {
    const rows = await h.database.db.select().from(youtubeUploads).where(eq(youtubeUploads.userId, aliceId));
    const now = rows.find((r) => r.publishType === 'now' && r.sourceKind === 'file');
    const scheduled = rows.find((r) => r.publishType === 'schedule');
    const uploaded = { status: 'uploaded' as const, youtubeVideoId: 'vid00000001', youtubePrivacyStatus: 'private' as const, uploadedAt: new Date() };
    await h.database.db.update(youtubeUploads).set(uploaded).where(eq(youtubeUploads.id, now?.id ?? ''));
    await h.database.db.update(youtubeUploads).set(uploaded).where(eq(youtubeUploads.id, scheduled?.id ?? ''));
    const list = await h.request('GET', '/api/youtube/videos', { token: alice });
    const byId = new Map((list.body.videos as Array<{ id: string; privacyLocked: boolean; youtubePrivacyStatus: string }>).map((v) => [v.id, v]));
    expect(byId.get(now?.id ?? '')).toMatchObject({ privacyStatus: 'unlisted', youtubePrivacyStatus: 'private', privacyLocked: true });
    expect(byId.get(scheduled?.id ?? '')).toMatchObject({ youtubePrivacyStatus: 'private', privacyLocked: false });
  });
});

describe('POST /media/preview-effect', () => {
  it('returns a playable MP4 with the effect, and leaves no temp files', async () => {
    const res = await post('/api/media/preview-effect', alice, { effect: 'grayscale', videoFile: video() });
    expect(res.status, res.body instanceof Buffer ? res.body.toString('utf8', 0, 200) : JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const out = join(work, 'preview.mp4');
    writeFileSync(out, res.body as Buffer);
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', out], { encoding: 'utf8' }),
    ) as { streams: Array<{ codec_type: string }>; format: { duration: string } };
    expect(probe.streams.map((s) => s.codec_type)).toContain('video');
    expect(Number(probe.format.duration)).toBeGreaterThan(0.5);
    expect(Number(probe.format.duration)).toBeLessThanOrEqual(5.5);
    await new Promise((r) => setTimeout(r, 200));
    const temp = join(h.env.dataDir, 'tmp', 'previews');
    expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
  });

  it('asks for an effect other than none', async () => {
    const res = await post('/api/media/preview-effect', alice, { effect: 'none', videoFile: video() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Pilih efek selain none untuk preview.');
    const unknown = await post('/api/media/preview-effect', alice, { effect: 'explode', videoFile: video() });
    expect(unknown.status).toBe(400);
  });
});

describe('audio lookups', () => {
  it('reads a media URL’s title and duration through yt-dlp', async () => {
    const res = await h.request('GET', `/api/youtube/audio-info?url=${encodeURIComponent(media.urls.clip3s)}`, { token: alice });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ webpage_url: media.urls.clip3s });
    expect(typeof res.body.title).toBe('string');
  });

  it('answers 400 with a readable reason when the URL has nothing, never 500', async () => {
    const res = await h.request('GET', `/api/youtube/audio-info?url=${encodeURIComponent(media.urls.notFound)}`, { token: alice });
    expect(res.status).toBe(400);
    // One Indonesian sentence; yt-dlp's own words ("HTTP Error 404") only under "Detail".
    expect(res.body.message).toBe('Audio tidak ditemukan di alamat itu (tautan salah, sudah dihapus, atau privat). Periksa tautannya.');
    expect(res.body.detail).toMatch(/HTTP Error 404/);
    const empty = await h.request('GET', '/api/youtube/audio-search?query=%20', { token: alice });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/kata kunci/);
  });
});
