// Issue 20: a downloaded file as the video source (serverFileId), and scheduled uploads that can
// be cancelled (POST /youtube/videos/:id/cancel) or moved (PATCH /youtube/videos/:id), on
// YouTube too (videos.update on the fake, 50 units). Refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { downloads, oauthClientSecrets, youtubeAccounts, youtubeUploads } from '@scrapper/db/schema';
import { findQuotaUsage } from '@scrapper/db/queries/youtube';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../../test/youtube.ts';

let h: Harness;
let fake: FakeGoogle;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
let adminAccount: string;
let aliceAccount: string;
let clientSecretId: string;

beforeAll(async () => {
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness(fakeGoogleEnv(fake));
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  clientSecretId = await createClientSecret(h, admin);
  aliceAccount = await connectAccount(h, alice, clientSecretId);
  adminAccount = await connectAccount(h, admin, clientSecretId);
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

async function post(token: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${h.baseUrl}/api/youtube/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** A completed download of `ownerId` with its file in storage (what GET /api/files lists). */
async function downloaded(ownerId: string, extra: { quality?: 'best' | 'audio-only'; deleted?: boolean } = {}): Promise<string> {
  const key = `downloads/${ownerId}/${crypto.randomUUID()}.mp4`;
  await h.storage.write(key, Buffer.alloc(128, 1));
  const [row] = await h.database.db
    .insert(downloads)
    .values({
      ownerId,
      platform: 'tiktok',
      sourceItemId: crypto.randomUUID(),
      sourceUrl: 'https://www.tiktok.com/@a/video/1',
      title: 'Kucing dari server',
      quality: extra.quality ?? 'best',
      status: 'completed',
      storageKey: key,
      sizeBytes: 128,
      mime: extra.quality === 'audio-only' ? 'audio/mp4' : 'video/mp4',
      finishedAt: new Date(),
      fileDeletedAt: extra.deleted ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('no download');
  return row.id;
}

const uploadCount = async () => (await h.database.db.select({ n: count() }).from(youtubeUploads))[0]?.n ?? 0;
const fields = (accountId: string, serverFileId: string) => ({ accountId, title: 'Dari server', madeForKids: 'false', serverFileId });

/** Two days ahead (or `ms`), as the form's WIB date and time. */
function wib(ms = 48 * 3600_000) {
  const text = new Date(Date.now() + ms + 7 * 3600_000).toISOString();
  return { scheduleDate: text.slice(0, 10), scheduleTime: text.slice(11, 16) };
}

describe('serverFileId as the video source', () => {
  it('queues the member’s own downloaded file, keeping its id and a readable name', async () => {
    const fileId = await downloaded(aliceId);
    const res = await post(alice, fields(aliceAccount, fileId));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ sourceKind: 'server', sourceFileId: fileId, videoFileName: 'Kucing dari server.mp4', status: 'processing' });
    const [row] = await h.database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, res.body.id));
    // The member's file stays where the download keeps it: the upload holds no copy to delete.
    expect(row).toMatchObject({ sourceDownloadId: fileId, videoStorageKey: null });
  });

  it('lets an admin use any member’s file', async () => {
    const res = await post(admin, fields(adminAccount, await downloaded(aliceId)));
    expect(res.status).toBe(202);
  });

  it('refuses another member’s file, a deleted one, an unknown id and an audio file, creating nothing', async () => {
    const before = await uploadCount();
    const others = await post(bob, fields(aliceAccount, await downloaded(aliceId)));
    expect(others.status).toBe(404);
    const bobOwnAccountOther = await post(alice, fields(aliceAccount, await downloaded(bobId)));
    expect(bobOwnAccountOther.status).toBe(404);
    expect(bobOwnAccountOther.body.message).toMatch(/tidak ditemukan di File Manager Anda/);
    expect((await post(alice, fields(aliceAccount, await downloaded(aliceId, { deleted: true })))).status).toBe(404);
    expect((await post(alice, fields(aliceAccount, crypto.randomUUID()))).status).toBe(404);
    const audio = await post(alice, fields(aliceAccount, await downloaded(aliceId, { quality: 'audio-only' })));
    expect(audio.status).toBe(400);
    expect(audio.body.message).toMatch(/audio, bukan video/);
    const notUuid = await post(alice, fields(aliceAccount, '../../etc/passwd'));
    expect(notUuid.status).toBe(400);
    expect(await uploadCount()).toBe(before);
  });
});

/** A scheduled upload of alice: waiting here, or (`onYouTube`) already on the fake with its publish time. */
async function scheduled(onYouTube: boolean, publishAt = new Date(Date.now() + 24 * 3600_000)): Promise<{ id: string; videoId: string | null }> {
  let videoId: string | null = null;
  if (onYouTube) {
    const [account] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, aliceAccount));
    const [client] = await h.database.db.select().from(oauthClientSecrets).where(eq(oauthClientSecrets.id, clientSecretId));
    videoId = `v${crypto.randomUUID().slice(0, 10)}`;
    fake.uploads.push({
      id: videoId,
      channelId: account?.channelId ?? '',
      clientId: client?.clientId ?? '',
      part: ['snippet', 'status'],
      snippet: { title: 'Terjadwal', categoryId: '22' },
      status: { privacyStatus: 'private', publishAt: publishAt.toISOString(), selfDeclaredMadeForKids: false },
      answeredPrivacyStatus: 'private',
      notifySubscribers: undefined,
      receivedAt: new Date(),
      sha256: '',
      size: 1,
      mimeType: 'video/mp4',
      bytes: undefined,
    });
  }
  const [row] = await h.database.db
    .insert(youtubeUploads)
    .values({
      userId: aliceId,
      accountId: aliceAccount,
      title: 'Terjadwal',
      publishType: 'schedule',
      publishAt,
      sourceKind: 'url',
      sourceUrl: 'https://www.tiktok.com/@a/video/1',
      status: onYouTube ? 'uploaded' : 'scheduled',
      youtubeVideoId: videoId,
      youtubePrivacyStatus: onYouTube ? 'private' : null,
      uploadedAt: onYouTube ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('no upload');
  return { id: row.id, videoId };
}

const rowOf = async (id: string) => (await h.database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id)))[0];
const fakeVideo = (id: string | null) => fake.uploads.find((u) => u.id === id);
const clientIdOf = async () => (await h.database.db.select().from(oauthClientSecrets).where(eq(oauthClientSecrets.id, clientSecretId)))[0]?.clientId ?? '';

