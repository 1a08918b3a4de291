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
    expect((await h.request('GET', '/api/config/cookies/status', { token: member })).status).toBe(403);
  });
});

describe('GET /api/config/cookies/status', () => {
  const status = async () =>
    (await h.request('GET', '/api/config/cookies/status', { token: admin })).body.platforms as Array<Record<string, unknown>>;
  const of = async (platform: string) => (await status()).find((p) => p.platform === platform);

  it('says per platform how many entries, when saved, the first expiry and the last failure', async () => {
    await save({ tiktok: [NETSCAPE], youtube: ['SID=abc; HSID=def'] });
    const platforms = await status();
    expect(platforms.map((p) => p.platform)).toEqual(['tiktok', 'douyin', 'youtube', 'instagram', 'facebook']);
    expect(platforms[0]).toMatchObject({ entries: 1, earliestExpiry: '2027-01-01T00:00:00.000Z', lastFailedAt: null, lastFailure: null });
    expect(Date.parse(platforms[0]?.savedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    // A Cookie header line carries no expiry; a platform with nothing saved has no save time.
    expect(platforms[2]).toMatchObject({ entries: 1, earliestExpiry: null });
    expect(platforms[1]).toMatchObject({ entries: 0, savedAt: null, earliestExpiry: null });
  });

  it('keeps the save time and failure of a platform a save did not change, and forgets them for one it did', async () => {
    await h.database.sql`update cookie_sets set updated_at = now() - interval '2 days', last_failed_at = now(), last_failure = 'ditolak'`;
    const before = await of('tiktok');
    const shown = (await h.request('GET', '/api/config/cookies', { token: admin })).body as Record<string, string[]>;
    expect((await save({ ...shown, youtube: ['SID=baru'] })).status).toBe(200);
    expect(await of('tiktok')).toEqual(before);
    const youtube = await of('youtube');
    expect(youtube).toMatchObject({ entries: 1, lastFailedAt: null, lastFailure: null });
    expect(Date.parse(youtube?.savedAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });
});
