// Issue 33 item 2: POST /api/publish/posts checks everything before any byte leaves (another
// member's file or account: 404; an account to reconnect: 409; options of another platform, a
// TikTok direct post with a privacy the creator does not offer, YouTube without a title, a file
// no destination can take: 400, nothing saved), saves the post with one target per destination
// and one publish.target job each; a destination the file cannot fit is a failed target with its
// reason. GET lists and reads the caller's posts; a queued target can be cancelled, once.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { downloads, notifications, oauthClientSecrets, publishAccounts, publishPosts, youtubeAccounts } from '@scrapper/db/schema';
import { finishTarget } from '@scrapper/db/queries/publish-posts';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { startFakeMeta, type FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import { startFakeTikTok, type FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { makeVideo, metaAccountValues, tiktokAccountValues } from '@scrapper/testkit/publish-fixtures';
import { startHarness, type Harness } from '../../../test/harness.ts';

const client = { clientKey: 'aw-posts', clientSecret: 'rahasia-posts' };
let h: Harness;
let tiktok: FakeTikTok;
let meta: FakeMeta;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
const ids = {} as { tiktok: string; tiktokReconnect: string; instagram: string; facebook: string; youtube: string; bobTiktok: string; bigFile: string; smallFile: string; bobFile: string };

async function insertClientSecret(platform: 'tiktok' | 'youtube'): Promise<string> {
  const box = createSecretBox(h.env.secretsKey);
  const [row] = await h.database.db
    .insert(oauthClientSecrets)
    .values({ name: platform, clientId: platform === 'tiktok' ? client.clientKey : 'google-id', sealedClientSecret: box.seal(client.clientSecret), secretLastFour: 'osts', platform, redirectUri: 'http://127.0.0.1/cb' })
    .returning();
  if (!row) throw new Error('no client secret');
  return row.id;
}

async function insertAccount(values: typeof publishAccounts.$inferInsert): Promise<string> {
  const [row] = await h.database.db.insert(publishAccounts).values(values).returning();
  if (!row) throw new Error('no account');
  return row.id;
}

/** A completed download of `ownerId` holding a real video made by ffmpeg. */
async function videoFile(ownerId: string, spec: Parameters<typeof makeVideo>[1]): Promise<string> {
  const path = join(h.env.dataDir, `${crypto.randomUUID()}.mp4`);
  makeVideo(path, spec);
  const bytes = readFileSync(path);
  const key = `downloads/${ownerId}/${crypto.randomUUID()}.mp4`;
  await h.storage.write(key, bytes);
  const [row] = await h.database.db
    .insert(downloads)
    .values({ ownerId, platform: 'tiktok', sourceItemId: crypto.randomUUID(), sourceUrl: 'https://www.tiktok.com/@a/video/1', title: 'Resep nasi goreng', quality: 'best', status: 'completed', storageKey: key, sizeBytes: bytes.length, mime: 'video/mp4', finishedAt: new Date() })
    .returning();
  if (!row) throw new Error('no download');
  return row.id;
}

const postCount = async () => (await h.database.db.select({ n: count() }).from(publishPosts))[0]?.n ?? 0;
const jobCount = async () => {
  const rows = await h.database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'publish.target'`;
  return rows[0]?.n ?? 0;
};

beforeAll(async () => {
  tiktok = await startFakeTikTok({ clients: [client] });
  meta = await startFakeMeta();
  h = await startHarness({ TIKTOK_API_BASE_URL: tiktok.urls.apiBaseUrl });
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  const box = createSecretBox(h.env.secretsKey);
  const tiktokSecret = await insertClientSecret('tiktok');
  const youtubeSecret = await insertClientSecret('youtube');
  ids.tiktok = await insertAccount(tiktokAccountValues(tiktok, box, { userId: aliceId, clientSecretId: tiktokSecret, clientKey: client.clientKey, username: 'dapuralice' }).values);
  ids.tiktokReconnect = await insertAccount({
    ...tiktokAccountValues(tiktok, box, { userId: aliceId, clientSecretId: tiktokSecret, clientKey: client.clientKey, username: 'lamaalice' }).values,
    needsReconnect: true,
    reconnectReason: 'Izin dicabut di TikTok.',
  });
  ids.bobTiktok = await insertAccount(tiktokAccountValues(tiktok, box, { userId: bobId, clientSecretId: tiktokSecret, clientKey: client.clientKey, username: 'dapurbob' }).values);
  const metaRows = metaAccountValues(meta, box, { userId: aliceId, clientSecretId: null });
  ids.facebook = await insertAccount(metaRows.facebook);
  ids.instagram = await insertAccount(metaRows.instagram);
  const [channel] = await h.database.db
    .insert(youtubeAccounts)
    .values({ userId: aliceId, clientSecretId: youtubeSecret, channelId: 'UCalice', accountName: 'Kanal Alice', sealedTokens: box.seal('{}') })
    .returning();
  ids.youtube = channel?.id ?? '';
  // 540x960 fits every destination; 360x640 is too small for Facebook Reels (540 px a side).
  ids.bigFile = await videoFile(aliceId, { width: 540, height: 960, durationSecs: 4 });
  ids.smallFile = await videoFile(aliceId, { width: 360, height: 640, durationSecs: 4 });
  ids.bobFile = await videoFile(bobId, { width: 540, height: 960, durationSecs: 4 });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await tiktok?.close();
  await meta?.close();
});

describe('POST /api/publish/posts', () => {
  it('saves one target per destination and one job each, and answers 202 with the targets', async () => {
    const jobsBefore = await jobCount();
    const res = await h.request('POST', '/api/publish/posts', {
      token: alice,
      body: {
        serverFileId: ids.bigFile,
        caption: 'Nasi goreng 5 menit #resep',
        title: 'Nasi goreng 5 menit',
        destinations: [
          { accountId: ids.tiktok, tiktok: { mode: 'direct', privacyLevel: 'PUBLIC_TO_EVERYONE' } },
          { accountId: ids.instagram, instagram: { shareToFeed: false } },
          { accountId: ids.facebook },
          { accountId: ids.youtube, youtube: { privacyStatus: 'unlisted' } },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.body.targets.map((t: { platform: string; status: string }) => [t.platform, t.status])).toEqual([
      ['tiktok', 'queued'],
      ['instagram', 'queued'],
      ['facebook', 'queued'],
      ['youtube', 'queued'],
    ]);
    expect(res.body.targets[0]).toMatchObject({ mode: 'direct', accountName: 'dapuralice', converted: false });
    expect(await jobCount()).toBe(jobsBefore + 4);

    const read = await h.request('GET', `/api/publish/posts/${res.body.id}`, { token: alice });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: res.body.id, caption: 'Nasi goreng 5 menit #resep', title: 'Nasi goreng 5 menit', fileName: 'Resep nasi goreng' });
    expect(read.body.targets).toHaveLength(4);
    const list = await h.request('GET', '/api/publish/posts?limit=5', { token: alice });
    expect(list.status).toBe(200);
    expect(list.body.posts[0].id).toBe(res.body.id);
  });

  it('a scheduled post starts its jobs after the time', async () => {
    const at = new Date(Date.now() + 3 * 3600_000);
    const res = await h.request('POST', '/api/publish/posts', {
      token: alice,
      body: { serverFileId: ids.bigFile, caption: 'Nanti sore', scheduledAt: at.toISOString(), destinations: [{ accountId: ids.instagram }] },
    });
    expect(res.status).toBe(202);
    const [job] = await h.database.sql<{ start_after: string }[]>`
      select start_after::text as start_after from pgboss.job where name = 'publish.target' and data->>'targetId' = ${res.body.targets[0].id}`;
    expect(Date.parse(job?.start_after ?? '')).toBeGreaterThanOrEqual(at.getTime() - 1000);
  });

  it('a destination the file cannot fit is a failed target with the reason; the others go on', async () => {
    const jobsBefore = await jobCount();
    const res = await h.request('POST', '/api/publish/posts', {
      token: alice,
      body: { serverFileId: ids.smallFile, caption: 'Kecil', destinations: [{ accountId: ids.instagram }, { accountId: ids.facebook }] },
    });
    expect(res.status).toBe(202);
    const [instagram, facebook] = res.body.targets;
    expect(instagram.status).toBe('queued');
    expect(facebook.status).toBe('failed');
    expect(facebook.reason).toMatch(/terlalu kecil untuk Facebook Reels/);
    expect(await jobCount()).toBe(jobsBefore + 1);
  });

  it('refuses bad choices with 400 and saves nothing', async () => {
    const before = await postCount();
    const jobsBefore = await jobCount();
    const bad = [
      // Every destination refuses the file.
      [{ serverFileId: ids.smallFile, caption: 'x', destinations: [{ accountId: ids.facebook }] }, /Facebook Reels/],
      // Options of another platform.
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.instagram, tiktok: { mode: 'inbox' } }] }, /tidak berlaku/],
      // YouTube without a title.
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.youtube }] }, /judul YouTube wajib/],
      // Direct without a privacy level (no default), and with one the creator does not offer.
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.tiktok, tiktok: { mode: 'direct' } }] }, /tingkat privasi/],
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.tiktok, tiktok: { mode: 'direct', privacyLevel: 'FOLLOWER_OF_CREATOR' } }] }, /hanya menawarkan/],
      // The same destination twice, none at all, an unknown option.
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.instagram }, { accountId: ids.instagram }] }, /dua kali/],
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [] }, /minimal satu tujuan/],
      [{ serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.facebook, facebook: { ditonton: true } }] }, /.+/],
    ] as const;
    for (const [body, message] of bad) {
      const res = await h.request('POST', '/api/publish/posts', { token: alice, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await postCount()).toBe(before);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it("another member's file or account is not found (404); an account to reconnect is 409", async () => {
    const before = await postCount();
    const otherFile = await h.request('POST', '/api/publish/posts', { token: alice, body: { serverFileId: ids.bobFile, caption: 'x', destinations: [{ accountId: ids.instagram }] } });
    expect(otherFile.status).toBe(404);
    const otherAccount = await h.request('POST', '/api/publish/posts', { token: alice, body: { serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.bobTiktok }] } });
    expect(otherAccount.status).toBe(404);
    const reconnect = await h.request('POST', '/api/publish/posts', { token: alice, body: { serverFileId: ids.bigFile, caption: 'x', destinations: [{ accountId: ids.tiktokReconnect }] } });
    expect(reconnect.status).toBe(409);
    expect(reconnect.body.message).toMatch(/dihubungkan ulang/);
    expect(await postCount()).toBe(before);
  });
});

describe('cancel and owner scope', () => {
  it('cancels a queued target once (409 after), and nobody else reaches the post', async () => {
    const made = await h.request('POST', '/api/publish/posts', { token: alice, body: { serverFileId: ids.bigFile, caption: 'Batal', destinations: [{ accountId: ids.instagram }] } });
    const target = made.body.targets[0].id;
    const path = `/api/publish/posts/${made.body.id}/targets/${target}/cancel`;
    expect((await h.request('POST', path, { token: bob })).status).toBe(404);
    expect((await h.request('GET', `/api/publish/posts/${made.body.id}`, { token: bob })).status).toBe(404);
    const bobList = await h.request('GET', '/api/publish/posts', { token: bob });
    expect(bobList.body.posts).toEqual([]);
    const cancelled = await h.request('POST', path, { token: alice });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await h.request('POST', path, { token: alice });
    expect(again.status).toBe(409);
    const [row] = await h.database.db.select({ n: count() }).from(publishPosts).where(eq(publishPosts.id, made.body.id));
    expect(row?.n).toBe(1);
    // Every target cancelled by the member: no summary, they know.
    const notes = await h.database.db.select().from(notifications).where(eq(notifications.dedupeKey, `publish-post:${made.body.id}`));
    expect(notes).toEqual([]);
  });

  it('cancelling the last target still to go sends the post its one summary, naming what was cancelled', async () => {
    const made = await h.request('POST', '/api/publish/posts', {
      token: alice,
      body: { serverFileId: ids.bigFile, caption: 'Separuh batal', destinations: [{ accountId: ids.instagram }, { accountId: ids.facebook }] },
    });
    expect(made.status).toBe(202);
    const [first, second] = made.body.targets as Array<{ id: string }>;
    if (!first || !second) throw new Error('two targets expected');
    // The first one went out (as the worker records it).
    expect(await finishTarget(h.database.db, first.id, { status: 'published', remotePostId: 'ig-1', link: 'https://www.instagram.com/reel/ig-1/' })).toBeTruthy();
    const summary = () => h.database.db.select().from(notifications).where(eq(notifications.dedupeKey, `publish-post:${made.body.id}`));
    expect(await summary()).toEqual([]);
    const cancelled = await h.request('POST', `/api/publish/posts/${made.body.id}/targets/${second.id}/cancel`, { token: alice });
    expect(cancelled.status).toBe(200);
    const notes = await summary();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: aliceId, kind: 'publish.done', link: '/publish' });
    expect(notes[0]?.message).toMatch(/1 dari 2 tujuan berhasil\. Berhasil: Instagram Reels \(.+\)\. Dibatalkan: Facebook Reels \(.+\)\.$/);
  });
});
