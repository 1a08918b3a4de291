// Instagram Reels and Facebook Page Reels through our Meta adapter against the fake Meta: a
// generated file in a tmp dir goes out by rupload, arrives with the same sha256, and is
// published exactly once; resuming after a cut, limits and the errors on the way.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createReelContainer,
  listRecentMedia,
  finishPageReel,
  listMetaDestinations,
  publishReel,
  readContainerStatus,
  readMediaPermalink,
  readPageReelStatus,
  readPublishingLimit,
  startPageReel,
  uploadPageReelBytes,
  uploadReelBytes,
  type MetaDestination,
  type MetaEndpoints,
} from '@scrapper/integrations/meta';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusal } from './publish-refusal.ts';
import { startFakeMeta, type FakeMeta } from './start-fake-meta.ts';

let fake: FakeMeta;
let endpoints: MetaEndpoints;
let dir: string;
let file: string;
let sha256: string;
const SIZE = 3 * 1024 * 1024 + 123;
let ig: MetaDestination;
let page: MetaDestination;

beforeAll(async () => {
  fake = await startFakeMeta({ apps: [{ appId: '7100', appSecret: 's' }] });
  fake.addUser({
    name: 'Sari',
    pages: [{ name: 'Dapur Sari', instagram: { username: 'dapursari' } }],
  });
  endpoints = { ...fake.urls, graphVersion: fake.version };
  dir = await mkdtemp(join(tmpdir(), 'fake-meta-'));
  const bytes = randomBytes(SIZE);
  sha256 = createHash('sha256').update(bytes).digest('hex');
  file = join(dir, 'reel.mp4');
  await writeFile(file, bytes);
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fake.reset();
  // Fresh tokens each time: a test may kill every token issued so far (expireTokens).
  const destinations = await listMetaDestinations(endpoints, fake.issueUserToken().accessToken);
  ig = destinations.find((d) => d.platform === 'instagram') as MetaDestination;
  page = destinations.find((d) => d.platform === 'facebook') as MetaDestination;
});

/** A Page reel started and every byte sent; its video id. */
async function uploadedPageReel(): Promise<string> {
  const { videoId, uploadUrl } = await startPageReel(endpoints, {
    pageId: page.remoteId,
    token: page.token,
  });
  await uploadPageReelBytes({ uploadUrl, token: page.token, filePath: file });
  return videoId;
}

/** finish with the Page's token. */
async function finish(
  videoId: string,
  state: 'PUBLISHED' | 'SCHEDULED',
  description = '',
  scheduledAt?: Date,
): Promise<void> {
  await finishPageReel(endpoints, {
    pageId: page.remoteId,
    token: page.token,
    videoId,
    description,
    state,
    ...(scheduledAt ? { scheduledAt } : {}),
  });
}

async function igContainer(caption = 'Resep sambal #dapur'): Promise<string> {
  const container = await createReelContainer(endpoints, {
    igUserId: ig.remoteId,
    token: ig.token,
    caption,
    shareToFeed: true,
  });
  await uploadReelBytes({ uploadUrl: container.uploadUrl, token: ig.token, filePath: file });
  return container.containerId;
}

