// Our Meta adapter (@scrapper/integrations/meta, plain fetch) against the fake Meta: Facebook
// Login for Business through the consent page, the long-lived exchange, Pages and linked
// Instagram accounts, and the token errors every Graph call can meet.
import {
  buildMetaAuthUrl,
  exchangeLongLivedToken,
  exchangeMetaCode,
  getMetaUser,
  listMetaDestinations,
  parseMetaCallback,
  parseSignedRequest,
  type MetaAppCredentials,
  type MetaEndpoints,
} from '@scrapper/integrations/meta';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusal } from './publish-refusal.ts';
import { signedRequest, startFakeMeta, type FakeMeta } from './start-fake-meta.ts';

let fake: FakeMeta;
let endpoints: MetaEndpoints;
const app: MetaAppCredentials = {
  appId: '710000000000001',
  appSecret: 'meta-app-secret',
  redirectUri: 'http://127.0.0.1:9/api/publish/meta/auth/callback',
};

beforeAll(async () => {
  fake = await startFakeMeta({ apps: [{ ...app, redirectUris: [app.redirectUri] }] });
  fake.addUser({
    name: 'Sari',
    pages: [
      { name: 'Dapur Sari', instagram: { username: 'dapursari' } },
      { name: 'Sari Jalan-jalan' },
    ],
  });
  endpoints = { ...fake.urls, graphVersion: fake.version };
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

/** The consent page's form, submitted as a browser would; answers the redirect's query. */
async function login(decision: 'allow' | 'deny', state = 'st-1'): Promise<URLSearchParams> {
  const page = await fetch(buildMetaAuthUrl(endpoints, app, state));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('id="consent-allow"');
  expect(html).toContain('id="consent-deny"');
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(new URL(action, fake.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent, decision }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(app.redirectUri);
  return location.searchParams;
}

describe('Facebook Login for Business against the fake', () => {
  it('logs in through the consent page, exchanges the code once, then for a 60-day token', async () => {
    const callback = parseMetaCallback(await login('allow'));
    expect(callback).toMatchObject({ ok: true, state: 'st-1' });
    if (!callback.ok) throw new Error('no code');
    expect(fake.authRequests[0]).toMatchObject({
      clientId: app.appId,
      scope:
        'pages_show_list,pages_read_engagement,pages_manage_posts,instagram_basic,instagram_content_publish,business_management',
      outcome: 'approved',
    });

    const short = await exchangeMetaCode(endpoints, app, callback.code);
    const again = await refusal(exchangeMetaCode(endpoints, app, callback.code));
    expect(again).toMatchObject({ code: '100', subcode: 36009 });

    const long = await exchangeLongLivedToken(endpoints, app, short.accessToken);
    const days = ((long.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
    expect((short.expiresAt?.getTime() ?? 0) - Date.now()).toBeLessThan(3 * 3_600_000);
    expect(await getMetaUser(endpoints, long.accessToken)).toMatchObject({ name: 'Sari' });
  });

  it('brings the refusal back when the member cancels', async () => {
    expect(parseMetaCallback(await login('deny', 'st-2'))).toEqual({
      ok: false,
      error: 'access_denied',
      reason: 'user_denied',
      state: 'st-2',
    });
  });

  it('grants every permission to a Login for Business configuration (config_id, autoApprove)', async () => {
    fake.autoApprove = true;
    const url = new URL(buildMetaAuthUrl(endpoints, app, 'st-3', { configId: 'cfg-1' }));
    url.searchParams.delete('scope');
    const answer = await fetch(url, { redirect: 'manual' });
    const callback = parseMetaCallback(new URL(answer.headers.get('location') ?? '').searchParams);
    if (!callback.ok) throw new Error('no code');
    const token = await exchangeMetaCode(endpoints, app, callback.code);
    expect(await listMetaDestinations(endpoints, token.accessToken)).toHaveLength(3);
  });

  it('binds the code to the redirect_uri and the app secret', async () => {
    const first = parseMetaCallback(await login('allow'));
    if (!first.ok) throw new Error('no code');
    const moved = await refusal(
      exchangeMetaCode(
        endpoints,
        { ...app, redirectUri: 'http://127.0.0.1:9/elsewhere' },
        first.code,
      ),
    );
    expect(moved).toMatchObject({ code: '100', subcode: 36008, retryable: false });
    const second = parseMetaCallback(await login('allow'));
    if (!second.ok) throw new Error('no code');
    const secret = await refusal(
      exchangeMetaCode(endpoints, { ...app, appSecret: 'wrong' }, second.code),
    );
    expect(secret.detail).toContain('Error validating client secret.');
  });
});

describe('Pages and Instagram accounts', () => {
  it('lists every Page with its token and the linked Instagram account, page by page', async () => {
    const many = fake.addUser({
      name: 'Agensi',
      pages: Array.from({ length: 30 }, (_, i) => ({
        name: `Halaman ${i + 1}`,
        ...(i % 10 === 0 ? { instagram: { username: `akun${i + 1}` } } : {}),
      })),
    });
    const token = fake.issueUserToken({ userId: many.id }).accessToken;
    const destinations = await listMetaDestinations(endpoints, token);
    expect(destinations.filter((d) => d.platform === 'facebook')).toHaveLength(30);
    expect(destinations.filter((d) => d.platform === 'instagram').map((d) => d.name)).toEqual([
      'akun1',
      'akun11',
      'akun21',
    ]);
    expect(fake.requests.filter((r) => r.endpoint === 'me.accounts')).toHaveLength(2);
    const ig = destinations.find((d) => d.name === 'akun11');
    const page = destinations.find((d) => d.platform === 'facebook' && d.remoteId === ig?.pageId);
    expect(page?.name).toBe('Halaman 11');
    expect(ig?.token).toBe(page?.token);
    // A Page token speaks for its Page.
    expect(await getMetaUser(endpoints, page?.token ?? '')).toEqual({
      id: page?.remoteId,
      name: 'Halaman 11',
    });
  });

  it('answers an expired token with 190/463 and a changed password with 190/460: reconnect', async () => {
    const token = fake.issueUserToken().accessToken;
    fake.expireTokens();
    expect(await refusal(listMetaDestinations(endpoints, token))).toMatchObject({
      platform: 'facebook',
      code: '190',
      subcode: 463,
      reconnect: true,
    });
    const other = fake.issueUserToken().accessToken;
    fake.expireTokens(460);
    const changed = await refusal(getMetaUser(endpoints, other));
    expect(changed).toMatchObject({ subcode: 460, reconnect: true });
    expect(changed.userMessage).toMatch(/Kata sandi Facebook/);
    expect(await refusal(getMetaUser(endpoints, 'garbage'))).toMatchObject({
      code: '190',
      reconnect: true,
    });
  });

  it('refuses a token without pages_show_list with code 200', async () => {
    const token = fake.issueUserToken({ scopes: ['instagram_basic'] }).accessToken;
    expect(await refusal(listMetaDestinations(endpoints, token))).toMatchObject({
      code: '200',
      reconnect: true,
    });
  });

  it('maps injected rate limits and server errors as retryable', async () => {
    const token = fake.issueUserToken().accessToken;
    fake.failNext('me.accounts', { code: 4, message: '(#4) Application request limit reached' });
    expect(await refusal(listMetaDestinations(endpoints, token))).toMatchObject({
      code: '4',
      retryable: true,
    });
    fake.failNext('me', { status: 503 });
    expect(await refusal(getMetaUser(endpoints, token))).toMatchObject({
      status: 503,
      retryable: true,
    });
    fake.failNext('me', { resetConnection: true });
    expect(await refusal(getMetaUser(endpoints, token))).toMatchObject({
      status: null,
      retryable: true,
    });
    expect(await getMetaUser(endpoints, token)).toMatchObject({ name: 'Sari' });
  });
});

describe('data deletion', () => {
  it("makes signed_requests our parser accepts, and refuses another app's", () => {
    const request = signedRequest({ user_id: '1029' }, app.appSecret);
    expect(parseSignedRequest(request, app.appSecret)).toMatchObject({
      user_id: '1029',
      algorithm: 'HMAC-SHA256',
    });
    expect(() =>
      parseSignedRequest(signedRequest({ user_id: '1' }, 'other'), app.appSecret),
    ).toThrow(/tanda tangan/);
  });
});
