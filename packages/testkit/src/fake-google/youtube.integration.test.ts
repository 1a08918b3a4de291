// The real googleapis and google-auth-library, through our adapter, against the fake Google. It
// lives in testkit because testkit may depend on integrations, not the other way round.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  addToPlaylist,
  buildAuthUrl,
  exchangeCode,
  getOwnChannel,
  listPlaylists,
  refreshIfExpiring,
  setThumbnail,
  querySession,
  sendUploadBytes,
  startUploadSession,
  uploadVideo,
  YouTubeError,
  type GoogleEndpoints,
  type OAuthClientConfig,
  type VideoMetadata,
  type YouTubeErrorKind,
  type YouTubeTokens,
} from '@scrapper/integrations/youtube';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleFault } from './start-fake-google.ts';

let fake: FakeGoogle;
let endpoints: GoogleEndpoints;
let dir: string;
const client: OAuthClientConfig = {
  clientId: 'yt-client.apps.googleusercontent.com',
  clientSecret: 'yt-secret',
  redirectUri: 'http://127.0.0.1:9/api/youtube/callback',
};

beforeAll(async () => {
  fake = await startFakeGoogle({ clients: [client] });
  endpoints = {
    apiRootUrl: fake.urls.apiRootUrl,
    oauthAuthUrl: fake.urls.oauthAuthUrl,
    oauthTokenUrl: fake.urls.oauthTokenUrl,
  };
  dir = await mkdtemp(join(tmpdir(), 'fake-google-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

/** Tokens of a connected account, as the database would hold them. */
function storedTokens(overrides: Partial<YouTubeTokens> = {}, scope?: string): YouTubeTokens {
  const issued = fake.issueTokens({ clientId: client.clientId, ...(scope ? { scope } : {}) });
  return {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken ?? null,
    expiryDate: issued.expiryDate,
    scope: issued.scope,
    ...overrides,
  };
}

const metadata: VideoMetadata = {
  title: 'Kucing lucu bermain bola',
  description: 'Video kucing.\n\n#YouTube #Viral #Trending',
  tags: ['kucing', 'lucu', 'youtube'],
  categoryId: '24',
  privacyStatus: 'unlisted',
  publishAt: null,
  madeForKids: true,
  containsSyntheticMedia: false,
};

/** A small in-memory video and its size, as uploadVideo takes them. */
function tiny(text: string): { media: Readable; size: number } {
  const bytes = Buffer.from(text);
  return { media: Readable.from([bytes]), size: bytes.length };
}

async function mediaFile(bytes: number): Promise<{ path: string; sha256: string }> {
  const data = randomBytes(bytes);
  const path = join(dir, `${randomBytes(4).toString('hex')}.mp4`);
  await writeFile(path, data);
  return { path, sha256: createHash('sha256').update(data).digest('hex') };
}

async function rejection(promise: Promise<unknown>): Promise<YouTubeError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof YouTubeError))
    throw new Error(`expected a YouTubeError, got ${String(error)}`);
  return error;
}

/** Opens the consent page and clicks Allow, as the popup would; returns the code. */
async function consentCode(authUrl: string): Promise<string> {
  const html = await (await fetch(authUrl)).text();
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await fetch(new URL('/o/oauth2/approve', authUrl), {
    method: 'POST',
    body: new URLSearchParams({ consent, decision: 'allow' }),
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

describe('youtube adapter: connecting an account', () => {
  it('builds a consent URL on the configured endpoint with offline access, consent and state', () => {
    const url = new URL(buildAuthUrl(client, endpoints, 'state-123'));
    expect(`${url.origin}${url.pathname}`).toBe(fake.urls.oauthAuthUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'state-123',
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/youtube',
    });
  });

  it('trades the code once for tokens, then names the channel and all its playlists', async () => {
    const channel = fake.addChannel({
      title: 'Dapur Nusantara',
      playlists: Array.from({ length: 57 }, (_, i) => ({ title: `Resep ${i + 1}` })),
    });
    fake.nextConsentChannelId = channel.id;
    const code = await consentCode(buildAuthUrl(client, endpoints, 's'));

    const tokens = await exchangeCode(client, endpoints, code);
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(tokens.expiryDate).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(tokens.scope).toBe('https://www.googleapis.com/auth/youtube');
    const reused = await rejection(exchangeCode(client, endpoints, code));
    expect(reused.kind).toBe('invalid_grant');

    expect(await getOwnChannel(client, endpoints, tokens)).toEqual({
      channelId: channel.id,
      title: 'Dapur Nusantara',
    });
    const playlists = await listPlaylists(client, endpoints, tokens);
    expect(playlists).toHaveLength(57);
    expect(playlists.at(-1)).toEqual({ id: channel.playlists[56]?.id, title: 'Resep 57' });
    expect(fake.requests.filter((r) => r.endpoint === 'playlists.list')).toHaveLength(2);
  });
});

describe('youtube adapter: uploads', () => {
  it('streams the file intact with its metadata, and reports progress up to its size', async () => {
    const file = await mediaFile(1_500_000);
    const progress: number[] = [];
    const { videoId } = await uploadVideo({
      client,
      endpoints,
      tokens: storedTokens(),
      metadata,
      media: createReadStream(file.path),
      mimeType: 'video/mp4',
      size: 1_500_000,
      onProgress: (bytes) => progress.push(bytes),
    });

    const upload = fake.uploads[0];
    expect(upload).toMatchObject({
      id: videoId,
      channelId: fake.defaultChannelId,
      sha256: file.sha256,
      size: 1_500_000,
      mimeType: 'video/mp4',
      snippet: {
        title: metadata.title,
        description: metadata.description,
        tags: metadata.tags,
        categoryId: '24',
      },
      status: {
        privacyStatus: 'unlisted',
        selfDeclaredMadeForKids: true,
        containsSyntheticMedia: false,
      },
    });
    expect(upload?.status.publishAt).toBeUndefined();
    expect(progress.at(-1)).toBe(1_500_000);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('uploads a scheduled video as private with publishAt', async () => {
    const publishAt = new Date(Date.now() + 3 * 86_400_000);
    await uploadVideo({
      client,
      endpoints,
      tokens: storedTokens(),
      metadata: { ...metadata, privacyStatus: 'public', publishAt, madeForKids: false },
      ...tiny('tiny video'),
      mimeType: 'video/mp4',
    });
    expect(fake.uploads[0]?.status).toEqual({
      privacyStatus: 'private',
      publishAt: publishAt.toISOString(),
      selfDeclaredMadeForKids: false,
      containsSyntheticMedia: false,
    });
  });

  it('declares realistic altered or synthetic content as status.containsSyntheticMedia', async () => {
    const answer = await uploadVideo({
      client,
      endpoints,
      tokens: storedTokens(),
      metadata: { ...metadata, containsSyntheticMedia: true },
      ...tiny('ai video'),
      mimeType: 'video/mp4',
    });
    expect(fake.uploads[0]?.status).toMatchObject({ containsSyntheticMedia: true });
    expect(answer.privacyStatus).toBe('unlisted');
  });

  it('tells what privacy YouTube gave: private for an unaudited project although unlisted was asked', async () => {
    fake.setUnaudited([client.clientId]);
    const answer = await uploadVideo({
      client,
      endpoints,
      tokens: storedTokens(),
      metadata,
      ...tiny('locked'),
      mimeType: 'video/mp4',
    });
    expect(answer).toEqual({ videoId: fake.uploads[0]?.id, privacyStatus: 'private' });
    expect(fake.uploads[0]?.status.privacyStatus).toBe('unlisted');
  });

  it('sets the thumbnail and adds the video to a playlist', async () => {
    const tokens = storedTokens();
    const { videoId } = await uploadVideo({
      client,
      endpoints,
      tokens,
      metadata,
      ...tiny('video'),
      mimeType: 'video/mp4',
    });
    const image = randomBytes(40_000);
    await setThumbnail({
      client,
      endpoints,
      tokens,
      videoId,
      media: Readable.from([image]),
      mimeType: 'image/jpeg',
    });
    expect(fake.thumbnails[0]).toMatchObject({
      videoId,
      mimeType: 'image/jpeg',
      sha256: createHash('sha256').update(image).digest('hex'),
    });
    const playlistId = 'PLfakeplaylist000000000000000000002';
    await addToPlaylist({ client, endpoints, tokens, playlistId, videoId });
    expect(fake.playlistItems).toMatchObject([{ playlistId, videoId }]);
  });

  it('sends 20 MB while still reading it, never holding the file whole', async () => {
    const total = 20 * 1024 * 1024;
    const chunk = 64 * 1024;
    const hash = createHash('sha256');
    let produced = 0;
    let receivedWhenSourceEnded = -1;
    const source = new Readable({
      read() {
        if (produced >= total) {
          receivedWhenSourceEnded = fake.stats.uploadBytesReceived;
          this.push(null);
          return;
        }
        const bytes = randomBytes(chunk);
        hash.update(bytes);
        produced += chunk;
        this.push(bytes);
      },
    });
    await uploadVideo({
      client,
      endpoints,
      tokens: storedTokens(),
      metadata,
      media: source,
      mimeType: 'video/mp4',
      size: total,
    });
    expect(fake.uploads[0]).toMatchObject({ size: total, sha256: hash.digest('hex') });
    // Had the adapter (or the SDK) buffered the file, the fake would have had nothing yet.
    expect(receivedWhenSourceEnded).toBeGreaterThan(total / 2);
  });

  it('fails (not hangs) when the file cannot be read, and stops on cancel', async () => {
    let sent = 0;
    const broken = new Readable({
      read() {
        sent += 1;
        if (sent > 4) this.destroy(new Error('disk gone'));
        else this.push(randomBytes(64 * 1024));
      },
    });
    const readError = await rejection(
      uploadVideo({
        client,
        endpoints,
        tokens: storedTokens(),
        metadata,
        media: broken,
        mimeType: 'video/mp4',
        size: 10 * 1024 * 1024,
      }),
    );
    expect(readError.kind).toBe('other');
    expect(readError.message).toContain('disk gone');

    const controller = new AbortController();
    const endless = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
      },
    });
    const cancelled = rejection(
      uploadVideo({
        client,
        endpoints,
        tokens: storedTokens(),
        metadata,
        media: endless,
        mimeType: 'video/mp4',
        size: 100 * 1024 * 1024,
        signal: controller.signal,
        onProgress: (bytes) => {
          if (bytes > 2 * 1024 * 1024) controller.abort();
        },
      }),
    );
    expect((await cancelled).kind).toBe('cancelled');
    expect(endless.destroyed).toBe(true);
    // Both requests were cut off mid-body, as the fake sees it.
    await vi.waitFor(() => expect(fake.stats.abortedUploads).toBe(2));
    expect(fake.uploads).toHaveLength(0);
  });

  it('lets uploads to one channel overlap only when the caller runs them together', async () => {
    fake.setUploadDelay(100);
    const tokens = storedTokens();
    const one = () =>
      uploadVideo({
        client,
        endpoints,
        tokens,
        metadata,
        ...tiny('v'),
        mimeType: 'video/mp4',
      });
    await one();
    await one();
    expect(fake.maxConcurrentUploadsPerChannel).toBe(1);
    await Promise.all([one(), one()]);
    expect(fake.maxConcurrentUploadsPerChannel).toBe(2);
  });
});

describe('youtube adapter: resumable sessions', () => {
  it('opens the session (one videos.insert, no byte sent yet), and the session then holds the whole video', async () => {
    const file = randomBytes(300_000);
    const tokens = storedTokens();
    let sessionUrl = '';
    const { videoId } = await uploadVideo({
      client,
      endpoints,
      tokens,
      metadata,
      media: Readable.from([file]),
      mimeType: 'video/mp4',
      size: file.length,
      onSession: (url) => {
        sessionUrl = url;
        // Stored before any byte leaves.
        expect(fake.stats.uploadBytesReceived).toBe(0);
      },
    });
    expect(fake.requests.map((r) => [r.method, r.endpoint, r.query.uploadType ?? ''])).toEqual([
      ['POST', 'videos.insert', 'resumable'],
      ['PUT', 'videos.insert.upload', 'resumable'],
    ]);
    expect(fake.uploadSessions[0]).toMatchObject({ url: sessionUrl, size: file.length, received: file.length, videoId });
    // Asking again gives the same video back and costs nothing.
    const state = await querySession({ client, endpoints, tokens, sessionUrl, size: file.length });
    expect(state).toEqual({ kind: 'finished', video: { videoId, privacyStatus: 'unlisted' } });
    expect(fake.uploads).toHaveLength(1);
    expect(fake.quotaUsage(client.clientId)).toEqual({ uploads: 1, units: 0 });
  });

  it('after a break mid-upload, the session says what it has and the resume sends only the rest', async () => {
    const file = randomBytes(1_000_000);
    const tokens = storedTokens();
    const sessionUrl = await startUploadSession({ client, endpoints, tokens, metadata, mimeType: 'video/mp4', size: file.length });
    expect(await querySession({ client, endpoints, tokens, sessionUrl, size: file.length })).toEqual({ kind: 'incomplete', received: 0 });
    fake.cutNextUpload(900_000);
    const broken = await rejection(
      sendUploadBytes({ client, endpoints, tokens, sessionUrl, size: file.length, from: 0, media: Readable.from([file]), mimeType: 'video/mp4' }),
    );
    expect(broken).toMatchObject({ kind: 'network', retryable: true });
    const state = await querySession({ client, endpoints, tokens, sessionUrl, size: file.length });
    expect(state).toEqual({ kind: 'incomplete', received: 900_000 });
    const video = await sendUploadBytes({
      client,
      endpoints,
      tokens,
      sessionUrl,
      size: file.length,
      from: 900_000,
      media: Readable.from([file.subarray(900_000)]),
      mimeType: 'video/mp4',
    });
    const session = fake.uploadSessions[0];
    expect(session?.puts.map((p) => [p.contentRange, p.bytes])).toEqual([
      ['bytes */1000000', 0],
      ['bytes 0-999999/1000000', 900_000],
      ['bytes */1000000', 0],
      ['bytes 900000-999999/1000000', 100_000],
    ]);
    expect(fake.uploads).toEqual([expect.objectContaining({ id: video.videoId, size: file.length, sha256: createHash('sha256').update(file).digest('hex') })]);
    expect(fake.quotaUsage(client.clientId).uploads).toBe(1);
  });

  it('an expired session answers expired; a lost answer still left the video, which the session gives back', async () => {
    const tokens = storedTokens();
    const sessionUrl = await startUploadSession({ client, endpoints, tokens, metadata, mimeType: 'video/mp4', size: 5 });
    fake.expireUploadSessions();
    expect(await querySession({ client, endpoints, tokens, sessionUrl, size: 5 })).toEqual({ kind: 'expired' });

    fake.loseNextUploadAnswer();
    let lostUrl = '';
    const lost = await rejection(
      uploadVideo({ client, endpoints, tokens, metadata, ...tiny('hello'), mimeType: 'video/mp4', onSession: (url) => void (lostUrl = url) }),
    );
    expect(lost.kind).toBe('network');
    expect(fake.uploads).toHaveLength(1);
    expect(await querySession({ client, endpoints, tokens, sessionUrl: lostUrl, size: 5 })).toEqual({
      kind: 'finished',
      video: { videoId: fake.uploads[0]?.id, privacyStatus: 'unlisted' },
    });
  });
});

describe('youtube adapter: tokens', () => {
  it('refreshes ahead of expiry only when the token is close to it, keeping the refresh token', async () => {
    const fresh = storedTokens();
    expect(await refreshIfExpiring(client, endpoints, fresh)).toBeNull();
    expect(fake.stats.refreshes).toBe(0);

    const expiring = { ...fresh, expiryDate: Date.now() + 2 * 60_000 };
    const refreshed = await refreshIfExpiring(client, endpoints, expiring);
    expect(fake.stats.refreshes).toBe(1);
    expect(refreshed?.accessToken).not.toBe(fresh.accessToken);
    expect(refreshed?.refreshToken).toBe(fresh.refreshToken);
    expect(refreshed?.expiryDate).toBeGreaterThan(Date.now() + 50 * 60_000);
    if (!refreshed) throw new Error('expected new tokens');
    expect((await getOwnChannel(client, endpoints, refreshed)).channelId).toBe(
      fake.defaultChannelId,
    );
  });

  it('hands tokens from an implicit refresh to onTokens, and waits for it', async () => {
    fake.setAccessTokenLifetime(3599);
    const stale = { ...storedTokens(), expiryDate: Date.now() - 1000 };
    const saved: YouTubeTokens[] = [];
    await getOwnChannel(client, endpoints, stale, async (tokens) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      saved.push(tokens);
    });
    expect(fake.stats.refreshes).toBe(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ refreshToken: stale.refreshToken, scope: stale.scope });
    expect(saved[0]?.accessToken).not.toBe(stale.accessToken);
  });

  it('tells invalid_grant apart, on an explicit and on an implicit refresh', async () => {
    const tokens = storedTokens({ expiryDate: Date.now() - 1000 });
    fake.failNextRefresh('invalid_grant');
    const explicit = await rejection(refreshIfExpiring(client, endpoints, tokens));
    expect(explicit).toMatchObject({ kind: 'invalid_grant', retryable: false, status: 400 });
    expect(explicit.userMessage).toBe(
      'Akun YouTube ini memerlukan re-autentikasi. Silakan hubungkan ulang akun.',
    );

    fake.revokeRefreshToken(tokens.refreshToken ?? '');
    const implicit = await rejection(
      uploadVideo({
        client,
        endpoints,
        tokens,
        metadata,
        ...tiny('v'),
        mimeType: 'video/mp4',
      }),
    );
    expect(implicit.kind).toBe('invalid_grant');
    expect(fake.uploads).toHaveLength(0);
  });
});

