// The fake itself over raw HTTP. The real SDKs against it: youtube.integration.test.ts and
// gemini.integration.test.ts beside this file.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from './start-fake-google.ts';

let fake: FakeGoogle;
const client = { clientId: 'client-1', clientSecret: 'secret-1' };
const redirectUri = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  fake = await startFakeGoogle({ clients: [client] });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function authorizeUrl(overrides: Record<string, string> = {}): string {
  const url = new URL(fake.urls.oauthAuthUrl);
  const params = {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'https://www.googleapis.com/auth/youtube',
    access_type: 'offline',
    prompt: 'consent',
    state: 'st-1',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

async function tokenRequest(fields: Record<string, string>): Promise<Response> {
  return fetch(fake.urls.oauthTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...fields,
    }),
  });
}

/** Clicks Allow on the consent page like a browser would; returns the redirect target. */
async function consent(overrides: Record<string, string> = {}): Promise<URL> {
  const pageRes = await fetch(authorizeUrl(overrides));
  expect(pageRes.status).toBe(200);
  const html = await pageRes.text();
  expect(html).toContain('id="consent-allow"');
  const consentId = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const approved = await fetch(new URL('/o/oauth2/approve', fake.urls.oauthAuthUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: consentId, decision: 'allow' }),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get('location') ?? '');
}

describe('fake Google OAuth', () => {
  it('walks consent, a single-use code and refresh like Google', async () => {
    const back = await consent();
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';
    expect(fake.authRequests[0]).toMatchObject({
      accessType: 'offline',
      prompt: 'consent',
      outcome: 'approved',
    });

    const exchanged = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    });
    const tokens = (await exchanged.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(typeof tokens.refresh_token).toBe('string');

    const reused = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    const fresh = (await refreshed.json()) as Record<string, unknown>;
    expect(fresh.refresh_token).toBeUndefined();
    expect(fresh.access_token).not.toBe(tokens.access_token);

    fake.failNextRefresh();
    const refused = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    expect(fake.stats.refreshes).toBe(2);
  });

  it('refuses unknown clients, wrong secrets and a changed redirect_uri', async () => {
    const unknown = await fetch(authorizeUrl({ client_id: 'nobody' }));
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('invalid_client');

    const code = (await consent()).searchParams.get('code') ?? '';
    const wrongSecret = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_secret: 'nope',
    });
    expect(wrongSecret.status).toBe(401);
    const otherRedirect = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect(await otherRedirect.json()).toMatchObject({ error: 'redirect_uri_mismatch' });
  });

  it('gives a refresh token again only with prompt=consent, and redirects at once with autoApprove', async () => {
    const channel = fake.addChannel({ title: 'Second' });
    fake.autoApprove = true;
    for (const prompt of ['consent', 'select_account']) {
      fake.nextConsentChannelId = channel.id;
      const res = await fetch(authorizeUrl({ prompt }), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const tokens = (await (
        await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
      ).json()) as Record<string, unknown>;
      expect(typeof tokens.refresh_token).toBe(prompt === 'consent' ? 'string' : 'undefined');
    }
  });
});

