// Posting through the TikTok adapter against the fake: chunked FILE_UPLOAD (hashes compared
// with the file sent), inbox drafts and direct posts under the unaudited rules, resuming after
// a cut, statuses, and TikTok's refusals mapped to PublishError.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  fetchTikTokPostStatus,
  initTikTokPost,
  isTikTokStatusFinal,
  planTikTokChunks,
  tiktokChunkRange,
  tiktokFailedPostError,
  tiktokPostUrl,
  uploadTikTokFile,
  type TikTokChunkPlan,
  type TikTokDirectPostInfo,
  type TikTokPostStatus,
} from '@scrapper/integrations/tiktok';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTikTok, type FakeTikTok } from './start-fake-tiktok.ts';

const MIB = 1024 * 1024;
let fake: FakeTikTok;
let dir: string;
const files: Record<'small' | 'big' | 'resume', { path: string; size: number; sha256: string }> =
  {} as never;

async function makeFile(name: string, size: number) {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, size, sha256: createHash('sha256').update(bytes).digest('hex') };
}

beforeAll(async () => {
  fake = await startFakeTikTok();
  dir = await mkdtemp(join(tmpdir(), 'fake-tiktok-'));
  files.small = await makeFile('small.mp4', 1 * MIB + 17);
  files.big = await makeFile('big.mp4', 11 * MIB + 5); // 5 MB chunks: 2, the last 6 MB
  files.resume = await makeFile('resume.mp4', 16 * MIB + 3); // 3 chunks
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

const SELF_ONLY: TikTokDirectPostInfo = {
  title: 'Resep rendang #masak',
  privacyLevel: 'SELF_ONLY',
  disableComment: false,
  disableDuet: true,
  disableStitch: true,
  brandContentToggle: false,
  brandOrganicToggle: false,
};

function account(isPrivate: boolean, username = `user${randomBytes(3).toString('hex')}`) {
  const created = fake.addAccount({ username, displayName: username, isPrivate });
  return { ...created, accessToken: fake.issueTokens({ openId: created.openId }).accessToken };
}

/** Polls the status (each call advances the fake's processing) until it is final. */
async function settle(accessToken: string, publishId: string): Promise<TikTokPostStatus[]> {
  const seen: TikTokPostStatus[] = [];
  for (let i = 0; i < 10; i += 1) {
    const status = await fetchTikTokPostStatus({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      publishId,
    });
    seen.push(status);
    if (isTikTokStatusFinal(status.status)) break;
  }
  return seen;
}

async function post(
  accessToken: string,
  file: { path: string; size: number },
  mode: 'inbox' | 'direct',
  postInfo: TikTokDirectPostInfo = SELF_ONLY,
  plan: TikTokChunkPlan = planTikTokChunks(file.size, 5 * MIB),
) {
  const call = { apiBaseUrl: fake.urls.apiBaseUrl, accessToken, plan };
  const started = await initTikTokPost(
    mode === 'inbox' ? { ...call, mode } : { ...call, mode, postInfo },
  );
  const progress: number[] = [];
  await uploadTikTokFile({
    uploadUrl: started.uploadUrl,
    path: file.path,
    size: file.size,
    plan,
    onProgress: (sent) => progress.push(sent),
  });
  return { ...started, plan, progress };
}

describe('inbox drafts (video.upload)', () => {
  it('uploads a file under 5 MB whole and ends SEND_TO_USER_INBOX', async () => {
    const { accessToken } = fake.issueTokens();
    const sent = await post(accessToken, files.small, 'inbox');
    expect(sent.plan.totalChunkCount).toBe(1);
    expect(sent.progress.at(-1)).toBe(files.small.size);
    const statuses = await settle(accessToken, sent.publishId);
    expect(statuses.map((s) => s.status)).toEqual(['PROCESSING_DOWNLOAD', 'SEND_TO_USER_INBOX']);
    const posts = fake.posts();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      publishId: sent.publishId,
      mode: 'inbox',
      videoSize: files.small.size,
      receivedBytes: files.small.size,
      sha256: files.small.sha256,
      status: 'SEND_TO_USER_INBOX',
      postInfo: undefined,
    });
    expect(posts[0]?.puts.map((p) => p.status)).toEqual([201]);
  });

  it('uploads a file over 5 MB in ordered chunks (206, then 201); the hash matches', async () => {
    const { accessToken } = fake.issueTokens();
    const sent = await post(accessToken, files.big, 'inbox');
    expect(sent.plan).toEqual({
      videoSize: files.big.size,
      chunkSize: 5 * MIB,
      totalChunkCount: 2,
    });
    const [only] = fake.posts();
    expect(only?.puts.map((p) => [p.contentRange, p.status])).toEqual([
      [`bytes 0-${5 * MIB - 1}/${files.big.size}`, 206],
      [`bytes ${5 * MIB}-${files.big.size - 1}/${files.big.size}`, 201],
    ]);
    expect(only?.sha256).toBe(files.big.sha256);
    expect((await settle(accessToken, sent.publishId)).at(-1)?.status).toBe('SEND_TO_USER_INBOX');
  });

  it('refuses a sixth pending draft in 24 h: spam_risk_too_many_pending_share', async () => {
    const { accessToken } = fake.issueTokens();
    const plan = planTikTokChunks(files.small.size);
    const call = { apiBaseUrl: fake.urls.apiBaseUrl, accessToken, plan, mode: 'inbox' as const };
    const first = await initTikTokPost(call);
    for (let i = 0; i < 4; i += 1) await initTikTokPost(call);
    const error = await initTikTokPost(call).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 403,
      code: 'spam_risk_too_many_pending_share',
      retryable: false,
    });
    expect((error as Error & { userMessage: string }).userMessage).toMatch(/5 draf/);
    // Once the creator dealt with a draft in the app, one more fits (another token: 6/min each).
    fake.finishInboxDraft(first.publishId);
    const other = fake.issueTokens().accessToken;
    await expect(initTikTokPost({ ...call, accessToken: other })).resolves.toMatchObject({
      publishId: expect.stringMatching(/^v_inbox_file~/),
    });
  });
});

