// Cache-Control on the API (issue 15): login, the session and every answer that carries a
// member's data say `no-store`; errors too; the public API docs keep their own caching. The
// access matrix (security/access-matrix.suite.ts) checks the same on every route.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let member = '';

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('simpan', 'simpan-password', 'user');
  member = await h.login('simpan', 'simpan-password');
});
afterAll(() => h.close());

it('says no-store on login, the session, member data and errors', async () => {
  const answers = {
    login: await h.request('POST', '/api/auth/login', { body: { username: 'simpan', password: 'simpan-password' } }),
    failedLogin: await h.request('POST', '/api/auth/login', { body: { username: 'simpan', password: 'salah-salah' } }),
    me: await h.request('GET', '/api/auth/me', { token: member }),
    noToken: await h.request('GET', '/api/auth/me'),
    tasks: await h.request('GET', '/api/scrape/active-tasks', { token: member }),
    notifications: await h.request('GET', '/api/notifications', { token: member }),
    notFound: await h.request('GET', '/api/no-such-route'),
  };
  expect(Object.values(answers).map((a) => a.status)).toEqual([200, 401, 200, 401, 200, 200, 404]);
  for (const [name, answer] of Object.entries(answers)) expect(answer.headers.get('cache-control'), name).toBe('no-store');
});

it('leaves the public API docs cacheable', async () => {
  const docs = await h.request('GET', '/api/docs/json');
  expect(docs.status).toBe(200);
  expect(docs.headers.get('cache-control')).not.toBe('no-store');
});
