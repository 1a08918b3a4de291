// The access plugin caches verified tokens and, for a second, the caller's user row (a read
// request then costs no database round trip for the caller). A change made through the API
// still applies to the very next request; one made by another process within the cache time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('cache-admin', 'admin-password', 'admin');
  adminToken = await h.login('cache-admin', 'admin-password');
});
afterAll(() => h.close());

describe('access cache', () => {
  it('a user deleted through the API is out at the next request, though their row was cached', async () => {
    const bob = await h.createUser('cache-bob', 'bob-password', 'user');
    const token = await h.login('cache-bob', 'bob-password');
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(200);
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(200);
    expect((await h.request('DELETE', `/api/admin/users/${bob.id}`, { token: adminToken })).status).toBe(200);
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(401);
  });

  it('an admin demoted through the API gets 403 on admin routes at the next request', async () => {
    const carol = await h.createUser('cache-carol', 'carol-password', 'admin');
    const token = await h.login('cache-carol', 'carol-password');
    expect((await h.request('GET', '/api/admin/users', { token })).status).toBe(200);
    const demote = await h.request('PUT', `/api/admin/users/${carol.id}`, { token: adminToken, body: { role: 'user' } });
    expect(demote.status).toBe(200);
    expect((await h.request('GET', '/api/admin/users', { token })).status).toBe(403);
  });

  it('a password changed through the API ends the token it was changed with at the next request, though its row was cached', async () => {
    await h.createUser('cache-erin', 'erin-password', 'user');
    const old = await h.login('cache-erin', 'erin-password');
    // Cached: these reads use the row of a moment ago.
    expect((await h.request('GET', '/api/scrape/active-tasks', { token: old })).status).toBe(200);
    expect((await h.request('GET', '/api/scrape/active-tasks', { token: old })).status).toBe(200);
    const change = await h.request('PUT', '/api/me/password', {
      token: old,
      body: { currentPassword: 'erin-password', newPassword: 'erin-password-baru', confirmPassword: 'erin-password-baru' },
    });
    expect(change.status).toBe(200);
    const ended = await h.request('GET', '/api/scrape/active-tasks', { token: old });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toMatch(/password akun diubah/);
    expect((await h.request('GET', '/api/scrape/active-tasks', { token: change.body.token })).status).toBe(200);
  });

  it("an admin's password reset ends the member's token at the next request, though their row was cached", async () => {
    const fred = await h.createUser('cache-fred', 'fred-password', 'user');
    const token = await h.login('cache-fred', 'fred-password');
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(200);
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(200);
    const reset = await h.request('PUT', `/api/admin/users/${fred.id}`, { token: adminToken, body: { role: 'user', password: 'fred-password-baru' } });
    expect(reset.status).toBe(200);
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(401);
  });

  it('a change made by another process (straight in the database) applies within a second', async () => {
    const dave = await h.createUser('cache-dave', 'dave-password', 'admin');
    const token = await h.login('cache-dave', 'dave-password');
    expect((await h.request('GET', '/api/admin/users', { token })).status).toBe(200);
    await h.database.db.update(users).set({ role: 'user' }).where(eq(users.id, dave.id));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await h.request('GET', '/api/admin/users', { token })).status).toBe(403);
    await h.database.db.delete(users).where(eq(users.id, dave.id));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await h.request('GET', '/api/scrape/active-tasks', { token })).status).toBe(401);
  });
});
