// The cookie form refuses text that is neither a cookies.txt nor name=value pairs (issue 20):
// a clear 400 naming the entry, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let member: string;

const NETSCAPE = '# Netscape HTTP Cookie File\n.tiktok.com\tTRUE\t/\tTRUE\t1798761600\tsessionid\tabc123';

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('kue-admin', 'kue-admin-password', 'admin');
  await h.createUser('kue-member', 'kue-member-password', 'user');
  admin = await h.login('kue-admin', 'kue-admin-password');
  member = await h.login('kue-member', 'kue-member-password');
});
afterAll(async () => {
  await h?.close();
});

const save = (body: unknown, token = admin) => h.request('POST', '/api/config/cookies', { token, body });
const stored = async () => (await h.database.sql`select platform from cookie_sets order by platform`).map((r) => r.platform as string);

describe('POST /api/config/cookies', () => {
  it('stores a cookies.txt and name=value pairs', async () => {
    const res = await save({ tiktok: [NETSCAPE], youtube: ['SID=abc; HSID=def'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored()).toEqual(['tiktok', 'youtube']);
  });

  it('refuses text that is not cookies with a 400 naming the entry, and changes nothing', async () => {
    const before = (await h.request('GET', '/api/config/cookies', { token: admin })).body;
    for (const body of [
      { instagram: ['ini bukan cookie'] },
      { tiktok: [NETSCAPE, 'halo dunia'] },
      { facebook: ['.facebook.com TRUE / TRUE 0 c_user 1'] },
    ]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/Cookie \d+ bukan cookie\. Tempel isi cookies\.txt \(format Netscape/);
      expect(res.body.message).toMatch(/nama=nilai/);
    }
    expect((await save({ tiktok: [NETSCAPE, 'halo dunia'] })).body.message).toMatch(/^body\.tiktok\.1: Cookie 2 bukan cookie/);
    expect((await h.request('GET', '/api/config/cookies', { token: admin })).body).toEqual(before);
    expect(await stored()).toEqual(['tiktok', 'youtube']);
  });

  it('keeps a stored cookie sent back in its masked form', async () => {
    const shown = (await h.request('GET', '/api/config/cookies', { token: admin })).body as Record<string, string[]>;
    const res = await save({ ...shown, douyin: ['sessionid_ss=1'] });
    expect(res.status).toBe(200);
    expect(await stored()).toEqual(['douyin', 'tiktok', 'youtube']);
  });

  it('is for admins only', async () => {
    expect((await save({ tiktok: ['a=1'] }, member)).status).toBe(403);
  });
});
