// The TikTok adapter (@scrapper/integrations/tiktok) against the fake: Login Kit v2 through the
// consent page, refresh-token rotation, the profile and creator info, and auth refusals.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildTikTokAuthUrl,
  exchangeTikTokCode,
  fetchTikTokCreatorInfo,
  fetchTikTokUser,
  refreshTikTokToken,
} from '@scrapper/integrations/tiktok';
import { PublishError } from '@scrapper/integrations/publish-error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTikTok, type FakeTikTok } from './start-fake-tiktok.ts';

const client = { clientKey: 'aw-client-1', clientSecret: 'secret-1' };
let fake: FakeTikTok;
let callback: Server;
let redirectUri: string;

beforeAll(async () => {
  fake = await startFakeTikTok({ clients: [client] });
  // The product's callback: answers with the query it got, so fetch following the redirect sees it.
  callback = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams)));
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/api/publish/tiktok/auth/callback`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => callback.close(resolve));
});
beforeEach(() => fake.reset());

const api = () => ({ apiBaseUrl: fake.urls.apiBaseUrl, ...client });

/** Opens the authorize URL, presses a consent button, follows the redirect to the callback. */
async function consent(
  decision: 'allow' | 'deny',
  state = 'st-1',
): Promise<Record<string, string>> {
  const authUrl = buildTikTokAuthUrl({
    authUrl: fake.urls.authUrl,
    clientKey: client.clientKey,
    redirectUri,
    state,
  });
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('id="consent-allow"');
  expect(html).toContain('id="consent-deny"');
  const consentId = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(new URL(action, fake.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: consentId, decision }).toString(),
  });
  expect(answer.url.startsWith(redirectUri)).toBe(true);
  return (await answer.json()) as Record<string, string>;
}

describe('Login Kit v2 against the fake TikTok', () => {
  it('round-trips through the consent page: code, tokens, profile', async () => {
    const query = await consent('allow', 'csrf-42');
    expect(query.state).toBe('csrf-42');
    expect(query.scopes).toBe('user.info.basic,user.info.profile,video.upload,video.publish');
    const tokens = await exchangeTikTokCode({ ...api(), code: query.code ?? '', redirectUri });
    const account = fake.accounts[0];
    expect(tokens).toMatchObject({
      openId: account?.openId,
      expiresIn: 7200,
      refreshExpiresIn: 180 * 24 * 3600,
      scopes: ['user.info.basic', 'user.info.profile', 'video.upload', 'video.publish'],
      tokenType: 'Bearer',
    });
    expect(tokens.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 7000_000);

    const user = await fetchTikTokUser({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken: tokens.accessToken,
    });
    expect(user).toEqual({
      openId: account?.openId,
      displayName: 'Fake Creator',
      username: 'fake.creator',
      avatarUrl: account?.avatarUrl,
    });

    // The code is single-use.
    const again = await exchangeTikTokCode({ ...api(), code: query.code ?? '', redirectUri }).catch(
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(PublishError);
    expect(again).toMatchObject({ code: 'invalid_grant', reconnect: true });
  });

  it('redirects a refusal back with error=access_denied and the state', async () => {
    const query = await consent('deny', 'st-9');
    expect(query).toMatchObject({ error: 'access_denied', state: 'st-9' });
    expect(query.code).toBeUndefined();
  });

  it('grants only the scopes the member left ticked', async () => {
    fake.nextConsentScopes = ['user.info.basic', 'video.upload'];
    const query = await consent('allow');
    expect(query.scopes).toBe('user.info.basic,video.upload');
    const tokens = await exchangeTikTokCode({ ...api(), code: query.code ?? '', redirectUri });
    expect(tokens.scopes).toEqual(['user.info.basic', 'video.upload']);
    await expect(
      fetchTikTokCreatorInfo({ apiBaseUrl: fake.urls.apiBaseUrl, accessToken: tokens.accessToken }),
    ).rejects.toMatchObject({ code: 'scope_not_authorized', reconnect: true });
  });

  it('binds codes to the redirect_uri and checks the registered client secret', async () => {
    const query = await consent('allow');
    const wrongUri = await exchangeTikTokCode({
      ...api(),
      code: query.code ?? '',
      redirectUri: `${redirectUri}x`,
    }).catch((error: unknown) => error);
    expect(wrongUri).toMatchObject({ platform: 'tiktok', status: 400, code: 'invalid_request' });

    const other = await consent('allow');
    const badSecret = await exchangeTikTokCode({
      ...api(),
      clientSecret: 'nope',
      code: other.code ?? '',
      redirectUri,
    }).catch((error: unknown) => error);
    expect(badSecret).toMatchObject({ status: 401, code: 'invalid_client', reconnect: false });
  });

  it('rotates the refresh token on every refresh; the old one is refused at once', async () => {
    const issued = fake.issueTokens({ clientKey: client.clientKey });
    const first = await refreshTikTokToken({ ...api(), refreshToken: issued.refreshToken });
    expect(first.refreshToken).not.toBe(issued.refreshToken);
    expect(first.accessToken).not.toBe(issued.accessToken);
    expect(first.expiresIn).toBe(7200);

    const reused = await refreshTikTokToken({ ...api(), refreshToken: issued.refreshToken }).catch(
      (error: unknown) => error,
    );
    expect(reused).toBeInstanceOf(PublishError);
    expect(reused).toMatchObject({ code: 'invalid_grant', reconnect: true, retryable: false });
    expect((reused as PublishError).userMessage).toMatch(/Hubungkan ulang akun TikTok/);

    const second = await refreshTikTokToken({ ...api(), refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const user = await fetchTikTokUser({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken: second.accessToken,
    });
    expect(user.openId).toBe(issued.openId);
  });
});

describe('creator info and auth refusals', () => {
  it('answers the creator info the composer needs, camelCased', async () => {
    const account = fake.addAccount({
      username: 'dapur.nusantara',
      displayName: 'Dapur Nusantara',
      isPrivate: true,
      maxVideoPostDurationSec: 180,
      duetDisabled: true,
    });
    const { accessToken } = fake.issueTokens({
      openId: account.openId,
      clientKey: client.clientKey,
    });
    const info = await fetchTikTokCreatorInfo({ apiBaseUrl: fake.urls.apiBaseUrl, accessToken });
    expect(info).toEqual({
      nickname: 'Dapur Nusantara',
      username: 'dapur.nusantara',
      avatarUrl: account.avatarUrl,
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: true,
      stitchDisabled: false,
      maxVideoPostDurationSec: 180,
    });
  });

  it('expired tokens: 401 access_token_invalid, mapped to reconnect', async () => {
    const { accessToken } = fake.issueTokens({ clientKey: client.clientKey });
    fake.expireAccessTokens();
    const error = await fetchTikTokCreatorInfo({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'access_token_invalid', reconnect: true });
    expect((error as PublishError).detail).toMatch(/code access_token_invalid, .*log_id \d{14}/);
    expect(fake.requests.at(-1)).toMatchObject({ endpoint: 'post.creatorInfo', status: 401 });
  });

  it('a token without video.publish: 401 scope_not_authorized, mapped to reconnect', async () => {
    const { accessToken } = fake.issueTokens({ scopes: ['user.info.basic', 'video.upload'] });
    const error = await fetchTikTokCreatorInfo({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'scope_not_authorized', reconnect: true });
    // username needs user.info.profile
    const noProfile = await fetchTikTokUser({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
    }).catch((caught: unknown) => caught);
    expect(noProfile).toMatchObject({ code: 'scope_not_authorized' });
    const basic = await fetchTikTokUser({
      apiBaseUrl: fake.urls.apiBaseUrl,
      accessToken,
      fields: ['open_id', 'display_name'],
    });
    expect(basic).toMatchObject({ displayName: 'Fake Creator', username: '' });
  });

  it('rate-limits creator info at 20 a minute per token: 429, retryable', async () => {
    const { accessToken } = fake.issueTokens();
    const call = { apiBaseUrl: fake.urls.apiBaseUrl, accessToken };
    for (let i = 0; i < 20; i += 1) await fetchTikTokCreatorInfo(call);
    const error = await fetchTikTokCreatorInfo(call).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', retryable: true });
    // Another token of the same account has its own budget.
    await expect(
      fetchTikTokCreatorInfo({ ...call, accessToken: fake.issueTokens().accessToken }),
    ).resolves.toMatchObject({ username: 'fake.creator' });
  });

  it('server errors and cut connections are retryable', async () => {
    const { accessToken } = fake.issueTokens();
    const call = { apiBaseUrl: fake.urls.apiBaseUrl, accessToken };
    fake.failNext('post.creatorInfo', { status: 503 });
    await expect(fetchTikTokCreatorInfo(call)).rejects.toMatchObject({
      status: 503,
      code: 'internal_error',
      retryable: true,
    });
    fake.failNext('post.creatorInfo', { resetConnection: true });
    await expect(fetchTikTokCreatorInfo(call)).rejects.toMatchObject({
      status: null,
      retryable: true,
    });
    await expect(fetchTikTokCreatorInfo(call)).resolves.toMatchObject({ nickname: 'Fake Creator' });
  });
});