describe('fake YouTube Data API', () => {
  it('answers 401 in Google shape for an expired token, and the token channel otherwise', async () => {
    const { accessToken } = fake.issueTokens();
    const list = () =>
      fetch(`${fake.urls.apiRootUrl}youtube/v3/channels?part=snippet&mine=true`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const ok = (await (await list()).json()) as { items: { id: string }[] };
    expect(ok.items[0]?.id).toBe(fake.defaultChannelId);
    fake.expireAccessTokens();
    const expired = await list();
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      error: { code: 401, errors: [{ reason: 'authError' }] },
    });
  });

  it('takes a resumable upload, keeps metadata and hash, and answers faults in Google shape', async () => {
    const { accessToken } = fake.issueTokens();
    const media = Buffer.alloc(300_000, 7);
    const upload = () =>
      insertVideo(
        accessToken,
        { snippet: { title: 'Halo', tags: ['a'] }, status: { privacyStatus: 'unlisted' } },
        media,
      );
    const res = await upload();
    expect(res.status).toBe(200);
    expect(fake.uploads[0]).toMatchObject({
      snippet: { title: 'Halo', tags: ['a'] },
      status: { privacyStatus: 'unlisted' },
      size: media.length,
      mimeType: 'video/mp4',
      sha256: createHash('sha256').update(media).digest('hex'),
    });

    fake.failNext('videos.insert', { reason: 'quotaExceeded' });
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] },
    });
  });

  it('counts uploads in flight per channel', async () => {
    fake.setUploadDelay(150);
    const { accessToken } = fake.issueTokens();
    const send = () => insertVideo(accessToken, { snippet: { title: 't' } }, Buffer.from('xx'), 'snippet');
    await send();
    expect(fake.maxConcurrentUploadsPerChannel).toBe(1);
    await Promise.all([send(), send()]);
    expect(fake.maxConcurrentUploadsPerChannel).toBe(2);
  });
});

/**
 * videos.insert over raw HTTP with the resumable protocol: the POST opening the session, then one
 * PUT with every byte. The POST's answer when it refused; else the PUT's.
 */
