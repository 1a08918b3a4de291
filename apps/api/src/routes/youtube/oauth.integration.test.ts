import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oauthStates, youtubeAccounts, youtubeUploads } from '@scrapper/db/schema';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectAccount, consent, createClientSecret, fakeGoogleEnv } from '../../../test/youtube.ts';

let h: Harness;
let fake: FakeGoogle;
let admin: string;
let alice: string;
let bob: string;
let clientId: string;

const accounts = () => h.database.db.select().from(youtubeAccounts);

/** Makes the stored access token look expired, so the Google client refreshes before calling. */
async function expireStoredToken(accountId: string): Promise<{ refreshToken: string }> {
  const box = createSecretBox(h.env.secretsKey);
  const [row] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, accountId));
  const tokens = JSON.parse(box.open(row?.sealedTokens ?? '')) as { refreshToken: string; expiryDate: number };
  const expired = { ...tokens, expiryDate: Date.now() - 1000 };
  await h.database.db.update(youtubeAccounts).set({ sealedTokens: box.seal(JSON.stringify(expired)) }).where(eq(youtubeAccounts.id, accountId));
  return tokens;
}
const states = () => h.database.db.select().from(oauthStates);

beforeAll(async () => {
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness(fakeGoogleEnv(fake));
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  clientId = await createClientSecret(h, admin);
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe('connecting a channel', () => {
  it('builds the consent URL with a signed state, and 404s for a missing or inactive client', async () => {
    const res = await h.request('GET', `/api/youtube/auth/url?clientSecretId=${clientId}`, { token: alice });
    expect(res.status).toBe(200);
    const url = new URL(res.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(fake.urls.oauthAuthUrl);
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.baseUrl}/api/youtube/auth/callback`);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    const missing = await h.request('GET', '/api/youtube/auth/url?clientSecretId=5b2a6f0e-2f44-4d8a-9f3e-1c1c1c1c1c1c', { token: alice });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Client secret YouTube tidak dikonfigurasi. Silakan hubungi administrator.');
    const inactive = await createClientSecret(h, admin, 'Inactive');
    await h.request('PUT', `/api/admin/client-secrets/${inactive}`, { token: admin, body: { name: 'Inactive', clientId: 'i', isActive: false } });
    expect((await h.request('GET', `/api/youtube/auth/url?clientSecretId=${inactive}`, { token: alice })).status).toBe(404);
  });

  it('stores the channel from Google’s redirect with sealed tokens and closes the popup', async () => {
    const done = await consent(h, alice, `clientSecretId=${clientId}`);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Fake Channel');
    expect(done.html).toContain('window.close()');
    const csp = done.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');

    const list = await h.request('GET', '/api/youtube/accounts', { token: alice });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ accountName: 'Fake Channel', channelId: fake.defaultChannelId, clientSecretId: clientId, isValid: true });
    expect(list.body[0].username).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const [row] = await accounts();
    const box = createSecretBox(h.env.secretsKey);
    const tokens = JSON.parse(box.open(row?.sealedTokens ?? '')) as { accessToken: string; refreshToken: string };
    expect(tokens.accessToken.length).toBeGreaterThan(10);
    expect(tokens.refreshToken.length).toBeGreaterThan(10);
    expect(row?.sealedTokens).not.toContain(tokens.accessToken);
    expect(row?.sealedTokens).not.toContain(tokens.refreshToken);
  });

  it('refuses a replayed state: the second use changes nothing', async () => {
    const done = await consent(h, alice, `clientSecretId=${clientId}`);
    expect(done.status).toBe(200);
    const before = await accounts();
    const replay = await fetch(done.callbackUrl);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toMatch(/tidak valid, sudah dipakai, atau sudah kedaluwarsa/);
    expect(await accounts()).toEqual(before);
  });

  it('refuses forged and expired states without asking Google', async () => {
    const tokenCalls = () => fake.requests.filter((r) => r.endpoint === 'oauth.token').length;
    const calls = tokenCalls();
    const before = await accounts();
    const start = await h.request('GET', `/api/youtube/auth/url?clientSecretId=${clientId}`, { token: alice });
    const state = new URL(start.body.authUrl).searchParams.get('state') ?? '';
    const [id, signature] = state.split('.');
    const forged = [
      `${id}.${'A'.repeat(43)}`,
      `5b2a6f0e-2f44-4d8a-9f3e-1c1c1c1c1c1c.${signature}`,
      `${id}`,
      'garbage',
    ];
    for (const s of forged) {
      const res = await fetch(`${h.baseUrl}/api/youtube/auth/callback?code=anything&state=${encodeURIComponent(s)}`);
      expect(res.status, s).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
    const none = await fetch(`${h.baseUrl}/api/youtube/auth/callback?code=anything`);
    expect(none.status).toBe(400);

    await h.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthStates.id, id ?? ''));
    const google = await fetch(start.body.authUrl, { redirect: 'manual' });
    const expired = await fetch(google.headers.get('location') ?? '');
    expect(expired.status).toBe(400);
    expect(tokenCalls()).toBe(calls);
    expect(await accounts()).toEqual(before);
    const [stateRow] = await h.database.db.select().from(oauthStates).where(eq(oauthStates.id, id ?? ''));
    expect(stateRow?.usedAt).toBeNull();
  });

  it('shows a friendly page when the member cancels on Google, and spends the state', async () => {
    const start = await h.request('GET', `/api/youtube/auth/url?clientSecretId=${clientId}`, { token: alice });
    const state = new URL(start.body.authUrl).searchParams.get('state') ?? '';
    const res = await fetch(`${h.baseUrl}/api/youtube/auth/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/Koneksi dibatalkan/);
    const [row] = await h.database.db.select().from(oauthStates).where(eq(oauthStates.id, state.split('.')[0] ?? ''));
    expect(row?.usedAt).not.toBeNull();
  });

  it('re-authenticates the same channel, and refuses a different one', async () => {
    const [account] = await accounts();
    const id = account?.id ?? '';
    await h.database.db.update(youtubeAccounts).set({ isValid: false }).where(eq(youtubeAccounts.id, id));
    const again = await consent(h, alice, `clientSecretId=${clientId}&accountId=${id}`);
    expect(again.status).toBe(200);
    const [valid] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, id));
    expect(valid?.isValid).toBe(true);
    expect(valid?.sealedTokens).not.toBe(account?.sealedTokens);

    const other = fake.addChannel({ title: 'Channel Lain' });
    fake.nextConsentChannelId = other.id;
    const wrong = await consent(h, alice, `clientSecretId=${clientId}&accountId=${id}`);
    expect(wrong.status).toBe(409);
    expect(wrong.html).toMatch(/Channel Lain/);
    expect((await accounts()).map((a) => a.channelId)).not.toContain(other.id);

    // Someone else's account cannot be re-authenticated.
    expect((await h.request('GET', `/api/youtube/auth/url?clientSecretId=${clientId}&accountId=${id}`, { token: bob })).status).toBe(404);
  });
});

