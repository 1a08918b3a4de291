import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let adminId: string;

beforeAll(async () => {
  h = await startHarness();
  adminId = (await h.createUser('admin', 'admin-password', 'admin')).id;
  await h.createUser('budi', 'budi-password', 'user');
});
afterAll(() => h.close());

describe('POST /api/auth/login', () => {
  it('returns a 7-day JWT carrying the user id, username and role', async () => {
    const res = await h.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: adminId, username: 'admin', role: 'admin' });
    const claims = decodeJwt(res.body.token);
    expect(claims.sub).toBe(adminId);
    expect(claims.username).toBe('admin');
    expect(claims.role).toBe('admin');
    const lifetime = (claims.exp ?? 0) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it('accepts the username in any case', async () => {
    const res = await h.request('POST', '/api/auth/login', { body: { username: 'BUDI', password: 'budi-password' } });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('budi');
  });

  it('answers a wrong password and an unknown user alike, without saying which', async () => {
    const wrongPassword = await h.request('POST', '/api/auth/login', { body: { username: 'budi', password: 'nope-nope' } });
    const unknownUser = await h.request('POST', '/api/auth/login', { body: { username: 'nobody', password: 'nope-nope' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknownUser.body.message);
    expect(wrongPassword.body.message).not.toMatch(/username tidak|tidak terdaftar|not found/i);
  });

  it('rejects a missing password with 400 and a readable message', async () => {
    const res = await h.request('POST', '/api/auth/login', { body: { username: 'budi' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/password/);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await h.request('POST', '/api/auth/login', { rawBody: '{"username": ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Body bukan JSON yang valid.');
  });

  it('rejects an oversized body with 413', async () => {
    const res = await h.request('POST', '/api/auth/login', {
      rawBody: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Body permintaan terlalu besar.');
  });

  it('slows repeated failures for one username with 429, the wait in the message and Retry-After', async () => {
    await h.createUser('target', 'target-password', 'user');
    const free = h.env.login.delayAfterFailures;
    const statuses: number[] = [];
    for (let i = 0; i <= free; i++) {
      const res = await h.request('POST', '/api/auth/login', { body: { username: 'target', password: `wrong-${i}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, free).every((s) => s === 401)).toBe(true);
    expect(statuses[free]).toBe(429);
    // Even the right password waits while the wait holds.
    const locked = await h.request('POST', '/api/auth/login', { body: { username: 'target', password: 'target-password' } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Terlalu banyak percobaan login\. Coba lagi dalam \d+ detik\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other usernames are unaffected.
    expect((await h.request('POST', '/api/auth/login', { body: { username: 'budi', password: 'budi-password' } })).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the user of the token', async () => {
    const token = await h.login('budi', 'budi-password');
    const res = await h.request('GET', '/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('budi');
    expect(res.body.user.role).toBe('user');
  });
});

describe('API docs', () => {
  it('serves OpenAPI generated from the contracts', async () => {
    const res = await h.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.paths['/api/admin/users'].post.requestBody).toBeDefined();
    expect(res.body.paths['/api/auth/login'].post).toBeDefined();
  });
});