async function insertVideo(
  accessToken: string,
  metadata: unknown,
  media: Buffer = Buffer.from('video-bytes'),
  part = 'snippet,status',
): Promise<Response> {
  const start = await fetch(
    `${fake.urls.apiRootUrl}upload/youtube/v3/videos?uploadType=resumable&part=${part}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': String(media.length),
        'x-upload-content-type': 'video/mp4',
      },
      body: JSON.stringify(metadata),
    },
  );
  const location = start.headers.get('location');
  if (start.status !== 200 || !location) return start;
  return fetch(location, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'video/mp4',
      'content-range': `bytes 0-${media.length - 1}/${media.length}`,
    },
    body: media,
  });
}

describe('fake YouTube quota (2026 buckets) and audit', () => {
  const video = { snippet: { title: 'Kuota' }, status: { privacyStatus: 'public' } };

  async function setThumbnail(accessToken: string, videoId: string): Promise<Response> {
    return fetch(`${fake.urls.apiRootUrl}upload/youtube/v3/thumbnails/set?videoId=${videoId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/png' },
      body: 'png-bytes',
    });
  }

  it('defaults to 100 inserts and 10,000 units a day per client', async () => {
    const { accessToken } = fake.issueTokens({ clientId: 'project-default' });
    fake.setQuotaUsage('project-default', { uploads: 99, units: 9_950 });
    const last = await insertVideo(accessToken, video);
    expect(last.status).toBe(200);
    const { id } = (await last.json()) as { id: string };
    // The insert cost 1 of its own bucket and nothing of the units.
    expect(fake.quotaUsage('project-default')).toEqual({ uploads: 100, units: 9_950 });
    const over = await insertVideo(accessToken, video);
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({
      error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] },
    });
    // The units bucket is separate: a thumbnail (50) still fits, the next one does not.
    expect((await setThumbnail(accessToken, id)).status).toBe(200);
    expect(fake.quotaUsage('project-default')).toEqual({ uploads: 100, units: 10_000 });
    expect((await setThumbnail(accessToken, id)).status).toBe(403);
    expect(fake.thumbnails).toHaveLength(1);
  });

  it('counts each OAuth client on its own, at 2026 costs, with limits set per test', async () => {
    fake.setQuota({ dailyUploads: 2, dailyUnits: 102 });
    const a = fake.issueTokens({ clientId: 'project-a' });
    const b = fake.issueTokens({ clientId: 'project-b' });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await insertVideo(a.accessToken, video);
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await insertVideo(a.accessToken, video)).status).toBe(403);
    expect((await insertVideo(b.accessToken, video)).status).toBe(200);

    const list = await fetch(`${fake.urls.apiRootUrl}youtube/v3/channels?part=snippet&mine=true`, {
      headers: { authorization: `Bearer ${a.accessToken}` },
    });
    expect(list.status).toBe(200);
    expect(fake.quotaUsage('project-a')).toEqual({ uploads: 2, units: 1 });
    const item = (videoId: string) =>
      fetch(`${fake.urls.apiRootUrl}youtube/v3/playlistItems?part=snippet`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          snippet: {
            playlistId: 'PLfakeplaylist000000000000000000001',
            resourceId: { kind: 'youtube#video', videoId },
          },
        }),
      });
    expect((await item(ids[0] ?? '')).status).toBe(200);
    expect((await setThumbnail(a.accessToken, ids[0] ?? '')).status).toBe(200);
    expect(fake.quotaUsage('project-a')).toEqual({ uploads: 2, units: 101 });
    // 101 + 50 > 102: refused and not charged; a 1-unit read still fits.
    expect((await item(ids[1] ?? '')).status).toBe(403);
    expect(fake.playlistItems).toHaveLength(1);
    expect(fake.quotaUsage('project-a')).toEqual({ uploads: 2, units: 101 });

    // A new Pacific day fills every bucket again.
    fake.resetQuotaUsage();
    expect((await insertVideo(a.accessToken, video)).status).toBe(200);
    fake.reset();
    expect(fake.quotaUsage('project-a')).toEqual({ uploads: 0, units: 0 });
  });

  it('answers uploads of an unaudited project as private, and echoes containsSyntheticMedia', async () => {
    fake.setUnaudited(['project-unaudited']);
    const locked = fake.issueTokens({ clientId: 'project-unaudited' });
    const audited = fake.issueTokens({ clientId: 'project-audited' });
    const metadata = {
      snippet: { title: 'AI' },
      status: { privacyStatus: 'public', containsSyntheticMedia: true },
    };
    const answer = (await (await insertVideo(locked.accessToken, metadata)).json()) as {
      status: Record<string, unknown>;
    };
    expect(answer.status).toMatchObject({ privacyStatus: 'private', containsSyntheticMedia: true });
    expect(fake.uploads[0]).toMatchObject({
      clientId: 'project-unaudited',
      status: { privacyStatus: 'public', containsSyntheticMedia: true },
      answeredPrivacyStatus: 'private',
    });
    const open = (await (await insertVideo(audited.accessToken, video)).json()) as {
      status: Record<string, unknown>;
    };
    expect(open.status).toMatchObject({ privacyStatus: 'public', containsSyntheticMedia: false });
    // Every project at once, and a wrong type is refused as YouTube does.
    fake.setUnaudited(true);
    const all = (await (await insertVideo(audited.accessToken, video)).json()) as {
      status: Record<string, unknown>;
    };
    expect(all.status.privacyStatus).toBe('private');
    const bad = await insertVideo(audited.accessToken, {
      snippet: { title: 'x' },
      status: { containsSyntheticMedia: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { errors: [{ reason: 'invalidVideoMetadata' }] },
    });
  });
});

describe('fake Gemini', () => {
  it('refuses unknown keys with API_KEY_INVALID and answers from the prompt otherwise', async () => {
    fake.addGeminiKey('good-key');
    const call = (key: string) =>
      fetch(`${fake.urls.geminiBaseUrl}/v1beta/models/gemini-3.5-flash:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: 'Tulis.\nJudul asli: Kucing lucu' }] }],
        }),
      });
    const bad = await call('bad-key');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: {
        code: 400,
        details: expect.arrayContaining([expect.objectContaining({ reason: 'API_KEY_INVALID' })]),
      },
    });
    const good = (await (await call('good-key')).json()) as {
      candidates: { content: { parts: { text: string }[] } }[];
    };
    const text = good.candidates[0]?.content.parts[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ title: expect.stringContaining('Kucing lucu') });
    // A refused key is answered before the call is recorded.
    expect(fake.geminiCalls.map((c) => c.apiKey)).toEqual(['good-key']);
  });
});
