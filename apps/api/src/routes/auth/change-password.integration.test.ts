// PUT /api/me/password ("Ganti Password") and the session version behind it: a password change
// ends every other session of the user at once, the session that asked keeps going on the fresh
// token it gets back, and an admin resetting a member's password ends the member's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '@scrapper/db/queries/users';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('kepala', 'kepala-password', 'admin');
  adminToken = await h.login('kepala', 'kepala-password');
});
afterAll(() => h.close());

const me = (token: string) => h.request('GET', '/api/auth/me', { token });
const change = (token: string | undefined, body: unknown) => h.request('PUT', '/api/me/password', { token, body });

async function hashOf(id: string): Promise<string | undefined> {
  return (await findUserById(h.database.db, id))?.passwordHash;
}

/** Two sessions of one user: tokens signed in different seconds are different strings. */
async function twoSessions(username: string, password: string): Promise<[string, string]> {
  const first = await h.login(username, password);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const second = await h.login(username, password);
  expect(second).not.toBe(first);
  return [first, second];
}

describe('PUT /api/me/password', () => {
  it('changes the password: other sessions get 401, this one continues on the fresh token, the new password logs in', async () => {
    const { id } = await h.createUser('sari', 'sari-password-lama', 'user');
    const [other, current] = await twoSessions('sari', 'sari-password-lama');

    const res = await change(current, { currentPassword: 'sari-password-lama', newPassword: 'sari-password-baru', confirmPassword: 'sari-password-baru' });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id, username: 'sari', role: 'user' });
    const fresh = res.body.token as string;
    expect(fresh).toEqual(expect.any(String));

    const ended = await me(other);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toMatch(/password/i);
    // The token that asked was issued at the old version too: only the fresh one goes on.
    expect((await me(current)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    expect((await h.request('GET', '/api/notifications', { token: fresh })).status).toBe(200);

    expect((await h.request('POST', '/api/auth/login', { body: { username: 'sari', password: 'sari-password-lama' } })).status).toBe(401);
    const again = await h.request('POST', '/api/auth/login', { body: { username: 'sari', password: 'sari-password-baru' } });
    expect(again.status).toBe(200);
    expect((await me(again.body.token)).status).toBe(200);
  });

  it('refuses a wrong current password with 400 (not 401: the session stays) and changes nothing', async () => {
    const { id } = await h.createUser('budi', 'budi-password', 'user');
    const token = await h.login('budi', 'budi-password');
    const before = await hashOf(id);
    const res = await change(token, { currentPassword: 'bukan-password-budi', newPassword: 'budi-password-baru', confirmPassword: 'budi-password-baru' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password saat ini salah.');
    expect(await hashOf(id)).toBe(before);
    expect((await me(token)).status).toBe(200);
  });

  it('refuses mismatched, short, same-as-current or missing passwords with a 400 in Indonesian, changing nothing', async () => {
    const { id } = await h.createUser('dewi', 'dewi-password', 'user');
    const token = await h.login('dewi', 'dewi-password');
    const before = await hashOf(id);
    const cases: Array<[unknown, RegExp]> = [
      [{ currentPassword: 'dewi-password', newPassword: 'dewi-password-baru', confirmPassword: 'dewi-password-lain' }, /tidak cocok/],
      [{ currentPassword: 'dewi-password', newPassword: 'pendek', confirmPassword: 'pendek' }, /minimal 8 karakter/],
      [{ currentPassword: 'dewi-password', newPassword: 'dewi-password', confirmPassword: 'dewi-password' }, /berbeda/],
      [{ currentPassword: '', newPassword: 'dewi-password-baru', confirmPassword: 'dewi-password-baru' }, /wajib diisi/],
      [{ newPassword: 'dewi-password-baru', confirmPassword: 'dewi-password-baru' }, /./],
      [{ currentPassword: 'dewi-password', newPassword: 'x'.repeat(300), confirmPassword: 'x'.repeat(300) }, /maksimal/],
    ];
    for (const [body, message] of cases) {
      const res = await change(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await hashOf(id)).toBe(before);
    expect((await me(token)).status).toBe(200);
  });

  it('needs a session: 401 without a token', async () => {
    const res = await change(undefined, { currentPassword: 'a', newPassword: 'password-baru', confirmPassword: 'password-baru' });
    expect(res.status).toBe(401);
  });

  it('stops answering wrong current passwords after ten failures (429), and the right one is refused too while it holds', async () => {
    await h.createUser('tebak', 'tebak-password', 'user');
    const token = await h.login('tebak', 'tebak-password');
    for (let i = 0; i < 10; i++) {
      const res = await change(token, { currentPassword: `salah-${i}`, newPassword: 'tebak-password-baru', confirmPassword: 'tebak-password-baru' });
      expect(res.status).toBe(400);
    }
    const blocked = await change(token, { currentPassword: 'tebak-password', newPassword: 'tebak-password-baru', confirmPassword: 'tebak-password-baru' });
    expect(blocked.status).toBe(429);
    expect((await me(token)).status).toBe(200);
  });
});

describe('admin password reset', () => {
  it("ends the member's sessions; the admin's own session is untouched", async () => {
    const { id } = await h.createUser('rudi', 'rudi-password', 'user');
    const memberToken = await h.login('rudi', 'rudi-password');
    const reset = await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: { role: 'user', password: 'rudi-password-baru' } });
    expect(reset.status).toBe(200);
    expect((await me(memberToken)).status).toBe(401);
    expect((await me(adminToken)).status).toBe(200);
    expect((await me(await h.login('rudi', 'rudi-password-baru'))).status).toBe(200);
  });

  it('a role change without a password keeps the member signed in', async () => {
    const { id } = await h.createUser('tono', 'tono-password', 'user');
    const memberToken = await h.login('tono', 'tono-password');
    const res = await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: { role: 'user', password: '' } });
    expect(res.status).toBe(200);
    expect((await me(memberToken)).status).toBe(200);
  });
});
