import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { downloadBatches, downloads } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;

const PLATFORMS = ['tiktok', 'youtube', 'instagram', 'douyin', 'facebook'] as const;
const DAY = 24 * 3600 * 1000;
// 2026-11-01 00:00 in Jakarta (UTC+7).
const NOV_1_JAKARTA = Date.UTC(2026, 10, 1) - 7 * 3600 * 1000;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');

  // 1,000 rows for alice over 20 days, 100 for bob; every tenth of alice's has a stored file.
  const rows = [];
  for (let i = 0; i < 1000; i++) {
    rows.push({
      ownerId: aliceId,
      platform: PLATFORMS[i % 5] ?? 'tiktok',
      sourceItemId: `item-${i}`,
      sourceUrl: `https://example.test/v/${i}`,
      title: i % 100 === 7 ? `Resep Nasi Goreng ${i}` : `Video ${String(i).padStart(4, '0')}`,
      author: `kreator${i % 13}`,
      quality: 'best' as const,
      status: 'completed' as const,
      storageKey: i % 10 === 0 ? `downloads/${aliceId}/file-${i}.mp4` : null,
      sizeBytes: i % 10 === 0 ? 1000 + i : null,
      mime: 'video/mp4',
      createdAt: new Date(NOV_1_JAKARTA + (i % 20) * DAY + (i % 24) * 3600 * 1000),
    });
  }
  for (let i = 0; i < 100; i++) {
    rows.push({
      ownerId: bobId,
      platform: 'tiktok',
      sourceItemId: `bob-${i}`,
      sourceUrl: `https://example.test/b/${i}`,
      title: `Bob ${i}`,
      author: 'bob',
      quality: '720p' as const,
      status: 'completed' as const,
      storageKey: null,
      sizeBytes: null,
      mime: null,
      createdAt: new Date(NOV_1_JAKARTA + (i % 20) * DAY),
    });
  }
  await h.database.db.insert(downloads).values(rows);
  for (let i = 0; i < 1000; i += 10) await h.storage.write(`downloads/${aliceId}/file-${i}.mp4`, Buffer.alloc(1000 + i, i % 256));
});
afterAll(() => h.close());

const history = (token: string, query = '') => h.request('GET', `/api/media/history${query}`, { token });

