// The access matrix: every registered route (h.app.routeTable) times anonymous, member A,
// member B and an admin, and for routes with parameters times A's resource and B's. Nothing
// here lists routes by hand except the fixture table, which must know every parameterised
// route: a new route without a fixture fails the first test. The token cases (forged,
// expired, alg none, deleted or demoted user) are in plugins/access.integration.test.ts.
// The second test runs every route again with personal API tokens (issue 21 item 2): a read
// and a write token of a member and of an admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@scrapper/contracts/common';
import { EXTENSION_TOKEN_ROUTES, SESSION_ONLY_ROUTES, WRITING_GET_ROUTES, type ApiTokenScope } from '@scrapper/contracts/http/me-tokens';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../test/harness.ts';
import { hashPassword } from '../services/auth/password.ts';
import { seedActorConfigs } from '../services/actor-configs/seed-actor-configs.ts';
import { fakeGoogleEnv } from '../../test/youtube.ts';
import { buildFixtures, pathOf, resultFileOf, type Fixture, type FixtureContext, type Member, type Target } from '../../test/security-fixtures.ts';

type Caller = 'anonymous' | 'memberA' | 'memberB' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'memberA', 'memberB', 'admin'];

/**
 * Declared public to the access list but guarded inside the handler: /api/metrics lets in an
 * admin token or METRICS_TOKEN (services/system/authorize-metrics.ts), so it is an admin route
 * for this matrix.
 */
const GUARDED_PUBLIC: Record<string, Access> = { '/api/metrics': 'admin' };

let h: Harness;
let apify: FakeApify;
let google: FakeGoogle;
let admin: Member;
let memberA: Member;
let memberB: Member;
let fixtures: Record<string, Fixture>;
/** Personal API tokens: a read and a write one of member A and of the admin. */
let apiTokens: Array<{ owner: Member; scope: ApiTokenScope; secret: string }>;

async function member(username: string, role: 'user' | 'admin'): Promise<Member> {
  const { id } = await h.createUser(username, `${username}-password`, role);
  return { id, username, token: await h.login(username, `${username}-password`) };
}


type Expected = 'open' | 'allowed' | 401 | 403 | 404;

function expectedFor(access: Access, caller: Caller, owner: Member | undefined, owned: boolean, ownOnly = false): Expected {
  if (access === 'public') return 'open';
  if (caller === 'anonymous') return 401;
  const self = { memberA, memberB, admin }[caller];
  if (ownOnly && owner && owner.id !== self.id) return 404;
  if (caller === 'admin') return 'allowed';
  if (access === 'admin') return 403;
  if (owned && owner && owner.id !== self.id) return 404;
  return 'allowed';
}

/**
 * A personal token on its owner's own resources: the owner's rights, minus writes for a read
 * token (GETs that write included), minus admin routes unless an admin's write token, minus
 * the session-only routes. A `cookies` token (the extension's) only on the cookie routes.
 */
function expectedForToken(access: Access, method: string, url: string, scope: ApiTokenScope, ownerIsAdmin: boolean): Expected {
  if (access === 'public') return 'open';
  const asGet = method === 'HEAD' ? 'GET' : method;
  // The extension's token: the member's own cookie routes and nothing else.
  if (scope === 'cookies') return EXTENSION_TOKEN_ROUTES.has(`${asGet} ${url}`) ? 'allowed' : 403;
  if (SESSION_ONLY_ROUTES.has(`${asGet} ${url}`)) return 403;
  if (scope === 'read' && asGet !== 'GET') return 403;
  if (scope === 'read' && WRITING_GET_ROUTES.has(`${asGet} ${url}`)) return 403;
  if (access === 'admin') return ownerIsAdmin && scope === 'write' ? 'allowed' : 403;
  return 'allowed';
}

function tokenOf(caller: Caller): string | undefined {
  return { anonymous: undefined, memberA: memberA.token, memberB: memberB.token, admin: admin.token }[caller];
}

function check(expected: Expected, status: number, label: string): void {
  if (expected === 'open') expect([401, 403], label).not.toContain(status);
  else if (expected === 'allowed') expect([401, 403, 404], label).not.toContain(status);
  else expect(status, label).toBe(expected);
  // Whatever the access, the gate never turns into a server error.
  expect(status, label).toBeLessThan(500);
}

const routes = () => h.app.routeTable.filter((r) => !r.url.startsWith('/api/docs'));
const hasParams = (url: string) => url.includes(':');

/**
 * Two parts run as separate files side by side (issue 30: this file was the API's second
 * longest): `sessions` (the fixture check and every route for every caller and owner) and
 * `tokens` (every route with personal API tokens), each on a product and fakes of its own.
 */