describe('direct posts (video.publish) and the unaudited rules', () => {
  it('refuses public privacy from an unaudited client, and SELF_ONLY to a public account', async () => {
    const open = account(false);
    const plan = planTikTokChunks(files.small.size);
    const call = {
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken: open.accessToken,
      plan,
      mode: 'direct' as const,
    };
    for (const privacyLevel of ['PUBLIC_TO_EVERYONE', 'SELF_ONLY']) {
      const error = await initTikTokPost({
        ...call,
        postInfo: { ...SELF_ONLY, privacyLevel },
      }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        platform: 'tiktok',
        status: 403,
        code: 'unaudited_client_can_only_post_to_private_accounts',
        retryable: false,
      });
      expect((error as Error & { userMessage: string }).userMessage).toMatch(/Hanya saya/);
    }
    expect(fake.posts()).toEqual([]);
  });

  it('accepts SELF_ONLY on a private account: uploaded, then PUBLISH_COMPLETE (no public id)', async () => {
    const hidden = account(true);
    const sent = await post(hidden.accessToken, files.big, 'direct');
    const statuses = await settle(hidden.accessToken, sent.publishId);
    expect(statuses.map((s) => s.status)).toEqual(['PROCESSING_DOWNLOAD', 'PUBLISH_COMPLETE']);
    expect(statuses.at(-1)?.publicPostIds).toEqual([]);
    const [only] = fake.posts();
    expect(only).toMatchObject({
      mode: 'direct',
      openId: hidden.openId,
      sha256: files.big.sha256,
      status: 'PUBLISH_COMPLETE',
      postInfo: {
        title: 'Resep rendang #masak',
        privacy_level: 'SELF_ONLY',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
    });
  });

  it('an audited client posts publicly; the public post id comes back exact (int64)', async () => {
    fake.setUnaudited(false);
    const open = account(false);
    const sent = await post(open.accessToken, files.small, 'direct', {
      ...SELF_ONLY,
      privacyLevel: 'PUBLIC_TO_EVERYONE',
    });
    const final = (await settle(open.accessToken, sent.publishId)).at(-1);
    const postId = fake.posts()[0]?.postId ?? '';
    expect(postId).toMatch(/^\d{19}$/);
    expect(final).toMatchObject({ status: 'PUBLISH_COMPLETE', publicPostIds: [postId] });
    expect(tiktokPostUrl(open.username, postId)).toBe(
      `https://www.tiktok.com/@${open.username}/video/${postId}`,
    );
  });

  it('refuses a privacy the account does not offer: privacy_level_option_mismatch', async () => {
    const hidden = account(true); // private: FOLLOWER_OF_CREATOR instead of PUBLIC_TO_EVERYONE
    fake.setUnaudited(false);
    const error = await initTikTokPost({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken: hidden.accessToken,
      plan: planTikTokChunks(files.small.size),
      mode: 'direct',
      postInfo: { ...SELF_ONLY, privacyLevel: 'PUBLIC_TO_EVERYONE' },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: 'privacy_level_option_mismatch' });
    expect((error as Error & { userMessage: string }).userMessage).toMatch(/privasi/);
  });

  it('caps an unaudited client at 5 posting accounts a day: reached_active_user_cap', async () => {
    const plan = planTikTokChunks(files.small.size);
    const init = (accessToken: string) =>
      initTikTokPost({
        apiBaseUrl: fake.urls.apiBaseUrl,
        accessToken,
        plan,
        mode: 'direct',
        postInfo: SELF_ONLY,
      });
    const five = Array.from({ length: 5 }, () => account(true));
    for (const one of five) await init(one.accessToken);
    const sixth = account(true);
    const error = await init(sixth.accessToken).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 403, code: 'reached_active_user_cap', retryable: false });
    expect((error as Error & { userMessage: string }).userMessage).toMatch(/5 akun sehari/);
    // The five may go on posting.
    await expect(init(five[0]?.accessToken ?? '')).resolves.toMatchObject({
      publishId: expect.any(String),
    });
  });

  it('caps direct posts per account a day: spam_risk_too_many_posts', async () => {
    fake.setRules({ dailyDirectPostCap: 2 });
    const hidden = account(true);
    const call = {
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken: hidden.accessToken,
      plan: planTikTokChunks(files.small.size),
      mode: 'direct' as const,
      postInfo: SELF_ONLY,
    };
    await initTikTokPost(call);
    await initTikTokPost(call);
    const error = await initTikTokPost(call).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 403,
      code: 'spam_risk_too_many_posts',
      retryable: false,
    });
    expect((error as Error & { userMessage: string }).userMessage).toMatch(/Coba lagi besok/);
  });

  it('rate-limits init at 6 a minute per token: 429 rate_limit_exceeded, retryable', async () => {
    const { accessToken } = fake.issueTokens();
    fake.setRules({ pendingInboxCap: 100 });
    const call = {
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      plan: planTikTokChunks(10),
      mode: 'inbox' as const,
    };
    for (let i = 0; i < 6; i += 1) await initTikTokPost(call);
    await expect(initTikTokPost(call)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
      retryable: true,
    });
    expect(fake.requests.at(-1)).toMatchObject({ endpoint: 'post.inboxVideoInit', status: 429 });
  });

  it('reports FAILED with fail_reason through a test control', async () => {
    const hidden = account(true);
    fake.failNextPost('duration_check_failed');
    const sent = await post(hidden.accessToken, files.small, 'direct');
    const final = (await settle(hidden.accessToken, sent.publishId)).at(-1);
    expect(final).toMatchObject({ status: 'FAILED', failReason: 'duration_check_failed' });
    expect(tiktokFailedPostError(final?.failReason ?? '', sent.publishId).userMessage).toMatch(
      /Durasi video/,
    );
  });
});