describe('Instagram Reels', () => {
  it('uploads a file by rupload, refuses publishing before FINISHED, then publishes it once', async () => {
    const limit = await readPublishingLimit(endpoints, ig.remoteId, ig.token);
    expect(limit).toEqual({ used: 0, total: 50, windowSecs: 86_400 });
    const container = await createReelContainer(endpoints, {
      igUserId: ig.remoteId,
      token: ig.token,
      caption: 'Resep sambal #dapur',
      shareToFeed: true,
    });
    expect(container.uploadUrl).toBe(
      `${fake.urls.uploadBaseUrl}/ig-api-upload/v24.0/${container.containerId}`,
    );
    const progress: number[] = [];
    await uploadReelBytes({
      uploadUrl: container.uploadUrl,
      token: ig.token,
      filePath: file,
      onProgress: (sent) => progress.push(sent),
    });
    expect(progress.at(-1)).toBe(SIZE);

    const early = await refusal(
      publishReel(endpoints, {
        igUserId: ig.remoteId,
        containerId: container.containerId,
        token: ig.token,
      }),
    );
    expect(early).toMatchObject({
      platform: 'instagram',
      code: '9007',
      subcode: 2207027,
      retryable: true,
    });

    expect((await readContainerStatus(endpoints, container.containerId, ig.token)).statusCode).toBe(
      'IN_PROGRESS',
    );
    expect((await readContainerStatus(endpoints, container.containerId, ig.token)).statusCode).toBe(
      'FINISHED',
    );
    const { mediaId } = await publishReel(endpoints, {
      igUserId: ig.remoteId,
      containerId: container.containerId,
      token: ig.token,
    });
    expect((await readContainerStatus(endpoints, container.containerId, ig.token)).statusCode).toBe(
      'PUBLISHED',
    );
    expect(await readMediaPermalink(endpoints, mediaId, ig.token)).toMatch(
      /^https:\/\/www\.instagram\.com\/reel\//,
    );
    expect(fake.posts()).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        target: ig.remoteId,
        caption: 'Resep sambal #dapur',
        shareToFeed: true,
        size: SIZE,
        sha256,
        state: 'published',
        mediaId,
      }),
    ]);
    expect((await readPublishingLimit(endpoints, ig.remoteId, ig.token)).used).toBe(1);
  });

  it('finds a reel whose publish answer was lost, and never publishes it twice', async () => {
    fake.setProcessingReads(0);
    const id = await igContainer('Sambal bawang #resep');
    expect((await readContainerStatus(endpoints, id, ig.token)).statusCode).toBe('FINISHED');
    fake.loseNextAnswer('ig.media.publish');
    const lost = await refusal(
      publishReel(endpoints, { igUserId: ig.remoteId, containerId: id, token: ig.token }),
    );
    expect(lost).toMatchObject({ status: null, retryable: true });
    // A retry reads the container first: published already.
    expect((await readContainerStatus(endpoints, id, ig.token)).statusCode).toBe('PUBLISHED');
    const [newest] = await listRecentMedia(endpoints, ig.remoteId, ig.token, { limit: 5 });
    expect(newest).toMatchObject({
      mediaId: fake.posts()[0]?.mediaId,
      caption: 'Sambal bawang #resep',
      permalink: fake.posts()[0]?.permalink,
    });
    expect(
      await refusal(
        publishReel(endpoints, { igUserId: ig.remoteId, containerId: id, token: ig.token }),
      ),
    ).toMatchObject({ code: '100', retryable: false });
    expect(fake.posts().filter((p) => p.state === 'published')).toHaveLength(1);
  });

  it('resumes after a cut where Meta says it holds the bytes: one post, same hash', async () => {
    const container = await createReelContainer(endpoints, {
      igUserId: ig.remoteId,
      token: ig.token,
      caption: 'x',
    });
    fake.cutNextUpload(1_000_000);
    const cut = await refusal(
      uploadReelBytes({ uploadUrl: container.uploadUrl, token: ig.token, filePath: file }),
    );
    expect(cut).toMatchObject({ status: null, retryable: true });
    expect(fake.posts()[0]?.bytes).toBe(1_000_000);
    // A retry that knows nothing starts at 0; rupload says 1,000,000 and the rest goes from there.
    const resumed = await uploadReelBytes({
      uploadUrl: container.uploadUrl,
      token: ig.token,
      filePath: file,
    });
    expect(resumed.startedAt).toBe(1_000_000);
    expect(fake.posts()[0]?.uploads.map((u) => [u.offset, u.bytes, u.status])).toEqual([
      [0, 1_000_000, 0],
      [0, 0, 400],
      [1_000_000, SIZE - 1_000_000, 200],
    ]);
    await readContainerStatus(endpoints, container.containerId, ig.token);
    await readContainerStatus(endpoints, container.containerId, ig.token);
    await publishReel(endpoints, {
      igUserId: ig.remoteId,
      containerId: container.containerId,
      token: ig.token,
    });
    expect(fake.posts()).toHaveLength(1);
    expect(fake.posts()[0]).toMatchObject({ sha256, state: 'published' });
  });

  it("stops sending when the signal aborts, with the signal's reason (not a PublishError)", async () => {
    const container = await createReelContainer(endpoints, {
      igUserId: ig.remoteId,
      token: ig.token,
      caption: '',
    });
    const controller = new AbortController();
    const reason = new Error('dibatalkan');
    const outcome = await uploadReelBytes({
      uploadUrl: container.uploadUrl,
      token: ig.token,
      filePath: file,
      signal: controller.signal,
      onProgress: (sent) => {
        if (sent >= 1_000_000) controller.abort(reason);
      },
    }).catch((error: unknown) => error);
    expect(outcome).toBe(reason);
    expect(fake.posts()[0]?.sha256).toBeUndefined();
  });

  it('reads and enforces the publishing limit (9 / 2207042)', async () => {
    fake.setPublishingLimit(ig.remoteId, { total: 3, used: 3 });
    expect(await readPublishingLimit(endpoints, ig.remoteId, ig.token)).toEqual({
      used: 3,
      total: 3,
      windowSecs: 86_400,
    });
    const id = await igContainer();
    await readContainerStatus(endpoints, id, ig.token);
    expect((await readContainerStatus(endpoints, id, ig.token)).statusCode).toBe('FINISHED');
    const full = await refusal(
      publishReel(endpoints, { igUserId: ig.remoteId, containerId: id, token: ig.token }),
    );
    expect(full).toMatchObject({ code: '9', subcode: 2207042, retryable: false });
    expect(full.userMessage).toMatch(/batas posting/);
    expect(fake.posts()[0]?.state).toBe('finished');
  });

  it('reports a container that ends in ERROR with its subcode in plain words', async () => {
    fake.setContainerOutcome({ errorSubcode: 2207082 });
    const id = await igContainer();
    await readContainerStatus(endpoints, id, ig.token);
    const status = await readContainerStatus(endpoints, id, ig.token);
    expect(status).toMatchObject({ statusCode: 'ERROR', errorSubcode: 2207082 });
    expect(status.error?.userMessage).toMatch(
      /audio ditambahkan pada video yang tidak memiliki suara/,
    );
  });

  it('reports an EXPIRED container, and refuses publishing it (2207020)', async () => {
    fake.setProcessingReads(0);
    const id = await igContainer();
    fake.expireContainers();
    const status = await readContainerStatus(endpoints, id, ig.token);
    expect(status.statusCode).toBe('EXPIRED');
    expect(status.error).toMatchObject({ subcode: 2207020 });
    const refused = await refusal(
      publishReel(endpoints, { igUserId: ig.remoteId, containerId: id, token: ig.token }),
    );
    expect(refused).toMatchObject({ subcode: 2207020, retryable: false });
  });

  it('refuses a token without instagram_content_publish (10) and a dead one on rupload (reconnect)', async () => {
    const limited = fake.issuePageToken(page.pageId, {
      scopes: ['pages_show_list', 'instagram_basic'],
    });
    expect(
      await refusal(
        createReelContainer(endpoints, { igUserId: ig.remoteId, token: limited, caption: '' }),
      ),
    ).toMatchObject({ code: '10', reconnect: true });
    const container = await createReelContainer(endpoints, {
      igUserId: ig.remoteId,
      token: ig.token,
      caption: '',
    });
    fake.expireTokens();
    expect(
      await refusal(
        uploadReelBytes({ uploadUrl: container.uploadUrl, token: ig.token, filePath: file }),
      ),
    ).toMatchObject({ status: 401, reconnect: true });
  });

  it('maps injected rate limits and server errors on Instagram calls', async () => {
    fake.failNext('ig.media.create', { code: 32, message: '(#32) Page request limit reached' });
    expect(
      await refusal(
        createReelContainer(endpoints, { igUserId: ig.remoteId, token: ig.token, caption: '' }),
      ),
    ).toMatchObject({ code: '32', retryable: true });
    fake.failNext('ig.upload', { status: 503 });
    const container = await createReelContainer(endpoints, {
      igUserId: ig.remoteId,
      token: ig.token,
      caption: '',
    });
    expect(
      await refusal(
        uploadReelBytes({ uploadUrl: container.uploadUrl, token: ig.token, filePath: file }),
      ),
    ).toMatchObject({ status: 503, retryable: true });
  });
});

