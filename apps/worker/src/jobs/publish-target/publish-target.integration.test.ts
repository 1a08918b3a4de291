// Issue 33 items 3-6: the publish.target job against the fakes of TikTok, Meta and Google, with
// real videos made by ffmpeg. Each platform receives the file once with the same bytes (or the
// conversion's, with converted true); TikTok as an inbox draft and as a direct post; a platform's
// FAILED status is the target's reason; a file Meta's Reels cannot take as it is (moov last) is
// converted with +faststart; a YouTube target goes through youtube.upload and takes its outcome;
// a post's targets end in one summary notification and a webhook event each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '@scrapper/db/queue';
import { insertPublishPost, type NewPublishTarget } from '@scrapper/db/queries/publish-posts';
import { downloads, notifications, publishAccounts, publishTargets, webhookDeliveries } from '@scrapper/db/schema';
import { convertToFit } from '@scrapper/integrations/media-fit';
import type { FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import type { FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { makeVideo, tiktokAccountValues, type VideoSpec } from '@scrapper/testkit/publish-fixtures';
import type { WorkerHarness } from '../../../test/harness.ts';
import { connectFakeChannel } from '../../../test/fixtures.ts';
import { connectDestinations, insertPublishAccount, sha256, startPublishWorld, type PublishWorld } from '../../../test/publish-world.ts';
import { until } from '../../../test/waits.ts';
import type { RunningWorker } from '../../worker.ts';

const client = { clientKey: 'aw-worker', clientSecret: 'rahasia-worker' };
let world: PublishWorld;
let h: WorkerHarness;
let tiktok: FakeTikTok;
let meta: FakeMeta;
let worker: RunningWorker;
let userId: string;
const ids = {} as { tiktokPublic: string; instagram: string; facebook: string; youtube: string; tiktokOpenId: string };

/** A completed download holding a video made by ffmpeg; its bytes too. */
async function serverFile(spec: VideoSpec): Promise<{ id: string; bytes: Buffer; path: string }> {
  const path = join(h.dataDir, `${crypto.randomUUID()}.mp4`);
  makeVideo(path, spec);
  const bytes = readFileSync(path);
  const key = `downloads/${userId}/${crypto.randomUUID()}.mp4`;
  await h.storage.write(key, bytes);
  const [row] = await h.database.db
    .insert(downloads)
    .values({ ownerId: userId, platform: 'tiktok', sourceItemId: crypto.randomUUID(), sourceUrl: 'https://www.tiktok.com/@a/video/1', title: 'Resep', quality: 'best', status: 'completed', storageKey: key, sizeBytes: bytes.length, mime: 'video/mp4', finishedAt: new Date() })
    .returning();
  if (!row) throw new Error('no download');
  return { id: row.id, bytes, path };
}

/** A post as the API saves it, and its jobs. */
async function publish(fileId: string, targets: NewPublishTarget[], extra: { title?: string } = {}) {
  const saved = await h.database.transaction(({ db }) => insertPublishPost(db, { userId, serverFileId: fileId, caption: `Resep ${crypto.randomUUID().slice(0, 6)}`, title: extra.title ?? null }, targets));
  for (const target of saved.targets) await enqueue(worker.boss, 'publish.target', { targetId: target.id }, { singletonKey: target.id });
  return saved;
}

const finalStatuses = ['published', 'sent_to_inbox', 'failed', 'cancelled'];
function targetFinal(id: string) {
  return until(`target ${id} to end`, async () => {
    const [row] = await h.database.db.select().from(publishTargets).where(eq(publishTargets.id, id));
    return row && finalStatuses.includes(row.status) ? row : undefined;
  }, 120_000);
}

beforeAll(async () => {
  world = await startPublishWorld({ name: 'publish-target', client, queues: 'publish.target,youtube.upload,webhook.deliver' });
  ({ h, tiktok, meta } = world);
  userId = await h.insertUser('penerbit');
  const made = await connectDestinations(world, { userId, client, username: 'dapurpublik', webhookUrl: 'https://hooks.example.com/x' });
  ids.tiktokPublic = made.tiktok;
  ids.tiktokOpenId = made.tiktokOpenId;
  ids.instagram = made.instagram;
  ids.facebook = made.facebook;
  ids.youtube = await connectFakeChannel(h.database, h.box, h.google, userId);
  worker = await h.startWorker();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('publish.target', () => {
  it('TikTok inbox draft: the same bytes, sent to the inbox', async () => {
    const file = await serverFile({ width: 540, height: 960 });
    const post = await publish(file.id, [{ platform: 'tiktok', accountId: ids.tiktokPublic, options: { mode: 'inbox' } }]);
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status).toBe('sent_to_inbox');
    expect(target.converted).toBe(false);
    const sent = tiktok.posts().filter((p) => p.publishId === target.remoteId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.mode).toBe('inbox');
    expect(sent[0]?.sha256).toBe(sha256(file.bytes));
  });

  it('TikTok direct post: published with its link, the privacy chosen', async () => {
    const file = await serverFile({ width: 540, height: 960 });
    const post = await publish(file.id, [{ platform: 'tiktok', accountId: ids.tiktokPublic, options: { mode: 'direct', privacyLevel: 'PUBLIC_TO_EVERYONE', disableComment: true } }]);
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status, target.reason ?? '').toBe('published');
    expect(target.link).toMatch(/^https:\/\/www\.tiktok\.com\/@dapurpublik\/video\/\d{19}$/);
    const sent = tiktok.posts().filter((p) => p.publishId === target.remoteId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postInfo).toMatchObject({ privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: true });
    expect(sent[0]?.sha256).toBe(sha256(file.bytes));
  });

  it("TikTok's FAILED status is the target's reason, with TikTok's words under Detail", async () => {
    const file = await serverFile({ width: 540, height: 960 });
    tiktok.failNextPost('duration_check_failed');
    const post = await publish(file.id, [{ platform: 'tiktok', accountId: ids.tiktokPublic, options: { mode: 'inbox' } }]);
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status).toBe('failed');
    expect(target.reason).toBeTruthy();
    expect(target.detail).toMatch(/duration_check_failed/);
  });

  it('Instagram and Facebook: a file with moov last goes as its +faststart conversion (converted true); one summary for the post', async () => {
    const file = await serverFile({ width: 540, height: 960, faststart: false });
    const post = await publish(file.id, [
      { platform: 'instagram', accountId: ids.instagram, options: { shareToFeed: true } },
      { platform: 'facebook', accountId: ids.facebook, options: {} },
    ]);
    const [instagram, facebook] = await Promise.all(post.targets.map((t) => targetFinal(t.id)));
    // The same remux, made here: stream copy, so the very bytes the worker sent.
    const expected = join(h.dataDir, `${crypto.randomUUID()}.mp4`);
    await convertToFit({ ffmpeg: 'ffmpeg' }, file.path, expected, { faststart: true, reencode: false });
    const converted = sha256(readFileSync(expected));
    expect(converted).not.toBe(sha256(file.bytes));
    for (const target of [instagram, facebook]) {
      expect(target?.status, target?.reason ?? '').toBe('published');
      expect(target?.converted).toBe(true);
    }
    const ig = meta.posts().filter((p) => p.platform === 'instagram' && p.remoteId === instagram?.remoteId);
    const fb = meta.posts().filter((p) => p.platform === 'facebook' && p.remoteId === facebook?.remoteId);
    expect(ig).toHaveLength(1);
    expect(fb).toHaveLength(1);
    expect(ig[0]?.sha256).toBe(converted);
    expect(fb[0]?.sha256).toBe(converted);
    expect(instagram?.link).toBeTruthy();
    expect(instagram?.remotePostId).toBe(ig[0]?.mediaId);

    const summaries = await h.database.db.select().from(notifications).where(eq(notifications.dedupeKey, `publish-post:${post.post.id}`));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.message).toMatch(/2 dari 2 tujuan berhasil/);
    const deliveries = await h.database.db.select().from(webhookDeliveries);
    const events = deliveries.map((d) => (d.payload as { type: string; data: { targetId: string } }).data.targetId);
    expect(events).toEqual(expect.arrayContaining([instagram?.id, facebook?.id]));
  });

  it('Facebook: a file that fits goes byte for byte', async () => {
    const file = await serverFile({ width: 540, height: 960 });
    const post = await publish(file.id, [{ platform: 'facebook', accountId: ids.facebook, options: {} }]);
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status, target.reason ?? '').toBe('published');
    expect(target.converted).toBe(false);
    const fb = meta.posts().filter((p) => p.remoteId === target.remoteId);
    expect(fb).toHaveLength(1);
    expect(fb[0]?.sha256).toBe(sha256(file.bytes));
  });

  it('YouTube: carried out by youtube.upload, whose outcome the target takes', async () => {
    const file = await serverFile({ width: 540, height: 960 });
    const post = await publish(file.id, [{ platform: 'youtube', youtubeAccountId: ids.youtube, options: { privacyStatus: 'unlisted' } }], { title: 'Resep di YouTube' });
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status, target.reason ?? '').toBe('published');
    expect(target.youtubeUploadId).toBeTruthy();
    expect(target.link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    const videos = h.google.uploads.filter((v) => v.snippet['title'] === 'Resep di YouTube');
    expect(videos).toHaveLength(1);
    expect(target.remotePostId).toBe(videos[0]?.id);
    // One post, one notification: the post's summary, not also the upload's own "berhasil".
    expect(await notificationsOf(post.post.id, target.youtubeUploadId)).toEqual([['publish.done', `publish-post:${post.post.id}`]]);
  });

  it("YouTube refusing the video: the post's one summary says so, with no second notification from the upload", async () => {
    const file = await serverFile({ width: 540, height: 960 });
    h.google.failNext('videos.insert', { status: 403, reason: 'forbidden' });
    const post = await publish(file.id, [{ platform: 'youtube', youtubeAccountId: ids.youtube, options: { privacyStatus: 'unlisted' } }], { title: 'Ditolak YouTube' });
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status).toBe('failed');
    expect(target.youtubeUploadId).toBeTruthy();
    const told = await notificationsOf(post.post.id, target.youtubeUploadId);
    expect(told).toEqual([['publish.failed', `publish-post:${post.post.id}`]]);
  });

  /** The member's notifications about one post and its YouTube upload: [kind, dedupe key]. */
  async function notificationsOf(postId: string, uploadId: string | null): Promise<Array<[string, string | null]>> {
    const rows = await h.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.dedupeKey, [`publish-post:${postId}`, `upload:${uploadId ?? ''}`]));
    return rows.map((n) => [n.kind, n.dedupeKey]);
  }

  /** A TikTok account of its own whose stored tokens are `change`d from freshly issued ones. */
  async function tiktokAccountWith(name: string, change: (tokens: Record<string, string>) => Record<string, string>): Promise<string> {
    const [base] = await h.database.db.select().from(publishAccounts).where(eq(publishAccounts.id, ids.tiktokPublic));
    const made = tiktokAccountValues(tiktok, h.box, { userId, clientSecretId: base?.clientSecretId ?? null, clientKey: client.clientKey, username: name });
    const stored = JSON.parse(h.box.open(made.values.sealedTokens)) as Record<string, string>;
    return insertPublishAccount(h, { ...made.values, sealedTokens: h.box.seal(JSON.stringify(change(stored))) });
  }
  const storedTokens = async (accountId: string) => {
    const [row] = await h.database.db.select().from(publishAccounts).where(eq(publishAccounts.id, accountId));
    return { row, tokens: JSON.parse(h.box.open(row?.sealedTokens ?? '')) as Record<string, string> };
  };

  it('an access token TikTok refuses before its time is refreshed once, forced, and the post goes out', async () => {
    // Not expired by our clock, refused by TikTok's (revoked early): access_token_invalid.
    const accountId = await tiktokAccountWith('dapursegar', (t) => ({ ...t, accessToken: 'act.dicabut-lebih-awal' }));
    const before = await storedTokens(accountId);
    const file = await serverFile({ width: 540, height: 960 });
    const post = await publish(file.id, [{ platform: 'tiktok', accountId, options: { mode: 'inbox' } }]);
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status, target.reason ?? '').toBe('sent_to_inbox');
    expect(tiktok.posts().filter((p) => p.publishId === target.remoteId)).toHaveLength(1);
    const after = await storedTokens(accountId);
    expect(after.row?.needsReconnect).toBe(false);
    // The rotated pair was saved (the old refresh token is dead from the moment TikTok answered).
    expect(after.tokens.accessToken).not.toBe('act.dicabut-lebih-awal');
    expect(after.tokens.refreshToken).not.toBe(before.tokens.refreshToken);
  });

  it('a token TikTok no longer knows, whose refresh is refused too, fails the target and marks the account for reconnecting', async () => {
    const revoked = await tiktokAccountWith('dapurdicabut', (t) => ({ ...t, accessToken: 'act.tidak-dikenal', refreshToken: 'rft.tidak-dikenal' }));
    const file = await serverFile({ width: 540, height: 960 });
    const post = await publish(file.id, [{ platform: 'tiktok', accountId: revoked, options: { mode: 'inbox' } }]);
    const target = await targetFinal(post.targets[0]?.id ?? '');
    expect(target.status).toBe('failed');
    expect(target.reason).toMatch(/dihubungkan ulang|tidak berlaku|kedaluwarsa/);
    expect(target.remoteId).toBeNull();
    const { row } = await storedTokens(revoked);
    expect(row?.needsReconnect).toBe(true);
  });
});
