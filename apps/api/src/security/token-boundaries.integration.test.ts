// Issue 29 items 1-3: a personal token never becomes more than it is. It cannot make users or
// set passwords and roles (an admin's write token could reset its own owner's password, log in
// and mint new tokens, or make an admin that outlives its revocation); a read token changes
// nothing, not even through the GETs that write; and a password change or reset ends the
// member's tokens with their sessions.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let adminSession: string;
let adminId: string;

async function tokenOf(session: string, scope: 'read' | 'write', name = `uji ${scope}`): Promise<string> {
  const res = await h.request('POST', '/api/me/tokens', { token: session, body: { name, scope } });
  expect(res.status).toBe(201);
  return res.body.secret as string;
}

const usersNamed = async (username: string) =>
  (await h.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where username = ${username}`))[0]?.n;

beforeAll(async () => {
  h = await startHarness();
  ({ id: adminId } = await h.createUser('batas-admin', 'batas-admin-password', 'admin'));
  adminSession = await h.login('batas-admin', 'batas-admin-password');
}, 60_000);
afterAll(() => h.close());

describe('personal tokens and the routes that make credentials', () => {
  it("an admin's write token cannot reset its own owner's password, change a role or make a user", async () => {
    const token = await tokenOf(adminSession, 'write');
    const { id: memberId } = await h.createUser('batas-anggota', 'batas-anggota-password', 'user');

    const reset = await h.request('PUT', `/api/admin/users/${adminId}`, { token, body: { role: 'admin', password: 'diambil-alih-123' } });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toMatch(/^Token API tidak bisa dipakai untuk .*membuat pengguna, atau mengganti password atau role/);
    const promote = await h.request('PUT', `/api/admin/users/${memberId}`, { token, body: { role: 'admin' } });
    expect(promote.status).toBe(403);
    const create = await h.request('POST', '/api/admin/users', { token, body: { username: 'admin-gelap', password: 'admin-gelap-123', role: 'admin' } });
    expect(create.status).toBe(403);

    // Nothing changed: the old password still logs in, the member is still a member, no user was made.
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'batas-admin', password: 'batas-admin-password' } })).status).toBe(200);
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'batas-admin', password: 'diambil-alih-123' } })).status).toBe(401);
    const users = await h.request('GET', '/api/admin/users', { token: adminSession });
    expect((users.body as Array<{ id: string; role: string }>).find((u) => u.id === memberId)?.role).toBe('user');
    expect(await usersNamed('admin-gelap')).toBe(0);
    // The same admin, from the browser, still can.
    expect((await h.request('PUT', `/api/admin/users/${memberId}`, { token: adminSession, body: { role: 'user' } })).status).toBe(200);
  });

  it('a read token is refused on the GETs that write: starting a YouTube connection, a preview, a download', async () => {
    const token = await tokenOf(adminSession, 'read');
    const statesBefore = (await h.database.db.execute<{ n: number }>(sql`select count(*)::int as n from oauth_states`))[0]?.n;
    const id = '00000000-0000-4000-8000-000000000001';
    for (const path of [
      `/api/youtube/auth/url?clientSecretId=${id}`,
      '/api/media/preview/123?filename=tiktok_20261128_000000.json',
      '/api/media/download/123?filename=tiktok_20261128_000000.json',
    ]) {
      const res = await h.request('GET', path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toMatch(/hanya boleh membaca \(scope 'read'\), sedangkan permintaan ini menyimpan data/);
    }
    expect((await h.database.db.execute<{ n: number }>(sql`select count(*)::int as n from oauth_states`))[0]?.n).toBe(statesBefore);
    // Reading stays open to it.
    expect((await h.request('GET', '/api/media/history', { token })).status).toBe(200);
  });
});

describe('a password change or reset ends personal tokens', () => {
  it("an admin's reset revokes every token of the member, with the sessions", async () => {
    const { id } = await h.createUser('reset-anggota', 'reset-anggota-password', 'user');
    const session = await h.login('reset-anggota', 'reset-anggota-password');
    const tokens = [await tokenOf(session, 'read'), await tokenOf(session, 'write')];
    for (const token of tokens) expect((await h.request('GET', '/api/auth/me', { token })).status).toBe(200);

    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminSession, body: { role: 'user', password: 'reset-baru-12345' } })).status).toBe(200);
    expect((await h.request('GET', '/api/auth/me', { token: session })).status).toBe(401);
    for (const token of tokens) expect((await h.request('GET', '/api/auth/me', { token })).status).toBe(401);

    // A role change alone ends nothing.
    const fresh = await h.login('reset-anggota', 'reset-baru-12345');
    const kept = await tokenOf(fresh, 'read');
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminSession, body: { role: 'user' } })).status).toBe(200);
    expect((await h.request('GET', '/api/auth/me', { token: kept })).status).toBe(200);
  });

  it('the member’s own change revokes their tokens by default and says how many; unticked, they stay', async () => {
    await h.createUser('ganti-sendiri', 'ganti-sendiri-1', 'user');
    let session = await h.login('ganti-sendiri', 'ganti-sendiri-1');
    const first = [await tokenOf(session, 'read'), await tokenOf(session, 'write')];
    const changed = await h.request('PUT', '/api/me/password', {
      token: session,
      body: { currentPassword: 'ganti-sendiri-1', newPassword: 'ganti-sendiri-2', confirmPassword: 'ganti-sendiri-2' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.revokedApiTokens).toBe(2);
    for (const token of first) expect((await h.request('GET', '/api/auth/me', { token })).status).toBe(401);

    session = changed.body.token as string;
    const second = await tokenOf(session, 'read');
    const keep = await h.request('PUT', '/api/me/password', {
      token: session,
      body: { currentPassword: 'ganti-sendiri-2', newPassword: 'ganti-sendiri-3', confirmPassword: 'ganti-sendiri-3', revokeApiTokens: false },
    });
    expect(keep.status).toBe(200);
    expect(keep.body.revokedApiTokens).toBe(0);
    expect((await h.request('GET', '/api/auth/me', { token: second })).status).toBe(200);
  });
});