describe('Facebook Page Reels', () => {
  it('starts, uploads, finishes PUBLISHED and reads the status back', async () => {
    const { videoId, uploadUrl } = await startPageReel(endpoints, {
      pageId: page.remoteId,
      token: page.token,
    });
    expect(uploadUrl).toBe(`${fake.urls.uploadBaseUrl}/video-upload/v24.0/${videoId}`);
    await uploadPageReelBytes({ uploadUrl, token: page.token, filePath: file });
    await finish(videoId, 'PUBLISHED', 'Sambal matah');
    const processing = await readPageReelStatus(endpoints, videoId, page.token);
    expect(processing).toMatchObject({
      uploadStatus: 'complete',
      bytesTransferred: SIZE,
      processingStatus: 'in_progress',
    });
    const done = await readPageReelStatus(endpoints, videoId, page.token);
    expect(done).toMatchObject({
      videoStatus: 'ready',
      publishStatus: 'published',
      permalinkUrl: `https://www.facebook.com/reel/${videoId}`,
    });
    // A finish repeated after a lost answer changes nothing.
    await finish(videoId, 'PUBLISHED', 'x');
    expect(fake.posts()).toEqual([
      expect.objectContaining({
        platform: 'facebook',
        target: page.remoteId,
        caption: 'Sambal matah',
        size: SIZE,
        sha256,
        state: 'published',
      }),
    ]);
  });

  it('schedules a reel in the future and refuses a time too close', async () => {
    const videoId = await uploadedPageReel();
    const soon = await refusal(
      finish(videoId, 'SCHEDULED', 'Besok', new Date(Date.now() + 60_000)),
    );
    expect(soon).toMatchObject({ code: '100', retryable: false });
    const at = new Date(Date.now() + 86_400_000);
    await finish(videoId, 'SCHEDULED', 'Besok', at);
    await readPageReelStatus(endpoints, videoId, page.token);
    expect((await readPageReelStatus(endpoints, videoId, page.token)).publishStatus).toBe(
      'scheduled',
    );
    expect(fake.posts()[0]).toMatchObject({
      state: 'scheduled',
      scheduledPublishTime: Math.floor(at.getTime() / 1000),
    });
  });

  it('resumes from bytes_transferred after a cut: one reel, same hash', async () => {
    const { videoId, uploadUrl } = await startPageReel(endpoints, {
      pageId: page.remoteId,
      token: page.token,
    });
    fake.cutNextUpload(2_000_000);
    expect(
      await refusal(uploadPageReelBytes({ uploadUrl, token: page.token, filePath: file })),
    ).toMatchObject({
      retryable: true,
    });
    const status = await readPageReelStatus(endpoints, videoId, page.token);
    expect(status).toMatchObject({ uploadStatus: 'in_progress', bytesTransferred: 2_000_000 });
    await uploadPageReelBytes({
      uploadUrl,
      token: page.token,
      filePath: file,
      offset: status.bytesTransferred,
    });
    await finish(videoId, 'PUBLISHED', '');
    expect(fake.posts()).toHaveLength(1);
    expect(fake.posts()[0]).toMatchObject({ sha256, bytes: SIZE });
    expect(fake.posts()[0]?.uploads.map((u) => u.offset)).toEqual([0, 2_000_000]);
  });

  it('reads a reel whose finish answer was lost as published, and a repeated finish counts nothing', async () => {
    fake.setPublishingLimit(page.remoteId, { total: 1 });
    fake.setProcessingReads(0);
    const videoId = await uploadedPageReel();
    fake.loseNextAnswer('fb.reels.finish');
    expect(await refusal(finish(videoId, 'PUBLISHED', 'Hilang'))).toMatchObject({
      retryable: true,
    });
    expect((await readPageReelStatus(endpoints, videoId, page.token)).publishStatus).toBe(
      'published',
    );
    await finish(videoId, 'PUBLISHED', 'Hilang');
    expect(fake.posts().filter((p) => p.publishedAt)).toHaveLength(1);
  });

  it('refuses finishing before every byte arrived (6000)', async () => {
    const { videoId } = await startPageReel(endpoints, {
      pageId: page.remoteId,
      token: page.token,
    });
    const early = await refusal(finish(videoId, 'PUBLISHED', ''));
    expect(early).toMatchObject({ code: '6000', retryable: true });
  });

  it('enforces 30 reels a rolling day per Page (code 9)', async () => {
    fake.setPublishingLimit(page.remoteId, { used: 30 });
    const videoId = await uploadedPageReel();
    const full = await refusal(finish(videoId, 'PUBLISHED', ''));
    expect(full).toMatchObject({ code: '9', retryable: false });
    expect(full.userMessage).toMatch(/30 Reels/);
  });

  it('needs a Page token: a user token is refused (200)', async () => {
    const user = fake.issueUserToken().accessToken;
    expect(
      await refusal(startPageReel(endpoints, { pageId: page.remoteId, token: user })),
    ).toMatchObject({
      code: '200',
      reconnect: true,
    });
  });
});