describe('youtube adapter: errors', () => {
  const cases: {
    label: string;
    fault: FakeGoogleFault;
    kind: YouTubeErrorKind;
    status: number;
    retryable: boolean;
  }[] = [
    {
      label: 'quotaExceeded',
      fault: { reason: 'quotaExceeded' },
      kind: 'quotaExceeded',
      status: 403,
      retryable: false,
    },
    {
      label: 'uploadLimitExceeded',
      fault: { reason: 'uploadLimitExceeded' },
      kind: 'uploadLimitExceeded',
      status: 400,
      retryable: false,
    },
    {
      label: '403 forbidden',
      fault: { status: 403, reason: 'forbidden' },
      kind: 'forbidden',
      status: 403,
      retryable: false,
    },
    { label: '503', fault: { status: 503 }, kind: 'server', status: 503, retryable: true },
  ];

  for (const { label, fault, kind, status, retryable } of cases) {
    it(`maps videos.insert ${label} to ${kind}, sent once`, async () => {
      fake.failNext('videos.insert', fault);
      const error = await rejection(
        uploadVideo({
          client,
          endpoints,
          tokens: storedTokens(),
          metadata,
          ...tiny('v'),
          mimeType: 'video/mp4',
        }),
      );
      expect(error).toMatchObject({ kind, status, retryable });
      expect(error.userMessage).not.toBe('');
      // POSTs are never retried by the client: one request reached the fake.
      expect(fake.requests.filter((r) => r.endpoint === 'videos.insert')).toHaveLength(1);
    });
  }

  it('meets the 2026 buckets as quotaExceeded: the 101st insert of the day, and a thumbnail past 10,000 units', async () => {
    const tokens = storedTokens();
    fake.setQuotaUsage(client.clientId, { uploads: 99, units: 9_999 });
    const upload = () =>
      uploadVideo({
        client,
        endpoints,
        tokens,
        metadata,
        ...tiny('v'),
        mimeType: 'video/mp4',
      });
    const { videoId } = await upload();
    expect(await rejection(upload())).toMatchObject({ kind: 'quotaExceeded', status: 403 });
    const thumbnail = await rejection(
      setThumbnail({
        client,
        endpoints,
        tokens,
        videoId,
        ...tiny('png'),
        mimeType: 'image/png',
      }),
    );
    expect(thumbnail).toMatchObject({ kind: 'quotaExceeded', reason: 'quotaExceeded' });
    // A 1-unit read still fits.
    await getOwnChannel(client, endpoints, tokens);
    expect(fake.quotaUsage(client.clientId)).toEqual({ uploads: 100, units: 10_000 });
  });

  it('names a missing scope and an unreachable Google', async () => {
    const readOnly = storedTokens({}, 'https://www.googleapis.com/auth/youtube.readonly');
    const scoped = await rejection(
      addToPlaylist({ client, endpoints, tokens: readOnly, playlistId: 'PLx', videoId: 'v' }),
    );
    expect(scoped).toMatchObject({ kind: 'forbidden', reason: 'insufficientPermissions' });

    const closed = await startFakeGoogle();
    await closed.close();
    const offline = await rejection(
      addToPlaylist({
        client,
        endpoints: { ...endpoints, apiRootUrl: closed.urls.apiRootUrl },
        tokens: storedTokens(),
        playlistId: 'PLx',
        videoId: 'v',
      }),
    );
    expect(offline).toMatchObject({ kind: 'network', retryable: true, status: null });
  });
});