export function accessMatrixSuite(part: 'sessions' | 'tokens'): void {
  beforeAll(async () => {
    apify = await startFakeApify();
    google = await startFakeGoogle();
    // The per-token rate limit is not what this file tests: out of the way.
    h = await startHarness({ APIFY_BASE_URL: apify.baseUrl, ...fakeGoogleEnv(google), API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000' });
    await seedActorConfigs(h.database);
    admin = await member('matrix-admin', 'admin');
    memberA = await member('member-a', 'user');
    memberB = await member('member-b', 'user');
    const ctx: FixtureContext = { h, admin, fake: google, passwordHash: await hashPassword('throwaway-password') };
    fixtures = buildFixtures(ctx);
    apiTokens = [];
    for (const owner of [memberA, admin]) {
      for (const scope of ['read', 'write'] as const) {
        const res = await h.request('POST', '/api/me/tokens', { token: owner.token, body: { name: `matriks ${scope}`, scope } });
        if (res.status !== 201) throw new Error(`token for ${owner.username}: ${res.status} ${JSON.stringify(res.body)}`);
        apiTokens.push({ owner, scope, secret: res.body.secret as string });
      }
      // The browser extension's token (scope `cookies`), made as the web app makes it.
      const ext = await h.request('POST', '/api/me/extension-token', { token: owner.token });
      if (ext.status !== 201) throw new Error(`extension token for ${owner.username}: ${ext.status} ${JSON.stringify(ext.body)}`);
      apiTokens.push({ owner, scope: 'cookies', secret: ext.body.secret as string });
    }
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await apify.close();
    await google.close();
  });

  describe(`access matrix (${part})`, () => {
    if (part === 'sessions') it('has a fixture for every route with a parameter', () => {
      const missing = [...new Set(routes().filter((r) => hasParams(r.url)).map((r) => r.url))].filter((url) => !fixtures[url]);
      expect(missing, 'routes with parameters but no fixture in test/security-fixtures.ts').toEqual([]);
    });

    if (part === 'sessions') it('answers every route, caller and owner as the access rules say', async () => {
      let cases = 0;
      const failures: string[] = [];
      const run = async (method: string, url: string, access: Access, caller: Caller, owner: Member | undefined, fixture: Fixture | undefined) => {
        const target: Target = fixture && owner ? await fixture.make(owner) : { params: {} };
        const expected = expectedFor(access, caller, owner, fixture?.owned ?? false, fixture?.ownOnly ?? false);
        const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? (target.body ?? {}) : undefined;
        const res = await h.request(method, pathOf(url, target), { token: tokenOf(caller), body });
        cases++;
        const label = `${method} ${url} as ${caller}${owner ? ` on ${owner === memberA ? "A's" : "B's"} resource` : ''}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
        try {
          check(expected, res.status, label);
          if (res.status >= 400 && method !== 'HEAD' && typeof res.body === 'object') expect(typeof res.body.message, label).toBe('string');
          // Every JSON answer of the API may carry a member's data: no cache keeps it (issue 15).
          if (url.startsWith('/api/') && (res.headers.get('content-type') ?? '').includes('json')) expect(res.headers.get('cache-control'), label).toBe('no-store');
        } catch {
          failures.push(`${label} (expected ${expected})`);
        }
      };

      // Routes that destroy in bulk (DELETE /api/media/history/all) run last, after every fixture.
      const ordered = [...routes()].sort((a, b) => Number(a.method === 'DELETE' && !hasParams(a.url)) - Number(b.method === 'DELETE' && !hasParams(b.url)));
      for (const route of ordered) {
        const access = GUARDED_PUBLIC[route.url] ?? route.access;
        const fixture = fixtures[route.url];
        if (hasParams(route.url)) {
          if (!fixture) continue; // reported by the test above
          for (const owner of [memberA, memberB]) for (const caller of CALLERS) await run(route.method, route.url, access, caller, owner, fixture);
        } else {
          for (const caller of CALLERS) await run(route.method, route.url, access, caller, undefined, undefined);
        }
      }
      // Resources named in a query or body rather than the path: the same rule, 404 for another's.
      const ctx: FixtureContext = { h, admin, fake: google, passwordHash: '' };
      for (const owner of [memberA, memberB]) {
        for (const caller of ['memberA', 'memberB', 'admin'] as const) {
          const file = await resultFileOf(ctx, owner);
          const other = caller !== 'admin' && (caller === 'memberA' ? memberA : memberB).id !== owner.id;
          const requests: Array<[string, string, unknown]> = [
            ['GET', `/api/data/items?filename=${file.fileName}`, undefined],
            ['POST', '/api/media/batches', { filename: file.fileName, itemIds: [file.itemId] }],
          ];
          for (const [method, path, body] of requests) {
            const res = await h.request(method, path, { token: tokenOf(caller), body });
            cases++;
            const label = `${method} ${path} as ${caller} on ${owner === memberA ? "A's" : "B's"} file: ${res.status}`;
            try {
              check(other ? 404 : 'allowed', res.status, label);
            } catch {
              failures.push(label);
            }
          }
        }
      }
      // A member's YouTube account named in a query (re-auth) or a multipart form (upload). Members
      // only: an admin re-authorising or publishing to someone else's channel would put the admin's
      // Google grant or video on it, so those stay the owner's acts.
      const secret = await h.request('POST', '/api/admin/client-secrets', {
        token: admin.token,
        body: { name: 'Matriks', clientId: 'matriks.apps.googleusercontent.com', clientSecret: 'GOCSPX-matriks-rahasia-1' },
      });
      for (const owner of [memberA, memberB]) {
        const accountId = (await fixtures['/api/youtube/accounts/:id']?.make(owner))?.params.id ?? '';
        for (const caller of ['memberA', 'memberB'] as const) {
          const other = (caller === 'memberA' ? memberA : memberB).id !== owner.id;
          const boundary = 'batasMatriks';
          const fields = { accountId, title: 'Video uji', madeForKids: 'false', scraperVideoUrl: 'https://www.tiktok.com/@kreator/video/1' };
          const form = Object.entries(fields)
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join('');
          const requests: Array<[string, string, RequestInit]> = [
            ['GET', `/api/youtube/auth/url?clientSecretId=${secret.body.id}&accountId=${accountId}`, {}],
            ['POST', '/api/youtube/upload', { body: `${form}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }],
          ];
          for (const [method, path, init] of requests) {
            const res = await fetch(`${h.baseUrl}${path}`, { ...init, method, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${tokenOf(caller)}` } });
            await res.arrayBuffer();
            cases++;
            const label = `${method} ${path.split('?')[0]} as ${caller} with ${owner === memberA ? "A's" : "B's"} account: ${res.status}`;
            try {
              check(other ? 404 : 'allowed', res.status, label);
            } catch {
              failures.push(label);
            }
          }
        }
      }
      // A downloaded file named in the upload form (serverFileId): another member's is a 404.
      for (const owner of [memberA, memberB]) {
        const fileId = (await fixtures['/api/files/:id']?.make(owner))?.params.id ?? '';
        for (const caller of ['memberA', 'memberB'] as const) {
          const self = caller === 'memberA' ? memberA : memberB;
          const accountId = (await fixtures['/api/youtube/accounts/:id']?.make(self))?.params.id ?? '';
          const boundary = 'batasMatriksFile';
          const fields = { accountId, title: 'Video uji', madeForKids: 'false', serverFileId: fileId };
          const form = Object.entries(fields)
            .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join('');
          const res = await fetch(`${h.baseUrl}/api/youtube/upload`, {
            method: 'POST',
            body: `${form}--${boundary}--\r\n`,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tokenOf(caller)}` },
          });
          await res.arrayBuffer();
          cases++;
          const label = `POST /api/youtube/upload serverFileId as ${caller} of ${owner === memberA ? "A's" : "B's"} file: ${res.status}`;
          try {
            check(self.id !== owner.id ? 404 : 'allowed', res.status, label);
          } catch {
            failures.push(label);
          }
        }
      }
      console.log(`access-matrix cases: ${cases}`);
      expect(failures).toEqual([]);
      expect(cases).toBeGreaterThan(400);
    }, 120_000);
    if (part === 'tokens') it('answers every route called with a personal API token as the token rules say', async () => {
      let cases = 0;
      const failures: string[] = [];
      const ordered = [...routes()].sort((a, b) => Number(a.method === 'DELETE' && !hasParams(a.url)) - Number(b.method === 'DELETE' && !hasParams(b.url)));
      for (const route of ordered) {
        const access = GUARDED_PUBLIC[route.url] ?? route.access;
        const fixture = fixtures[route.url];
        if (hasParams(route.url) && !fixture) continue; // reported by the first test
        for (const token of apiTokens) {
          // The token's owner's own resource: what it may do there is the owner's right, scoped.
          const target: Target = fixture ? await fixture.make(token.owner) : { params: {} };
          const method = route.method;
          const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? (target.body ?? {}) : undefined;
          const res = await h.request(method, pathOf(route.url, target), { token: token.secret, body });
          cases++;
          const expected = expectedForToken(access, method, route.url, token.scope, token.owner === admin);
          const label = `${method} ${route.url} with ${token.owner.username}'s ${token.scope} token: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
          try {
            check(expected, res.status, label);
            if (res.status >= 400 && method !== 'HEAD' && typeof res.body === 'object') expect(typeof res.body.message, label).toBe('string');
          } catch {
            failures.push(`${label} (expected ${expected})`);
          }
        }
      }
      console.log(`access-matrix token cases: ${cases}`);
      expect(failures).toEqual([]);
      expect(cases).toBeGreaterThan(400);
    }, 180_000);
  });
}
