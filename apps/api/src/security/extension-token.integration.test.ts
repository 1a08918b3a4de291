// Issue 29 item 8: the browser extension holds less than a session. The web app asks for a token
// of scope `cookies` (POST /api/me/extension-token, browser session only); it reaches the member's
// own cookie routes and nothing else, at most three live per member (the oldest revoked), 30 days,
// listed and revocable like any token, and ended by a password change like any token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_TOKEN_DAYS, MAX_EXTENSION_TOKENS_PER_MEMBER } from '@scrapper/contracts/http/me-tokens';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let ana: string;
let anaId: string;
let admin: string;

const COOKIES = '# Netscape HTTP Cookie File\n.tiktok.com\tTRUE\t/\tTRUE\t2000000000\tsessionid\trahasia-ekstensi\n';

async function mint(session: string): Promise<{ id: string; secret: string; body: Record<string, unknown> }> {
  const res = await h.request('POST', '/api/me/extension-token', { token: session });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.token.id as string, secret: res.body.secret as string, body: res.body };
}

beforeAll(async () => {
  h = await startHarness();
  anaId = (await h.createUser('ana-ext', 'ana-ext-password', 'user')).id;
  await h.createUser('admin-ext', 'admin-ext-password', 'admin');
  ana = await h.login('ana-ext', 'ana-ext-password');
  admin = await h.login('admin-ext', 'admin-ext-password');
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/me/extension-token', () => {
  it('answers a cookies-scoped token once, named for the extension, valid 30 days, with the username', async () => {
    const before = Date.now();
    const { body, secret } = await mint(ana);
    expect(secret).toMatch(/^scr_[A-Za-z0-9_-]{43}$/);
    expect(body.username).toBe('ana-ext');
    expect(body.token).toMatchObject({ name: 'Ekstensi browser', scope: 'cookies', expired: false });
    const expires = Date.parse((body.token as { expiresAt: string }).expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(EXTENSION_TOKEN_DAYS * 86_400_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(EXTENSION_TOKEN_DAYS * 86_400_000 + 60_000);
    const [row] = await h.database.sql`select scope, owner_id::text as owner from api_tokens where id = ${(body.token as { id: string }).id}`;
    expect(row).toEqual({ scope: 'cookies', owner: anaId });
  });

  it('is refused to any token (a token cannot mint another), and to nobody', async () => {
    const write = await h.request('POST', '/api/me/tokens', { token: ana, body: { name: 'skrip', scope: 'write' } });
    const ext = await mint(ana);
    for (const token of [write.body.secret as string, ext.secret]) {
      const res = await h.request('POST', '/api/me/extension-token', { token });
      expect(res.status).toBe(403);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await h.request('POST', '/api/me/extension-token')).status).toBe(401);
  });

  it('the Token API page cannot make a cookies token: 400, nothing saved', async () => {
    const before = (await h.database.sql`select count(*)::int as n from api_tokens`)[0]?.n;
    const res = await h.request('POST', '/api/me/tokens', { token: ana, body: { name: 'x', scope: 'cookies' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Scope token harus 'read'");
    expect((await h.database.sql`select count(*)::int as n from api_tokens`)[0]?.n).toBe(before);
  });
});

describe('a cookies token', () => {
  it('lists, saves and deletes the member’s own cookies', async () => {
    const { secret } = await mint(ana);
    const put = await h.request('PUT', '/api/me/cookies/tiktok', { token: secret, body: { cookies: COOKIES } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ platform: 'tiktok', count: 1 });
    const list = await h.request('GET', '/api/me/cookies', { token: secret });
    expect(list.status).toBe(200);
    expect(list.body.platforms.map((p: { platform: string }) => p.platform)).toEqual(['tiktok']);
    const del = await h.request('DELETE', '/api/me/cookies/tiktok', { token: secret });
    expect(del.body).toEqual({ deleted: true });
  });

  it('is refused everywhere else with 403 and a message naming what it is for, changing nothing', async () => {
    const { secret } = await mint(ana);
    const adminExt = await mint(admin);
    const refused: Array<[string, string, string, unknown?]> = [
      [secret, 'GET', '/api/auth/me'],
      [secret, 'GET', '/api/me/tokens'],
      [secret, 'POST', '/api/me/tokens', { name: 'lebih', scope: 'write' }],
      [secret, 'PUT', '/api/me/password', { currentPassword: 'ana-ext-password', newPassword: 'baru-sekali-123' }],
      [secret, 'GET', '/api/media/history'],
      [secret, 'GET', '/api/youtube/auth/url'],
      [secret, 'GET', '/api/extension/package'],
      [adminExt.secret, 'GET', '/api/admin/users'],
      [adminExt.secret, 'POST', '/api/admin/users', { username: 'penyusup', password: 'penyusup-123', role: 'admin' }],
    ];
    for (const [token, method, path, body] of refused) {
      const res = await h.request(method, path, { token, body });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.message).toContain('Token ekstensi browser hanya boleh');
    }
    expect(await h.database.sql`select 1 from users where username = 'penyusup'`).toHaveLength(0);
    expect((await h.request('GET', '/api/metrics', { token: adminExt.secret })).status).toBe(403);
    // The session still works: nothing was changed.
    expect((await h.request('GET', '/api/auth/me', { token: ana })).status).toBe(200);
  });
});

describe('living tokens', () => {
  it(`at most ${MAX_EXTENSION_TOKENS_PER_MEMBER} live per member: the next one revokes the oldest`, async () => {
    const budiId = (await h.createUser('budi-ext', 'budi-ext-password', 'user')).id;
    const budi = await h.login('budi-ext', 'budi-ext-password');
    const made: Array<{ id: string; secret: string }> = [];
    for (let i = 0; i < MAX_EXTENSION_TOKENS_PER_MEMBER + 1; i++) made.push(await mint(budi));
    const [oldest, second, , newest] = made.map((m) => m.secret);
    const live = await h.database.sql`select id::text from api_tokens where owner_id = ${budiId} and revoked_at is null order by created_at`;
    expect(live.map((r) => r.id)).toEqual(made.slice(1).map((m) => m.id));
    const old = await h.request('GET', '/api/me/cookies', { token: oldest });
    expect(old.status).toBe(401);
    expect(old.body.message).toContain('dicabut');
    expect((await h.request('GET', '/api/me/cookies', { token: newest })).status).toBe(200);
    // They do not use up the 20 personal tokens, and the personal ones do not push them out.
    const personal = await h.request('POST', '/api/me/tokens', { token: budi, body: { name: 'skrip', scope: 'read' } });
    expect(personal.status).toBe(201);
    expect((await h.request('GET', '/api/me/cookies', { token: second })).status).toBe(200);
  });

  it('are listed with ?scope=cookies, revocable like any token, and ended by a password change', async () => {
    const citraId = (await h.createUser('citra-ext', 'citra-ext-password', 'user')).id;
    let citra = await h.login('citra-ext', 'citra-ext-password');
    const first = await mint(citra);
    await h.request('POST', '/api/me/tokens', { token: citra, body: { name: 'skrip', scope: 'read' } });
    const listed = await h.request('GET', '/api/me/tokens?scope=cookies', { token: citra });
    expect(listed.status).toBe(200);
    expect(listed.body.tokens.map((t: { id: string; scope: string }) => [t.id, t.scope])).toEqual([[first.id, 'cookies']]);
    expect((await h.request('GET', '/api/me/tokens?scope=admin', { token: citra })).status).toBe(400);

    const revoked = await h.request('DELETE', `/api/me/tokens/${first.id}`, { token: citra });
    expect(revoked.status).toBe(200);
    expect((await h.request('GET', '/api/me/cookies', { token: first.secret })).status).toBe(401);

    const second = await mint(citra);
    const change = await h.request('PUT', '/api/me/password', {
      token: citra,
      body: { currentPassword: 'citra-ext-password', newPassword: 'citra-baru-password', confirmPassword: 'citra-baru-password' },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    citra = change.body.token as string;
    expect((await h.request('GET', '/api/me/cookies', { token: second.secret })).status).toBe(401);
    const live = await h.database.sql`select 1 from api_tokens where owner_id = ${citraId} and revoked_at is null`;
    expect(live).toHaveLength(0);
  });
});