describe('POST /api/youtube/videos/:id/cancel', () => {
  it('cancels a queued scheduled upload without calling YouTube', async () => {
    const { id } = await scheduled(false);
    const requests = fake.requests.length;
    const res = await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'cancelled' });
    expect(res.body.cancelledAt).toEqual(expect.any(String));
    expect(fake.requests.length).toBe(requests);
  });

  it('leaves a video already on YouTube private without a publish time (videos.update, 50 units)', async () => {
    const { id, videoId } = await scheduled(true);
    const unitsBefore = (await findQuotaUsage(h.database.db, clientSecretId)).unitsUsed;
    const fakeUnitsBefore = fake.quotaUsage(await clientIdOf()).units;
    const res = await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', youtubePrivacyStatus: 'private' });
    const video = fakeVideo(videoId);
    expect(video?.status.privacyStatus).toBe('private');
    expect(video?.status.publishAt).toBeUndefined();
    expect((await findQuotaUsage(h.database.db, clientSecretId)).unitsUsed).toBe(unitsBefore + 50);
    expect(fake.quotaUsage(await clientIdOf()).units).toBe(fakeUnitsBefore + 50);
  });

  it('answers 404 for another member’s upload and 409 for one already public or cancelled, changing nothing', async () => {
    const { id } = await scheduled(false);
    const other = await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: bob });
    expect(other.status).toBe(404);
    expect((await rowOf(id))?.status).toBe('scheduled');

    const past = await scheduled(true, new Date(Date.now() + 24 * 3600_000));
    await h.database.db.update(youtubeUploads).set({ publishAt: new Date(Date.now() - 3600_000) }).where(eq(youtubeUploads.id, past.id));
    const before = await rowOf(past.id);
    const published = await h.request('POST', `/api/youtube/videos/${past.id}/cancel`, { token: alice });
    expect(published.status).toBe(409);
    expect(published.body.message).toMatch(/tidak dapat dibatalkan/);
    expect(await rowOf(past.id)).toEqual(before);

    const now = await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: alice });
    expect(now.status).toBe(200);
    expect((await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: alice })).status).toBe(409);
  });

  it('lets an admin cancel a member’s schedule', async () => {
    const { id } = await scheduled(false);
    const res = await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('alice');
  });

  it('says what Google said when videos.update fails, under detail', async () => {
    const { id } = await scheduled(true);
    fake.failNext('videos.update', { status: 400, reason: 'invalidPublishAt' });
    const res = await h.request('POST', `/api/youtube/videos/${id}/cancel`, { token: alice });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/YouTube menolak permintaan ini/);
    expect(res.body.detail).toMatch(/invalid scheduled publishing time/);
    expect((await rowOf(id))?.status).toBe('uploaded');
  });
});