describe('resuming an upload', () => {
  it('resumes after a cut from the status uploaded_bytes: same hash, one post', async () => {
    const hidden = account(true);
    const plan = planTikTokChunks(files.resume.size, 5 * MIB);
    expect(plan.totalChunkCount).toBe(3);
    const call = { apiBaseUrl: fake.urls.apiBaseUrl, accessToken: hidden.accessToken };
    const started = await initTikTokPost({ ...call, plan, mode: 'direct', postInfo: SELF_ONLY });
    const upload = {
      uploadUrl: started.uploadUrl,
      path: files.resume.path,
      size: files.resume.size,
      plan,
    };

    // The first chunk arrives; the second breaks off halfway (a worker killed, a network cut).
    fake.cutNextUpload(2 * MIB, { chunk: 1 });
    const cut = await uploadTikTokFile(upload).catch((caught: unknown) => caught);
    expect(cut).toMatchObject({ platform: 'tiktok', status: null, retryable: true });

    const status = await fetchTikTokPostStatus({ ...call, publishId: started.publishId });
    expect(status.status).toBe('PROCESSING_UPLOAD');
    const from = status.uploadedBytes ?? 0;
    expect(from).toBe(5 * MIB);

    const resumed = await uploadTikTokFile({ ...upload, fromByte: from + 123 });
    expect(resumed.chunksSent).toBe(2);
    const posts = fake.posts();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.puts.map((p) => p.status)).toEqual([206, 0, 206, 201]);
    expect(posts[0]?.sha256).toBe(files.resume.sha256);
    expect((await settle(hidden.accessToken, started.publishId)).at(-1)?.status).toBe(
      'PUBLISH_COMPLETE',
    );
  });

  it('stops at once when cancelled: the abort reason, not a PublishError; nothing counted', async () => {
    const { accessToken } = fake.issueTokens();
    const plan = planTikTokChunks(files.big.size, 5 * MIB);
    const started = await initTikTokPost({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      plan,
      mode: 'inbox',
    });
    const controller = new AbortController();
    const stopped = await uploadTikTokFile({
      uploadUrl: started.uploadUrl,
      path: files.big.path,
      size: files.big.size,
      plan,
      signal: controller.signal,
      onProgress: (sent) => {
        if (sent > MIB) controller.abort(new Error('dibatalkan'));
      },
    }).catch((caught: unknown) => caught);
    expect(stopped).toEqual(new Error('dibatalkan'));
    const status = await fetchTikTokPostStatus({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      publishId: started.publishId,
    });
    expect(status).toMatchObject({ status: 'PROCESSING_UPLOAD', uploadedBytes: 0 });
  });

  it('holds answers after TikTok acted: the chunk is kept while the client waits, then resumes', async () => {
    const hidden = account(true);
    const plan = planTikTokChunks(files.big.size, 5 * MIB);
    const call = { apiBaseUrl: fake.urls.apiBaseUrl, accessToken: hidden.accessToken };
    const started = await initTikTokPost({ ...call, plan, mode: 'direct', postInfo: SELF_ONLY });
    fake.holdAnswers('post.upload', true);
    const controller = new AbortController();
    const upload = {
      uploadUrl: started.uploadUrl,
      path: files.big.path,
      size: files.big.size,
      plan,
    };
    const waiting = uploadTikTokFile({ ...upload, signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    // The worker "dies" once TikTok kept the first chunk but before the 206 reached it.
    await fake.waitForHeldAnswer('post.upload');
    expect(fake.heldAnswers).toBe(1);
    expect(fake.posts()[0]).toMatchObject({ chunksReceived: 1, receivedBytes: 5 * MIB });
    controller.abort(new Error('SIGKILL'));
    expect(await waiting).toEqual(new Error('SIGKILL'));
    fake.holdAnswers('post.upload', false);
    expect(fake.heldAnswers).toBe(0);

    const status = await fetchTikTokPostStatus({ ...call, publishId: started.publishId });
    expect(status.uploadedBytes).toBe(5 * MIB);
    await uploadTikTokFile({ ...upload, fromByte: status.uploadedBytes });
    expect(fake.posts()).toHaveLength(1);
    expect(fake.posts()[0]?.sha256).toBe(files.big.sha256);
  });

  it('resumes after the first chunk was sent by hand (status says 5 MB held)', async () => {
    const { accessToken } = fake.issueTokens();
    const plan = planTikTokChunks(files.resume.size, 5 * MIB);
    const started = await initTikTokPost({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      plan,
      mode: 'inbox',
    });
    const { start, end } = tiktokChunkRange(plan, 0);
    const bytes = (await readFile(files.resume.path)).subarray(start, end + 1);
    const first = await fetch(started.uploadUrl, {
      method: 'PUT',
      headers: {
        'content-type': 'video/mp4',
        'content-range': `bytes ${start}-${end}/${files.resume.size}`,
      },
      body: bytes,
    });
    expect(first.status).toBe(206);
    const status = await fetchTikTokPostStatus({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      publishId: started.publishId,
    });
    expect(status).toMatchObject({ status: 'PROCESSING_UPLOAD', uploadedBytes: 5 * MIB });
    const resumed = await uploadTikTokFile({
      uploadUrl: started.uploadUrl,
      path: files.resume.path,
      size: files.resume.size,
      plan,
      fromByte: status.uploadedBytes,
    });
    expect(resumed.chunksSent).toBe(2);
    expect(fake.posts()).toHaveLength(1);
    expect(fake.posts()[0]).toMatchObject({ sha256: files.resume.sha256, chunksReceived: 3 });
  });
});
