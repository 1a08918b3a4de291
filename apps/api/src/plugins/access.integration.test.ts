// Walks every registered route. It grows by itself: a route added by a later feature is
// checked here without anyone editing this file.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';
import { signToken } from '../services/auth/tokens.ts';
import { accessPlugin } from './access.ts';

let h: Harness;
let userToken: string;
let adminToken: string;
const tokens: Record<string, string> = {};

function fillPath(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*$/, 'x');
}

beforeAll(async () => {
  h = await startHarness();
  const admin = await h.createUser('root-admin', 'admin-password', 'admin');
  const user = await h.createUser('plain-user', 'user-password', 'user');
  const ghost = await h.createUser('ghost', 'ghost-password', 'user');
  userToken = await h.login('plain-user', 'user-password');
  adminToken = await h.login('root-admin', 'admin-password');
  const now = Math.floor(Date.now() / 1000);
  const secret = new TextEncoder().encode(h.env.jwtSecret);
  tokens.forged = await signToken({ id: admin.id, username: 'root-admin', role: 'admin' }, 'a-completely-different-secret-of-32-chars!', 0);
  tokens.expired = await new SignJWT({ username: 'root-admin', role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.id)
    .setIssuedAt(now - 8 * 24 * 3600)
    .setExpirationTime(now - 24 * 3600)
    .sign(secret);
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: admin.id, username: 'root-admin', role: 'admin', exp: now + 3600 })).toString('base64url');
  tokens.algNone = `${header}.${payload}.`;
  tokens.garbage = 'not-a-jwt';
  // Signed correctly but claiming admin for a plain user: the server trusts the database.
  tokens.elevatedClaims = await new SignJWT({ username: 'plain-user', role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(secret);
  // A valid token of a user who has since been deleted.
  tokens.deletedUser = await h.login('ghost', 'ghost-password');
  await h.request('DELETE', `/api/admin/users/${ghost.id}`, { token: adminToken });
  // A token issued while its holder was an admin, who has since been made a plain user.
  const demoted = await h.createUser('demoted', 'demoted-password', 'admin');
  tokens.demoted = await h.login('demoted', 'demoted-password');
  const demote = await h.request('PUT', `/api/admin/users/${demoted.id}`, { token: adminToken, body: { role: 'user' } });
  if (demote.status !== 200) throw new Error(`demote failed: ${demote.status} ${JSON.stringify(demote.body)}`);
});
afterAll(() => h.close());

describe('access list', () => {
  it('knows every route and its declared access', () => {
    const table = h.app.routeTable;
    expect(table.length).toBeGreaterThan(5);
    for (const route of table) expect(['public', 'user', 'admin']).toContain(route.access);
    const find = (m: string, u: string) => table.find((r) => r.method === m && r.url === u)?.access;
    expect(find('POST', '/api/auth/login')).toBe('public');
    expect(find('GET', '/api/auth/me')).toBe('user');
    expect(find('GET', '/api/admin/users')).toBe('admin');
  });

  it('refuses to register a route that declares no access', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { db: h.database.db, jwtSecret: 'x'.repeat(32), publicPrefixes: [] });
    let failure: unknown;
    try {
      app.get('/api/undeclared', async () => 'hi');
      await app.ready();
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).toMatch(/does not declare its access/);
    await app.close().catch(() => {});
  });

  it('every non-public route answers 401 without a token or with a bad one', async () => {
    const routes = h.app.routeTable.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      const path = fillPath(route.url);
      const none = await h.request(route.method, path);
      expect(none.status, `${route.method} ${route.url} without token`).toBe(401);
      expect(typeof none.body.message).toBe('string');
      for (const name of ['forged', 'expired', 'algNone', 'garbage', 'deletedUser']) {
        const res = await h.request(route.method, path, { token: tokens[name] });
        expect(res.status, `${route.method} ${route.url} with ${name} token`).toBe(401);
      }
    }
  });

  it('every admin route answers 403 to a user token, even one that claims admin or was issued to a since-demoted admin', async () => {
    const routes = h.app.routeTable.filter((r) => r.access === 'admin' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      const path = fillPath(route.url);
      for (const token of [userToken, tokens.elevatedClaims, tokens.demoted]) {
        const res = await h.request(route.method, path, { token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect(res.status, `${route.method} ${route.url} as user`).toBe(403);
      }
    }
  });

  it('public routes answer without a token', async () => {
    expect((await h.request('GET', '/api/health')).status).toBe(200);
    expect((await h.request('GET', '/api/docs/json')).status).toBe(200);
  });

  it('unknown API paths are a 404 with a message, not a 401 or 500', async () => {
    const res = await h.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Tidak ditemukan/);
  });
});