describe('PATCH /api/youtube/videos/:id', () => {
  it('moves a queued schedule', async () => {
    const { id } = await scheduled(false);
    const when = wib();
    const res = await h.request('PATCH', `/api/youtube/videos/${id}`, { token: alice, body: when });
    expect(res.status).toBe(200);
    const expected = new Date(`${when.scheduleDate}T${when.scheduleTime}:00+07:00`).toISOString();
    expect(res.body.publishAt).toBe(expected);
    expect((await rowOf(id))?.publishAt?.toISOString()).toBe(expected);
  });

  it('moves a video already on YouTube (videos.update sets status.publishAt)', async () => {
    const { id, videoId } = await scheduled(true);
    const when = wib(72 * 3600_000);
    const res = await h.request('PATCH', `/api/youtube/videos/${id}`, { token: alice, body: when });
    expect(res.status).toBe(200);
    const expected = new Date(`${when.scheduleDate}T${when.scheduleTime}:00+07:00`).toISOString();
    expect(fakeVideo(videoId)?.status.publishAt).toBe(expected);
    expect(fakeVideo(videoId)?.status.privacyStatus).toBe('private');
    expect(res.body.status).toBe('uploaded');
  });

  it('refuses the past (400), another member’s upload (404) and a public one (409), changing nothing', async () => {
    const { id, videoId } = await scheduled(true);
    const before = await rowOf(id);
    const publishAt = fakeVideo(videoId)?.status.publishAt;
    const past = await h.request('PATCH', `/api/youtube/videos/${id}`, { token: alice, body: wib(-3600_000) });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/paling cepat 5 menit/);
    expect((await h.request('PATCH', `/api/youtube/videos/${id}`, { token: bob, body: wib() })).status).toBe(404);
    expect((await h.request('PATCH', `/api/youtube/videos/${id}`, { token: alice, body: { scheduleDate: '2026-13-40', scheduleTime: '25:00' } })).status).toBe(400);
    expect(await rowOf(id)).toEqual(before);
    expect(fakeVideo(videoId)?.status.publishAt).toBe(publishAt);

    const nowUpload = await post(alice, fields(aliceAccount, await downloaded(aliceId)));
    const notScheduled = await h.request('PATCH', `/api/youtube/videos/${nowUpload.body.id}`, { token: alice, body: wib() });
    expect(notScheduled.status).toBe(409);
    expect(notScheduled.body.message).toMatch(/tidak dapat diubah/);
  });
});
