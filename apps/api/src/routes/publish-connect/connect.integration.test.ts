// Connecting TikTok and Meta (issue 33 item 1): the real app against fake TikTok and fake Meta
// over HTTP, through their consent pages as the popup would go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { metaDeletionRequests, notifications, oauthStates, publishAccounts } from '@scrapper/db/schema';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import type { StoredTikTokTokens } from '@scrapper/integrations/tiktok';
import { startFakeMeta, type FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import { signedRequest } from '@scrapper/testkit/fake-meta/signed-request';
import { startFakeTikTok, type FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectPublish, createPlatformClient, fakePublishEnv, META_APP_SECRET } from '../../../test/publish.ts';
import { createClientSecret } from '../../../test/youtube.ts';

let h: Harness;
let tiktok: FakeTikTok;
let meta: FakeMeta;
let admin: string;
let alice: string;
let bob: string;
let tiktokClient: string;
let metaClient: string;
let youtubeClient: string;

const rows = () => h.database.db.select().from(publishAccounts);
const box = () => createSecretBox(h.env.secretsKey);

async function storedTikTokTokens(id: string): Promise<StoredTikTokTokens> {
  const [row] = await h.database.db.select().from(publishAccounts).where(eq(publishAccounts.id, id));
  return JSON.parse(box().open(row?.sealedTokens ?? '')) as StoredTikTokTokens;
}
async function storeTikTokTokens(id: string, tokens: StoredTikTokTokens): Promise<void> {
  await h.database.db.update(publishAccounts).set({ sealedTokens: box().seal(JSON.stringify(tokens)) }).where(eq(publishAccounts.id, id));
}
const tokenCalls = () => tiktok.requests.filter((r) => r.endpoint === 'oauth.token').length;

beforeAll(async () => {
  tiktok = await startFakeTikTok({ autoApprove: true, accounts: [] });
  meta = await startFakeMeta({ autoApprove: true });
  h = await startHarness(fakePublishEnv(tiktok, meta));
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  tiktokClient = await createPlatformClient(h, admin, 'tiktok');
  metaClient = await createPlatformClient(h, admin, 'meta');
  youtubeClient = await createClientSecret(h, admin);
});
afterAll(async () => {
  await h.close();
  await tiktok.close();
  await meta.close();
});

describe('client secrets per platform', () => {
  it('stores TikTok and Meta apps with their own redirect URI and keeps YouTube’s quota fields out of them', async () => {
    const list = await h.request('GET', '/api/admin/client-secrets', { token: admin });
    expect(list.status).toBe(200);
    const byId = new Map((list.body as Array<{ id: string }>).map((c) => [c.id, c]));
    expect(byId.get(tiktokClient)).toMatchObject({ platform: 'tiktok', clientId: 'awtiktokclientkey', redirectUri: `${h.baseUrl}/api/publish/tiktok/auth/callback` });
    expect(byId.get(metaClient)).toMatchObject({ platform: 'meta', redirectUri: `${h.baseUrl}/api/publish/meta/auth/callback` });
    expect(byId.get(youtubeClient)).toMatchObject({ platform: 'youtube', redirectUri: `${h.baseUrl}/api/youtube/auth/callback` });

    const quota = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'TikTok 2', platform: 'tiktok', clientId: 'k2', clientSecret: 'another-tiktok-secret', quotaDailyUploads: 7 },
    });
    expect(quota.status).toBe(201);
    expect(quota.body.quotaDailyUploads).toBe(100);
    // An update without a platform keeps it; another platform is refused.
    const keep = await h.request('PUT', `/api/admin/client-secrets/${quota.body.id}`, { token: admin, body: { name: 'TikTok 2b', clientId: 'k2' } });
    expect(keep.status).toBe(200);
    expect(keep.body.platform).toBe('tiktok');
    const change = await h.request('PUT', `/api/admin/client-secrets/${quota.body.id}`, { token: admin, body: { name: 'x', clientId: 'k2', platform: 'youtube' } });
    expect(change.status).toBe(400);
    expect(change.body.message).toMatch(/Platform client secret tidak dapat diubah/);
    expect((await h.request('DELETE', `/api/admin/client-secrets/${quota.body.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses a platform that is no app (instagram) with a 400 in Indonesian', async () => {
    const res = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'IG', platform: 'instagram', clientId: 'x', clientSecret: 'some-secret-value' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Platform harus youtube, tiktok atau meta/);
  });

  it('keeps YouTube’s routes to YouTube clients: the picker lists only them, a TikTok or Meta client is not found', async () => {
    const options = await h.request('GET', '/api/youtube/client-secrets', { token: alice });
    expect(options.status).toBe(200);
    expect((options.body as Array<{ id: string }>).map((o) => o.id)).toEqual([youtubeClient]);
    for (const id of [tiktokClient, metaClient]) {
      const res = await h.request('GET', `/api/youtube/auth/url?clientSecretId=${id}`, { token: alice });
      expect(res.status).toBe(404);
    }
    // And the other way round: a YouTube client gives no TikTok consent URL, nor a TikTok one Meta's.
    expect((await h.request('GET', `/api/publish/tiktok/auth/url?clientSecretId=${youtubeClient}`, { token: alice })).status).toBe(404);
    const wrong = await h.request('GET', `/api/publish/meta/auth/url?clientSecretId=${tiktokClient}`, { token: alice });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toMatch(/Aplikasi Meta/);
  });

  it('lists the TikTok or Meta apps a member connects through with ?platform= (the Publikasikan page)', async () => {
    const ids = async (query: string) => {
      const res = await h.request('GET', `/api/youtube/client-secrets${query}`, { token: alice });
      expect(res.status).toBe(200);
      return (res.body as Array<{ id: string }>).map((o) => o.id);
    };
    expect(await ids('?platform=tiktok')).toEqual([tiktokClient]);
    expect(await ids('?platform=meta')).toEqual([metaClient]);
    expect(await ids('?platform=youtube')).toEqual([youtubeClient]);
    const bad = await h.request('GET', '/api/youtube/client-secrets?platform=instagram', { token: alice });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Platform harus youtube, tiktok atau meta/);
  });
});

describe('connecting TikTok', () => {
  let accountId: string;

  it('builds TikTok’s consent URL with the client key, our callback and a signed state', async () => {
    const res = await h.request('GET', `/api/publish/tiktok/auth/url?clientSecretId=${tiktokClient}`, { token: alice });
    expect(res.status).toBe(200);
    const url = new URL(res.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(tiktok.urls.authUrl);
    expect(url.searchParams.get('client_key')).toBe('awtiktokclientkey');
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.baseUrl}/api/publish/tiktok/auth/callback`);
    expect(url.searchParams.get('scope')).toContain('video.publish');
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });

  it('stores the account from TikTok’s redirect with sealed tokens and lists it', async () => {
    const creator = tiktok.addAccount({ username: 'dapur.sari', displayName: 'Dapur Sari' });
    tiktok.nextConsentOpenId = creator.openId;
    const done = await connectPublish(h, alice, 'tiktok', tiktokClient);
    expect(done.status, done.html).toBe(200);
    expect(done.html).toContain('Dapur Sari');
    expect(done.html).toContain('window.close()');
    expect(done.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);

    const list = await h.request('GET', '/api/publish/accounts', { token: alice });
    expect(list.status).toBe(200);
    const account = (list.body.accounts as Array<Record<string, unknown>>).find((a) => a.platform === 'tiktok');
    expect(account).toMatchObject({ name: 'Dapur Sari', username: 'dapur.sari', needsReconnect: false, clientSecretId: tiktokClient, pageName: null });
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);
    accountId = account?.id as string;

    const [row] = await rows();
    expect(row?.remoteId).toBe(creator.openId);
    const tokens = await storedTikTokTokens(accountId);
    expect(tokens.refreshToken.length).toBeGreaterThan(10);
    expect(row?.sealedTokens).not.toContain(tokens.accessToken);
    expect(row?.sealedTokens).not.toContain(tokens.refreshToken);
  });

  it('refuses a replayed state: the second use changes nothing', async () => {
    const done = await connectPublish(h, alice, 'tiktok', tiktokClient);
    expect(done.status).toBe(200);
    const before = await rows();
    const calls = tokenCalls();
    const replay = await fetch(done.callbackUrl);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toMatch(/tidak valid, sudah dipakai, atau sudah kedaluwarsa/);
    expect(await rows()).toEqual(before);
    expect(tokenCalls()).toBe(calls);
  });

  it('refuses an expired state and a YouTube state on TikTok’s callback without asking TikTok', async () => {
    const calls = tokenCalls();
    const start = await h.request('GET', `/api/publish/tiktok/auth/url?clientSecretId=${tiktokClient}`, { token: alice });
    const state = new URL(start.body.authUrl).searchParams.get('state') ?? '';
    await h.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthStates.id, state.split('.')[0] ?? ''));
    const expired = await fetch(`${h.baseUrl}/api/publish/tiktok/auth/callback?code=x&state=${encodeURIComponent(state)}`);
    expect(expired.status).toBe(400);

    const yt = await h.request('GET', `/api/youtube/auth/url?clientSecretId=${youtubeClient}`, { token: alice });
    const ytState = new URL(yt.body.authUrl).searchParams.get('state') ?? '';
    const crossed = await fetch(`${h.baseUrl}/api/publish/tiktok/auth/callback?code=x&state=${encodeURIComponent(ytState)}`);
    expect(crossed.status).toBe(400);
    expect(tokenCalls()).toBe(calls);
  });

  it('says so when the member declines, in a page', async () => {
    const start = await h.request('GET', `/api/publish/tiktok/auth/url?clientSecretId=${tiktokClient}`, { token: alice });
    const state = new URL(start.body.authUrl).searchParams.get('state') ?? '';
    const res = await fetch(`${h.baseUrl}/api/publish/tiktok/auth/callback?error=access_denied&error_description=denied&state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/Anda tidak memberikan izin akses ke akun TikTok/);
  });

  it('hides the account from another member: not listed, creator info and removal 404', async () => {
    const list = await h.request('GET', '/api/publish/accounts', { token: bob });
    expect(list.body.accounts).toEqual([]);
    expect((await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: bob })).status).toBe(404);
    expect((await h.request('DELETE', `/api/publish/accounts/${accountId}`, { token: bob })).status).toBe(404);
    expect((await h.request('GET', '/api/publish/accounts', { token: admin })).body.accounts).toEqual([]);
  });

  it('gives creator info, refreshing an expired token once and saving the rotated refresh token', async () => {
    const before = await storedTikTokTokens(accountId);
    tiktok.expireAccessTokens();
    await storeTikTokTokens(accountId, { ...before, accessExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const calls = tokenCalls();
    const res = await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ nickname: 'Dapur Sari', username: 'dapur.sari', maxVideoPostDurationSec: 600, commentDisabled: false });
    expect(res.body.privacyLevelOptions).toContain('SELF_ONLY');
    expect(tokenCalls()).toBe(calls + 1);
    const after = await storedTikTokTokens(accountId);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after.accessExpiresAt)).toBeGreaterThan(Date.now());

    // Fresh now: the next call asks TikTok for no token.
    expect((await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice })).status).toBe(200);
    expect(tokenCalls()).toBe(calls + 1);

    // TikTok ends the token before its stored expiry: one forced refresh, and the answer still comes.
    tiktok.expireAccessTokens();
    const early = await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice });
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(tokenCalls()).toBe(calls + 2);
    expect((await storedTikTokTokens(accountId)).refreshToken).not.toBe(after.refreshToken);
  });

  it('answers TikTok’s trouble with its sentence: 502 when TikTok fails, 429 over its rate limit', async () => {
    tiktok.failNext('post.creatorInfo', { status: 503 });
    const down = await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice });
    expect(down.status).toBe(502);
    expect(down.body.message).toEqual(expect.any(String));
    expect(down.body.message).not.toMatch(/^Internal/);
    tiktok.failNext('post.creatorInfo', { status: 429, code: 'rate_limit_exceeded' });
    const limited = await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await rows()).find((r) => r.id === accountId)?.needsReconnect).toBe(false);
  });

  it('marks the account for reconnecting and notifies its owner when the refresh is refused', async () => {
    const current = await storedTikTokTokens(accountId);
    await storeTikTokTokens(accountId, { ...current, refreshToken: 'rft.dead-refresh-token', accessExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/TikTok/);

    const list = await h.request('GET', '/api/publish/accounts', { token: alice });
    const account = (list.body.accounts as Array<Record<string, unknown>>).find((a) => a.id === accountId);
    expect(account).toMatchObject({ needsReconnect: true });
    expect(account?.reconnectReason).toEqual(expect.any(String));
    const notes = await h.database.db.select().from(notifications).where(eq(notifications.kind, 'publish.reconnect'));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toContain('Dapur Sari');

    // Marked: TikTok is not asked again until the member reconnects.
    const calls = tokenCalls();
    expect((await h.request('GET', `/api/publish/accounts/${accountId}/creator-info`, { token: alice })).status).toBe(409);
    expect(tokenCalls()).toBe(calls);

    // Reconnecting the same TikTok account clears the mark on the same row.
    tiktok.nextConsentOpenId = tiktok.accounts.find((a) => a.username === 'dapur.sari')?.openId;
    expect((await connectPublish(h, alice, 'tiktok', tiktokClient)).status).toBe(200);
    const again = await h.request('GET', '/api/publish/accounts', { token: alice });
    expect((again.body.accounts as Array<Record<string, unknown>>).find((a) => a.id === accountId)).toMatchObject({ needsReconnect: false, reconnectReason: null });
  });
});

describe('connecting Meta', () => {
  let metaUserId: string;

  it('stores every Page and its linked Instagram account from one login as destinations', async () => {
    const user = meta.addUser({
      name: 'Sari',
      pages: [{ name: 'Dapur Sari', instagram: { username: 'dapursari' } }, { name: 'Toko Sari' }],
    });
    metaUserId = user.id;
    meta.nextConsentUserId = user.id;
    const start = await h.request('GET', `/api/publish/meta/auth/url?clientSecretId=${metaClient}`, { token: alice });
    const url = new URL(start.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(meta.urls.authUrl);
    expect(url.searchParams.get('client_id')).toBe('1234567890123456');
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.baseUrl}/api/publish/meta/auth/callback`);

    const done = await connectPublish(h, alice, 'meta', metaClient);
    expect(done.status, done.html).toBe(200);
    expect(done.html).toContain('2 Page Facebook dan 1 akun Instagram');

    const list = await h.request('GET', '/api/publish/accounts', { token: alice });
    const metaAccounts = (list.body.accounts as Array<Record<string, unknown>>).filter((a) => a.platform !== 'tiktok');
    expect(metaAccounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'facebook', name: 'Dapur Sari', pageName: null, clientSecretId: metaClient }),
        expect.objectContaining({ platform: 'facebook', name: 'Toko Sari' }),
        expect.objectContaining({ platform: 'instagram', name: 'dapursari', username: 'dapursari', pageName: 'Dapur Sari' }),
      ]),
    );
    expect(metaAccounts).toHaveLength(3);
    const stored = (await rows()).filter((r) => r.platform !== 'tiktok');
    expect(new Set(stored.map((r) => r.connectionId)).size).toBe(1);
    expect(stored.every((r) => r.metaUserId === user.id)).toBe(true);
    const ig = stored.find((r) => r.platform === 'instagram');
    const tokens = JSON.parse(box().open(ig?.sealedTokens ?? '')) as { pageToken: string; userToken: string };
    expect(tokens.pageToken.length).toBeGreaterThan(5);
    expect(ig?.sealedTokens).not.toContain(tokens.pageToken);
  });

  it('says so when the member cancels Facebook’s dialog', async () => {
    const start = await h.request('GET', `/api/publish/meta/auth/url?clientSecretId=${metaClient}`, { token: alice });
    const state = new URL(start.body.authUrl).searchParams.get('state') ?? '';
    const res = await fetch(
      `${h.baseUrl}/api/publish/meta/auth/callback?error=access_denied&error_reason=user_denied&error_code=200&state=${encodeURIComponent(state)}`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/Anda tidak memberikan izin akses ke akun Meta/);
  });

  it('answers creator info only for TikTok accounts (409 otherwise)', async () => {
    const page = (await rows()).find((r) => r.platform === 'facebook');
    const res = await h.request('GET', `/api/publish/accounts/${page?.id}/creator-info`, { token: alice });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/hanya ada untuk akun TikTok/);
  });

  it('reads an Instagram account’s content_publishing_limit from Meta, as Meta counts it', async () => {
    const ig = (await rows()).find((r) => r.platform === 'instagram');
    const page = (await rows()).find((r) => r.platform === 'facebook');
    const url = `/api/publish/accounts/${ig?.id}/publishing-limit`;
    const fresh = await h.request('GET', url, { token: alice });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toEqual({ used: 0, total: 50, windowHours: 24 });
    // Meta's own figures, not the reference: 3 of 25 used (e.g. posted from the Instagram app).
    meta.setPublishingLimit(ig?.remoteId ?? '', { used: 3, total: 25 });
    expect((await h.request('GET', url, { token: alice })).body).toEqual({ used: 3, total: 25, windowHours: 24 });
    expect(meta.requests.filter((r) => r.endpoint === 'ig.publishingLimit').length).toBeGreaterThanOrEqual(2);

    expect((await h.request('GET', url, { token: bob })).status).toBe(404);
    const notInstagram = await h.request('GET', `/api/publish/accounts/${page?.id}/publishing-limit`, { token: alice });
    expect(notInstagram.status).toBe(409);
    expect(notInstagram.body.message).toMatch(/hanya dibaca untuk akun Instagram/);
    meta.failNext('ig.publishingLimit', { status: 500 });
    const down = await h.request('GET', url, { token: alice });
    expect(down.status).toBe(502);
    expect(down.body.message).toEqual(expect.any(String));
  });

  it('refuses a data-deletion request with a bad signature and records nothing', async () => {
    const forged = signedRequest({ user_id: metaUserId }, 'not-the-app-secret');
    const res = await h.request('POST', '/api/publish/meta/data-deletion', { body: { signed_request: forged } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/tanda tangan tidak cocok/);
    const garbage = await h.request('POST', '/api/publish/meta/data-deletion', { body: { signed_request: 'not-a-signed-request' } });
    expect(garbage.status).toBe(400);
    expect(await h.database.db.select().from(metaDeletionRequests)).toEqual([]);
    expect((await rows()).filter((r) => r.metaUserId === metaUserId)).toHaveLength(3);
  });

  it('records Meta’s form-encoded deletion request, removes that user’s connections and answers { url, confirmation_code }', async () => {
    const form = new URLSearchParams({ signed_request: signedRequest({ user_id: metaUserId }, META_APP_SECRET) });
    const res = await fetch(`${h.baseUrl}/api/publish/meta/data-deletion`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; confirmation_code: string };
    expect(body.confirmation_code).toMatch(/^[0-9a-f]{24}$/);
    expect(body.url).toBe(`${h.baseUrl}/#/data-deletion?code=${body.confirmation_code}`);
    const [request] = await h.database.db.select().from(metaDeletionRequests);
    expect(request).toMatchObject({ metaUserId, clientSecretId: metaClient, confirmationCode: body.confirmation_code, status: 'done', removedAccounts: 3 });
    const left = await rows();
    expect(left.filter((r) => r.metaUserId === metaUserId)).toEqual([]);
    expect(left.filter((r) => r.platform === 'tiktok')).toHaveLength(1);
  });
});

describe('removing a destination', () => {
  it('removes the member’s own TikTok account', async () => {
    const [row] = (await rows()).filter((r) => r.platform === 'tiktok');
    const res = await h.request('DELETE', `/api/publish/accounts/${row?.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: row?.id });
    expect(await rows()).toEqual([]);
    expect((await h.request('DELETE', `/api/publish/accounts/${row?.id}`, { token: alice })).status).toBe(404);
  });
});
