import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedAccounts } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let adminId: string;

beforeAll(async () => {
  h = await startHarness();
  adminId = (await h.createUser('chief', 'chief-password', 'admin')).id;
  admin = await h.login('chief', 'chief-password');
});
afterAll(() => h.close());

const list = async () => (await h.request('GET', '/api/admin/users', { token: admin })).body as Array<{ id: string; username: string; role: string }>;

describe('admin user management', () => {
  it('lists users without password hashes', async () => {
    const res = await h.request('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({
      id: adminId,
      username: 'chief',
      role: 'admin',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
  });

  it('creates a user who can then log in', async () => {
    const res = await h.request('POST', '/api/admin/users', {
      token: admin,
      body: { username: 'rina', password: 'rina-password', role: 'user' },
    });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('rina');
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'rina', password: 'rina-password' } })).status).toBe(200);
  });

  it('answers 409 to a duplicate username, whatever its case, and creates nothing', async () => {
    const before = (await list()).length;
    const res = await h.request('POST', '/api/admin/users', {
      token: admin,
      body: { username: 'RINA', password: 'another-password', role: 'admin' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/sudah digunakan/);
    expect((await list()).length).toBe(before);
  });

  it('rejects invalid bodies with 400 and changes nothing', async () => {
    const before = await list();
    for (const body of [
      { username: 'ab', password: 'long-enough', role: 'user' },
      { username: 'new user', password: 'long-enough', role: 'user' },
      { username: 'valid', password: 'short', role: 'user' },
      { username: 'valid', password: 'long-enough', role: 'superuser' },
      { username: 'valid', role: 'user' },
    ]) {
      const res = await h.request('POST', '/api/admin/users', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(3);
    }
    expect(await list()).toEqual(before);
  });

  it('changes the role, and leaves the password alone when it is empty', async () => {
    const rina = (await list()).find((u) => u.username === 'rina');
    if (!rina) throw new Error('rina missing');
    const res = await h.request('PUT', `/api/admin/users/${rina.id}`, {
      token: admin,
      body: { username: 'rina', role: 'admin', password: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'rina', password: 'rina-password' } })).status).toBe(200);
  });

  it('changes the password when one is given', async () => {
    const rina = (await list()).find((u) => u.username === 'rina');
    if (!rina) throw new Error('rina missing');
    const res = await h.request('PUT', `/api/admin/users/${rina.id}`, {
      token: admin,
      body: { role: 'user', password: 'rina-new-password' },
    });
    expect(res.status).toBe(200);
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'rina', password: 'rina-password' } })).status).toBe(401);
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'rina', password: 'rina-new-password' } })).status).toBe(200);
  });

  it('never changes a username', async () => {
    const rina = (await list()).find((u) => u.username === 'rina');
    if (!rina) throw new Error('rina missing');
    const res = await h.request('PUT', `/api/admin/users/${rina.id}`, { token: admin, body: { username: 'renamed', role: 'user' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Username tidak dapat diubah.');
    expect((await list()).some((u) => u.username === 'renamed')).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a uuid', async () => {
    const missing = await h.request('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000', { token: admin, body: { role: 'user' } });
    expect(missing.status).toBe(404);
    const bad = await h.request('DELETE', '/api/admin/users/not-a-uuid', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/params/);
  });

  it('does not let an admin delete or demote themself', async () => {
    const del = await h.request('DELETE', `/api/admin/users/${adminId}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/akun Anda sendiri/);
    const demote = await h.request('PUT', `/api/admin/users/${adminId}`, { token: admin, body: { role: 'user' } });
    expect(demote.status).toBe(409);
    expect((await list()).find((u) => u.id === adminId)?.role).toBe('admin');
  });

  it('does not let the last admin be demoted or deleted by another admin', async () => {
    // A second admin exists only to act; then the chief becomes the last admin again.
    const second = await h.request('POST', '/api/admin/users', { token: admin, body: { username: 'deputy', password: 'deputy-password', role: 'admin' } });
    const deputyToken = await h.login('deputy', 'deputy-password');
    // deputy demotes chief: allowed while two admins exist.
    expect((await h.request('PUT', `/api/admin/users/${adminId}`, { token: deputyToken, body: { role: 'user' } })).status).toBe(200);
    // Now deputy is the last admin; chief (now a user) cannot act, and deputy cannot demote self.
    expect((await h.request('GET', '/api/admin/users', { token: admin })).status).toBe(403);
    const selfDemote = await h.request('PUT', `/api/admin/users/${second.body.id}`, { token: deputyToken, body: { role: 'user' } });
    expect(selfDemote.status).toBe(409);
    // Restore chief, then chief deletes deputy: fine, chief remains.
    expect((await h.request('PUT', `/api/admin/users/${adminId}`, { token: deputyToken, body: { role: 'admin' } })).status).toBe(200);
    expect((await h.request('DELETE', `/api/admin/users/${second.body.id}`, { token: admin })).status).toBe(200);
    expect((await list()).filter((u) => u.role === 'admin').map((u) => u.username)).toEqual(['chief']);
  });

  it('deletes a user, whose token then stops working', async () => {
    const created = await h.request('POST', '/api/admin/users', { token: admin, body: { username: 'temp', password: 'temp-password', role: 'user' } });
    const tempToken = await h.login('temp', 'temp-password');
    const res = await h.request('DELETE', `/api/admin/users/${created.body.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect((await h.request('GET', '/api/auth/me', { token: tempToken })).status).toBe(401);
    expect((await h.request('DELETE', `/api/admin/users/${created.body.id}`, { token: admin })).status).toBe(404);
    // Recorded with the deletion, so the worker's next sweep removes the account's files.
    const recorded = await h.database.db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, created.body.id as string));
    expect(recorded.map((r) => r.filesRemovedAt)).toEqual([null]);
  });
});