describe('download history', () => {
  it('pages through a member’s own history with total and hasMore', async () => {
    const first = await history(alice, '?limit=50');
    expect(first.status).toBe(200);
    expect(first.body.history).toHaveLength(50);
    expect(first.body.pagination).toEqual({ total: 1000, hasMore: true });
    expect(first.body.history.every((r: { user: { username: string } }) => r.user.username === 'alice')).toBe(true);
    const last = await history(alice, '?limit=50&offset=950');
    expect(last.body.pagination).toEqual({ total: 1000, hasMore: false });
    const ids = new Set([...first.body.history, ...last.body.history].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(100);
  });

  it('filters by platform, Jakarta date range and search, and reports stats per platform', async () => {
    const tiktok = await history(alice, '?platform=tiktok&limit=1');
    expect(tiktok.body.pagination.total).toBe(200);
    const days = await history(alice, '?startDate=2026-11-01&endDate=2026-11-02&limit=200');
    // Two of twenty days.
    expect(days.body.pagination.total).toBe(100);
    for (const r of days.body.history) {
      const t = Date.parse(r.createdAt);
      expect(t).toBeGreaterThanOrEqual(NOV_1_JAKARTA);
      expect(t).toBeLessThan(NOV_1_JAKARTA + 2 * DAY);
    }
    const search = await history(alice, '?search=nasi%20goreng');
    expect(search.body.pagination.total).toBe(10);
    const byAuthor = await history(alice, '?search=kreator12&limit=1');
    expect(byAuthor.body.pagination.total).toBeGreaterThan(0);
    const all = await history(alice, '?limit=1');
    expect(all.body.stats.byPlatform).toHaveLength(5);
    expect(all.body.stats.byPlatform.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(1000);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await history(alice, '?search=%25')).body.pagination.total).toBe(0);
    expect((await history(alice, '?search=_')).body.pagination.total).toBe(0);
  });

  it('sorts by each field in both orders', async () => {
    for (const sortBy of ['createdAt', 'title', 'platform', 'author']) {
      for (const order of ['asc', 'desc']) {
        const res = await history(alice, `?sortBy=${sortBy}&order=${order}&limit=100`);
        expect(res.status).toBe(200);
        const values = res.body.history.map((r: Record<string, string>) => r[sortBy]);
        const sorted = [...values].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('rejects bad filters with 400', async () => {
    for (const q of ['?sortBy=password', '?order=sideways', '?offset=-1', '?limit=1000', '?startDate=01/11/2026', '?startDate=2026-11-05&endDate=2026-11-01']) {
      const res = await history(alice, q);
      expect(res.status, q).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(5);
    }
  });

  it('lets only admins see everyone, filter by user, and clear it all', async () => {
    expect((await h.request('GET', '/api/media/history/all', { token: alice })).status).toBe(403);
    const all = await h.request('GET', '/api/media/history/all?limit=1', { token: admin });
    expect(all.body.pagination.total).toBe(1100);
    const bobs = await h.request('GET', `/api/media/history/all?userId=${bobId}&limit=200`, { token: admin });
    expect(bobs.body.pagination.total).toBe(100);
    expect(bobs.body.history.every((r: { user: { username: string } }) => r.user.username === 'bob')).toBe(true);
    const users = await h.request('GET', '/api/users', { token: admin });
    expect(users.body.map((u: { username: string }) => u.username).sort()).toEqual(['alice', 'bob', 'boss']);
    expect((await h.request('GET', '/api/users', { token: alice })).status).toBe(403);
  });

  it("keeps members out of each other's entries and files", async () => {
    const aliceEntry = (await history(alice, '?limit=1&sortBy=title&order=asc')).body.history[0];
    for (const [method, path] of [
      ['DELETE', `/api/media/history/${aliceEntry.id}`],
      ['GET', `/api/media/download/history/${aliceEntry.id}`],
      ['DELETE', `/api/files/${aliceEntry.id}`],
    ] as const) {
      expect((await h.request(method, path, { token: bob })).status, `${method} ${path}`).toBe(404);
    }
    const bobFiles = await h.request('GET', '/api/files', { token: bob });
    expect(bobFiles.body.files).toEqual([]);
  });

  it('deletes one entry from the history; the file stays in the file manager', async () => {
    const withFile = (await h.request('GET', '/api/files?sortBy=title&order=asc', { token: alice })).body.files[0];
    expect((await h.request('DELETE', `/api/media/history/${withFile.id}`, { token: alice })).status).toBe(200);
    expect((await history(alice, '?limit=1')).body.pagination.total).toBe(999);
    // The files list pages (50 by default): alice's 100 files fit in one page of 200.
    const files = await h.request('GET', '/api/files?limit=200', { token: alice });
    expect(files.body.files.some((f: { id: string }) => f.id === withFile.id)).toBe(true);
    expect((await h.request('DELETE', `/api/media/history/${withFile.id}`, { token: alice })).status).toBe(404);
  });
});

describe('file manager', () => {
  it('lists files with sizes and stats; a file gone from storage shows as missing once a read finds it gone', async () => {
    const before = await h.request('GET', '/api/files?sortBy=title&order=asc', { token: alice });
    expect(before.status).toBe(200);
    expect(before.body.stats.totalFiles).toBe(100);
    expect(before.body.stats.platforms).toEqual(['tiktok']);
    const victim = before.body.files[1];
    expect(victim).toMatchObject({ fileExists: true, formattedSize: expect.stringMatching(/KB|B/), downloadUrl: `/api/media/download/history/${victim.id}` });
    // Someone removes it behind our back.
    // The stored key (the readable `filename` the API shows is not the storage name).
    const [stored] = await h.database.db.select({ key: downloads.storageKey }).from(downloads).where(eq(downloads.id, victim.id));
    const key = stored?.key ?? '';
    expect(key).toMatch(/^downloads\//);
    await h.storage.remove(key);
    // The list asks the storage nothing: until a read (or the maintenance sweep) finds it gone,
    // the database still says present (docs/decisions.md, file presence).
    const unseen = await h.request('GET', '/api/files?sortBy=title&order=asc', { token: alice });
    expect(unseen.body.files.find((f: { id: string }) => f.id === victim.id).fileExists).toBe(true);
    const read = await h.request('GET', victim.downloadUrl, { token: alice });
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('File tidak ditemukan di penyimpanan.');
    const after = await h.request('GET', '/api/files?sortBy=title&order=asc', { token: alice });
    expect(after.body.files.find((f: { id: string }) => f.id === victim.id).fileExists).toBe(false);
  });

  it('a batch zip leaves out a file gone from storage, and the files list shows it missing from then on', async () => {
    const [batch] = await h.database.db.insert(downloadBatches).values({ ownerId: aliceId, quality: 'best', total: 2, source: 'urls' }).returning();
    if (!batch) throw new Error('no batch');
    const listed = (await h.request('GET', '/api/files?sortBy=title&order=desc&limit=200', { token: alice })).body.files.filter((f: { fileExists: boolean }) => f.fileExists);
    const [kept, gone] = listed as Array<{ id: string }>;
    if (!kept || !gone) throw new Error('two present files needed');
    await h.database.db.update(downloads).set({ batchId: batch.id }).where(inArray(downloads.id, [kept.id, gone.id]));
    const [stored] = await h.database.db.select({ key: downloads.storageKey }).from(downloads).where(eq(downloads.id, gone.id));
    await h.storage.remove(stored?.key ?? '');
    const zip = await fetch(`${h.baseUrl}/api/media/batches/${batch.id}/zip`, { headers: { authorization: `Bearer ${alice}` } });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const after = (await h.request('GET', '/api/files?sortBy=title&order=desc&limit=200', { token: alice })).body.files as Array<{ id: string; fileExists: boolean }>;
    expect(after.find((f) => f.id === gone.id)?.fileExists).toBe(false);
    expect(after.find((f) => f.id === kept.id)?.fileExists).toBe(true);
  });

  it('streams a stored file with its title as the name, and honours Range', async () => {
    const file = (await h.request('GET', '/api/files?sortBy=title&order=desc', { token: alice })).body.files.find((f: { fileExists: boolean }) => f.fileExists);
    const whole = await fetch(`${h.baseUrl}${file.downloadUrl}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain(`filename="${file.title}.mp4"`);
    expect(Number(whole.headers.get('content-length'))).toBe(file.sizeBytes);
    // A member's media is kept by no browser or shared cache (issue 29 item 7), ranges or not.
    expect(whole.headers.get('cache-control')).toBe('no-store');
    await whole.arrayBuffer();
    const part = await fetch(`${h.baseUrl}${file.downloadUrl}`, { headers: { authorization: `Bearer ${alice}`, range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${file.sizeBytes}`);
    expect(part.headers.get('cache-control')).toBe('no-store');
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const bad = await fetch(`${h.baseUrl}${file.downloadUrl}`, { headers: { authorization: `Bearer ${alice}`, range: 'bytes=999999-' } });
    expect(bad.status).toBe(416);
  });

  it('deletes a file: gone from storage and the list, still in the history', async () => {
    const file = (await h.request('GET', '/api/files', { token: alice })).body.files.find((f: { fileExists: boolean }) => f.fileExists);
    expect((await h.request('DELETE', `/api/files/${file.id}`, { token: alice })).status).toBe(200);
    const files = await h.request('GET', '/api/files', { token: alice });
    expect(files.body.files.some((f: { id: string }) => f.id === file.id)).toBe(false);
    expect((await h.request('GET', `/api/media/download/history/${file.id}`, { token: alice })).status).toBe(404);
    expect((await h.request('DELETE', `/api/files/${file.id}`, { token: alice })).status).toBe(404);
  });

  it('lets an admin clear all history', async () => {
    const res = await h.request('DELETE', '/api/media/history/all', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBeGreaterThan(1000);
    expect((await history(alice, '?limit=1')).body.pagination.total).toBe(0);
    expect((await h.request('DELETE', '/api/media/history/all', { token: alice })).status).toBe(403);
  });
});
