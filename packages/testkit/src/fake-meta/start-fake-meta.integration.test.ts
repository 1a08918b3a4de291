// The fake Meta's own rules, spoken to with plain fetch (the adapter's tests are beside it).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMeta, type FakeMeta } from './start-fake-meta.ts';

/** The fields these tests read from Graph and rupload answers. */
interface Answer {
  id?: string;
  uri?: string;
  status_code?: string;
  offset?: number;
  video_id?: string;
  upload_url?: string;
  data?: { access_token?: string }[];
  error?: { code: number; error_subcode?: number; type?: string; fbtrace_id?: string };
  debug_info?: { type: string };
}

let fake: FakeMeta;
let igUserId: string;
let pageId: string;
let pageToken: string;
let media: Server;
const video = randomBytes(200_000);

beforeAll(async () => {
  fake = await startFakeMeta({ processingReads: 0 });
  const user = fake.addUser({
    name: 'Sari',
    pages: [{ name: 'Dapur', instagram: { username: 'dapur' } }],
  });
  pageId = user.pages[0]?.id ?? '';
  igUserId = user.pages[0]?.instagram?.id ?? '';
  media = createServer((_req, res) => res.end(video)).listen(0, '127.0.0.1');
  await new Promise((resolve) => media.once('listening', resolve));
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => media.close(resolve));
});
beforeEach(() => {
  fake.reset();
  pageToken = fake.issuePageToken(pageId);
});

async function graph(
  method: string,
  path: string,
  params: Record<string, string> = {},
  token = pageToken,
) {
  const url = new URL(`${fake.urls.graphBaseUrl}/${fake.version}/${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function rupload(
  url: string,
  bytes: Buffer,
  offset: number,
  fileSize: number,
  token = pageToken,
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `OAuth ${token}`,
      offset: String(offset),
      file_size: String(fileSize),
    },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

describe('fake Meta rules', () => {
  it('downloads a video_url container itself and finishes it', async () => {
    const { port } = media.address() as AddressInfo;
    const created = await graph('POST', `${igUserId}/media`, {
      media_type: 'REELS',
      video_url: `http://127.0.0.1:${port}/reel.mp4`,
      caption: 'dari url',
    });
    expect(created.status).toBe(200);
    expect(created.body.uri).toBeUndefined();
    const id = String(created.body.id);
    await expect
      .poll(async () => (await graph('GET', id, { fields: 'status_code' })).body.status_code, {
        timeout: 30_000,
      })
      .toBe('FINISHED');
    expect(fake.posts()[0]).toMatchObject({
      source: 'video_url',
      size: video.length,
      sha256: createHash('sha256').update(video).digest('hex'),
    });
  });

  it('refuses rupload at a wrong offset with the held one, and a changed file_size', async () => {
    const created = await graph('POST', `${igUserId}/media`, {
      media_type: 'REELS',
      upload_type: 'resumable',
    });
    const uri = String(created.body.uri);
    expect((await rupload(uri, video.subarray(0, 1000), 0, video.length)).status).toBe(200);
    const wrong = await rupload(uri, video.subarray(0, 1000), 0, video.length);
    expect(wrong).toMatchObject({
      status: 400,
      body: { offset: 1000, debug_info: { type: 'OffsetMismatch' } },
    });
    const size = await rupload(uri, video.subarray(1000), 1000, video.length + 1);
    expect(size.status).toBe(400);
    expect((await rupload(uri, video.subarray(1000), 1000, video.length)).status).toBe(200);
    expect(fake.posts()[0]?.sha256).toBe(createHash('sha256').update(video).digest('hex'));
    const bearer = await fetch(uri, {
      method: 'POST',
      headers: { authorization: `Bearer ${pageToken}` },
    });
    expect(bearer.status).toBe(401);
  });

  it('answers Graph errors in their shape: other versions, unknown ids, no token', async () => {
    const old = await fetch(`${fake.urls.graphBaseUrl}/v19.0/me`, {
      headers: { authorization: `Bearer ${pageToken}` },
    });
    expect(old.status).toBe(400);
    const unknown = await graph('GET', '123456789', { fields: 'id' });
    expect(unknown.body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
    });
    expect(typeof unknown.body.error?.fbtrace_id).toBe('string');
    const none = await fetch(`${fake.urls.graphBaseUrl}/${fake.version}/me`);
    expect(((await none.json()) as Answer).error?.code).toBe(2500);
  });

  it('does not count DRAFT reels against the Page limit', async () => {
    fake.setPublishingLimit(pageId, { total: 1 });
    const statuses: number[] = [];
    for (const state of ['DRAFT', 'PUBLISHED', 'PUBLISHED']) {
      const start = await graph('POST', `${pageId}/video_reels`, { upload_phase: 'start' });
      await rupload(String(start.body.upload_url), video, 0, video.length);
      const finish = await graph('POST', `${pageId}/video_reels`, {
        upload_phase: 'finish',
        video_id: String(start.body.video_id),
        video_state: state,
      });
      statuses.push(finish.status);
    }
    expect(statuses).toEqual([200, 200, 400]);
    expect(fake.posts().map((p) => p.videoState)).toEqual(['DRAFT', 'PUBLISHED', undefined]);
  });

  it('gives Page tokens of a short-lived user token the same end', async () => {
    const user = fake.issueUserToken({ longLived: false }).accessToken;
    const accounts = await graph('GET', 'me/accounts', { fields: 'id,access_token' }, user);
    const token = String(accounts.body.data?.[0]?.access_token);
    expect((await graph('GET', 'me', {}, token)).body.id).toBe(pageId);
    fake.expireTokens();
    expect((await graph('GET', 'me', {}, token)).body.error).toMatchObject({
      code: 190,
      error_subcode: 463,
    });
  });
});