describe('playlists', () => {
  it('lists the channel’s playlists with the stored tokens, refreshing them when they expired', async () => {
    const [account] = await h.request('GET', '/api/youtube/accounts', { token: alice }).then((r) => r.body);
    const res = await h.request('GET', `/api/youtube/playlists/${account.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { title: string }) => p.title)).toEqual(['Favorit', 'Shorts Harian']);

    await expireStoredToken(account.id);
    const refreshes = fake.stats.refreshes;
    const [before] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, account.id));
    const refreshed = await h.request('GET', `/api/youtube/playlists/${account.id}`, { token: alice });
    expect(refreshed.status).toBe(200);
    expect(fake.stats.refreshes).toBe(refreshes + 1);
    const [after] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, account.id));
    expect(after?.sealedTokens).not.toBe(before?.sealedTokens);
    expect(after?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    // The refresh token survived the refresh.
    const box = createSecretBox(h.env.secretsKey);
    expect(JSON.parse(box.open(after?.sealedTokens ?? '')).refreshToken).toBe(JSON.parse(box.open(before?.sealedTokens ?? '')).refreshToken);
  });

  it('answers 503 when YouTube is down, never 500', async () => {
    const [account] = await h.request('GET', '/api/youtube/accounts', { token: alice }).then((r) => r.body);
    fake.failNext('playlists.list', { status: 503, reason: 'backendError', times: 5 });
    const res = await h.request('GET', `/api/youtube/playlists/${account.id}`, { token: alice });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/YouTube/);
    fake.reset();
  });

  it('answers 409 YouTubeReauthRequired and marks the account when Google revoked the grant', async () => {
    const [account] = await h.request('GET', '/api/youtube/accounts', { token: alice }).then((r) => r.body);
    const tokens = await expireStoredToken(account.id);
    fake.revokeRefreshToken(tokens.refreshToken);
    const res = await h.request('GET', `/api/youtube/playlists/${account.id}`, { token: alice });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      statusCode: 409,
      error: 'YouTubeReauthRequired',
      message: 'Akun YouTube ini memerlukan re-autentikasi. Silakan hubungkan ulang akun.',
    });
    const list = await h.request('GET', '/api/youtube/accounts', { token: alice });
    expect(list.body[0].isValid).toBe(false);
  });
});

describe('members and their accounts', () => {
  it('keeps one member’s accounts from another (404, never 403), while admins see everyone’s', async () => {
    const [account] = await h.request('GET', '/api/youtube/accounts', { token: alice }).then((r) => r.body);
    expect((await h.request('GET', '/api/youtube/accounts', { token: bob })).body).toEqual([]);
    expect((await h.request('GET', '/api/youtube/accounts?all=true', { token: bob })).body).toEqual([]);
    expect((await h.request('GET', `/api/youtube/playlists/${account.id}`, { token: bob })).status).toBe(404);
    expect((await h.request('DELETE', `/api/youtube/accounts/${account.id}`, { token: bob })).status).toBe(404);

    const all = await h.request('GET', '/api/youtube/accounts?all=true', { token: admin });
    expect(all.body.find((a: { id: string }) => a.id === account.id)).toMatchObject({ username: 'alice' });
    expect((await h.request('GET', '/api/youtube/accounts', { token: admin })).body).toEqual([]);
  });

  it('deleting an account removes its uploads and their files', async () => {
    const bobAccount = await connectAccount(h, bob, clientId);
    const [bobRow] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, bobAccount));
    const key = `uploads/${bobRow?.userId}/5b2a6f0e-2f44-4d8a-9f3e-1c1c1c1c1c1c/video.mp4`;
    await h.storage.write(key, Buffer.from('video bytes'));
    await h.database.db.insert(youtubeUploads).values({
      userId: bobRow?.userId ?? '',
      accountId: bobAccount,
      title: 'Bob video',
      sourceKind: 'file',
      videoStorageKey: key,
      status: 'failed',
    });
    // Alice cannot; Bob can.
    expect((await h.request('DELETE', `/api/youtube/accounts/${bobAccount}`, { token: alice })).status).toBe(404);
    const res = await h.request('DELETE', `/api/youtube/accounts/${bobAccount}`, { token: bob });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: bobAccount, deletedUploads: 1 });
    expect(await h.storage.exists(key)).toBe(false);
    expect(await h.database.db.select().from(youtubeUploads)).toEqual([]);
    expect((await h.request('DELETE', `/api/youtube/accounts/${bobAccount}`, { token: bob })).status).toBe(404);
  });
});

describe('states', () => {
  it('keeps issued states single-use rows with a ten-minute life', async () => {
    const before = Date.now();
    await h.request('GET', `/api/youtube/auth/url?clientSecretId=${clientId}`, { token: alice });
    const rows = await states();
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest?.usedAt).toBeNull();
    const ttl = (newest?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000 + 5000);
  });
});
