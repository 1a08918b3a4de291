// The fake TikTok itself over raw HTTP: the rules the adapter never breaks (so its tests cannot
// show them) and the test controls. The adapter against it: oauth and post .integration.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTikTok, type FakeTikTok } from './start-fake-tiktok.ts';

const MIB = 1024 * 1024;
let fake: FakeTikTok;
let token: string;

beforeAll(async () => {
  fake = await startFakeTikTok({ unaudited: false, rules: { pendingInboxCap: 1000 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  token = fake.issueTokens().accessToken;
});

/** The fields these tests read (each answer has some of them). */
interface Answer {
  data: { upload_url: string; publish_id: string; status: string; uploaded_bytes: number };
  error: { code: string; message: string; log_id: string };
}

async function api(path: string, body: unknown): Promise<{ status: number; json: Answer }> {
  const response = await fetch(`${fake.urls.apiBaseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json; charset=UTF-8',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Answer };
}

const inbox = (source_info: Record<string, unknown>) =>
  api('/v2/post/publish/inbox/video/init/', { source_info });

function put(url: string, range: string, bytes: Buffer, type = 'video/mp4'): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    headers: { 'content-type': type, 'content-range': range },
    body: bytes,
  });
}

describe('FILE_UPLOAD chunk rules at init', () => {
  it.each([
    [
      'a 6 MB file in one chunk of 4 MB',
      { video_size: 6 * MIB, chunk_size: 4 * MIB, total_chunk_count: 1 },
    ],
    [
      'a 3 MB file in two chunks',
      { video_size: 3 * MIB, chunk_size: 1.5 * MIB, total_chunk_count: 2 },
    ],
    [
      'count not floor(size / chunk)',
      { video_size: 12 * MIB, chunk_size: 5 * MIB, total_chunk_count: 3 },
    ],
    ['chunks over 64 MB', { video_size: 130 * MIB, chunk_size: 65 * MIB, total_chunk_count: 2 }],
    ['a whole 100 MB file', { video_size: 100 * MIB, chunk_size: 100 * MIB, total_chunk_count: 1 }],
    [
      'a last chunk over 128 MB',
      { video_size: 64 * MIB + 129 * MIB, chunk_size: 64 * MIB, total_chunk_count: 1 },
    ],
    ['1001 chunks', { video_size: 1001 * 5 * MIB, chunk_size: 5 * MIB, total_chunk_count: 1001 }],
    ['no sizes', {}],
  ])('refuses %s with 400 invalid_params', async (_name, sizes) => {
    const { status, json } = await inbox({ source: 'FILE_UPLOAD', ...sizes });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      data: {},
      error: { code: 'invalid_params', log_id: expect.stringMatching(/^\d{14}/) },
    });
  });

  it('accepts the rules: under 5 MB whole, 5-64 MB whole, the last chunk taking the rest', async () => {
    for (const sizes of [
      { video_size: 4 * MIB, chunk_size: 4 * MIB, total_chunk_count: 1 },
      { video_size: 30 * MIB, chunk_size: 30 * MIB, total_chunk_count: 1 },
      { video_size: 130 * MIB, chunk_size: 64 * MIB, total_chunk_count: 2 },
    ]) {
      const { status, json } = await inbox({ source: 'FILE_UPLOAD', ...sizes });
      expect(status).toBe(200);
      expect(json.error).toMatchObject({ code: 'ok', message: '' });
      expect(json.data.upload_url).toContain('/video/?upload_id=');
    }
  });

  it('refuses PULL_FROM_URL from an unverified domain: url_ownership_unverified', async () => {
    const { status, json } = await inbox({
      source: 'PULL_FROM_URL',
      video_url: 'https://example.com/v.mp4',
    });
    expect(status).toBe(403);
    expect(json.error.code).toBe('url_ownership_unverified');
  });

  it('refuses a direct post without post_info or privacy_level', async () => {
    const source_info = {
      source: 'FILE_UPLOAD',
      video_size: 10,
      chunk_size: 10,
      total_chunk_count: 1,
    };
    const none = await api('/v2/post/publish/video/init/', { source_info });
    expect(none.json.error.code).toBe('invalid_params');
    const noPrivacy = await api('/v2/post/publish/video/init/', {
      source_info,
      post_info: { title: 'x' },
    });
    expect(noPrivacy.json.error).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/privacy_level/),
    });
  });
});

describe('chunk PUTs', () => {
  it('takes chunks in order, a resent chunk again, refuses skipping ahead (416) and bad ranges', async () => {
    const size = 12 * MIB;
    const file = randomBytes(size);
    const { json } = await inbox({
      source: 'FILE_UPLOAD',
      video_size: size,
      chunk_size: 5 * MIB,
      total_chunk_count: 2,
    });
    const url: string = json.data.upload_url;
    const second = `bytes ${5 * MIB}-${size - 1}/${size}`;
    expect((await put(url, second, file.subarray(5 * MIB))).status).toBe(416);
    expect(
      (await put(url, `bytes 0-${4 * MIB - 1}/${size}`, file.subarray(0, 4 * MIB))).status,
    ).toBe(400);
    expect(
      (await put(url, `bytes 0-${5 * MIB - 1}/${size + 1}`, file.subarray(0, 5 * MIB))).status,
    ).toBe(400);
    const first = `bytes 0-${5 * MIB - 1}/${size}`;
    expect((await put(url, first, file.subarray(0, 5 * MIB), 'text/plain')).status).toBe(400);
    expect((await put(url, first, file.subarray(0, 5 * MIB))).status).toBe(206);
    expect((await put(url, first, file.subarray(0, 5 * MIB))).status).toBe(206);
    expect((await put(url, first, randomBytes(5 * MIB))).status).toBe(400);
    expect((await put(url, second, file.subarray(5 * MIB))).status).toBe(201);
    const [post] = fake.posts();
    expect(post).toMatchObject({
      receivedBytes: size,
      chunksReceived: 2,
      sha256: createHash('sha256').update(file).digest('hex'),
      status: 'PROCESSING_DOWNLOAD',
    });
    const bad = await fetch(url.replace(/upload_token=[^&]+/, 'upload_token=nope'), {
      method: 'PUT',
      body: 'x',
    });
    expect(bad.status).toBe(404);
  });

  it('reports uploaded_bytes while bytes are missing; processing by status calls or by a delay', async () => {
    const { json } = await inbox({
      source: 'FILE_UPLOAD',
      video_size: 10,
      chunk_size: 10,
      total_chunk_count: 1,
    });
    const publishId: string = json.data.publish_id;
    const status = async () =>
      (await api('/v2/post/publish/status/fetch/', { publish_id: publishId })).json.data;
    expect(await status()).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 0 });
    fake.setRules({ processingStatusCalls: 2 });
    expect((await put(json.data.upload_url, 'bytes 0-9/10', randomBytes(10))).status).toBe(201);
    expect((await status()).status).toBe('PROCESSING_DOWNLOAD');
    expect((await status()).status).toBe('PROCESSING_DOWNLOAD');
    expect(await status()).toMatchObject({ status: 'SEND_TO_USER_INBOX', uploaded_bytes: 10 });

    fake.setRules({ processingDelayMs: 0 });
    const next = await inbox({
      source: 'FILE_UPLOAD',
      video_size: 10,
      chunk_size: 10,
      total_chunk_count: 1,
    });
    await put(next.json.data.upload_url, 'bytes 0-9/10', randomBytes(10));
    expect(fake.posts()[1]?.status).toBe('SEND_TO_USER_INBOX');
    fake.failPost(next.json.data.publish_id, 'publish_cancelled');
    expect(fake.posts()[1]).toMatchObject({ status: 'FAILED', failReason: 'publish_cancelled' });
  });

  it('refuses status of unknown publish ids', async () => {
    const { status, json } = await api('/v2/post/publish/status/fetch/', {
      publish_id: 'v_pub_file~nope',
    });
    expect(status).toBe(400);
    expect(json.error.code).toBe('invalid_params');
  });
});

describe('controls', () => {
  it('failNext is consumed only by the named endpoint; requests are logged with error codes', async () => {
    fake.failNext('post.statusFetch', { code: 'rate_limit_exceeded', status: 429 });
    const init = await inbox({
      source: 'FILE_UPLOAD',
      video_size: 10,
      chunk_size: 10,
      total_chunk_count: 1,
    });
    expect(init.status).toBe(200);
    const first = await api('/v2/post/publish/status/fetch/', {
      publish_id: init.json.data.publish_id,
    });
    expect(first).toMatchObject({ status: 429, json: { error: { code: 'rate_limit_exceeded' } } });
    const second = await api('/v2/post/publish/status/fetch/', {
      publish_id: init.json.data.publish_id,
    });
    expect(second.status).toBe(200);
    expect(fake.requests.map((r) => [r.endpoint, r.status, r.errorCode])).toEqual([
      ['post.inboxVideoInit', 200, undefined],
      ['post.statusFetch', 429, 'rate_limit_exceeded'],
      ['post.statusFetch', 200, undefined],
    ]);
  });

  it('checks registered clients at authorize once any is registered', async () => {
    const strict = await startFakeTikTok({
      clients: [{ clientKey: 'k1', clientSecret: 's1' }],
      accounts: [],
    });
    try {
      const url = new URL(strict.urls.authUrl);
      url.search = new URLSearchParams({
        client_key: 'other',
        scope: 'user.info.basic',
        redirect_uri: 'http://127.0.0.1:9/cb',
        state: 's',
        response_type: 'code',
      }).toString();
      expect((await fetch(url)).status).toBe(400);
      url.searchParams.set('client_key', 'k1');
      const noAccount = await fetch(url);
      expect(await noAccount.text()).toContain('no_account');
      strict.addAccount({ username: 'a', displayName: 'A' });
      strict.autoApprove = true;
      const redirect = await fetch(url, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toMatch(
        /^http:\/\/127\.0\.0\.1:9\/cb\?code=.+&state=s$/,
      );
    } finally {
      await strict.close();
    }
  });
});
