// Issue 16 item 1: the file manager and the download history page over large libraries, with
// totals and stats from SQL over every matching row, and no page bigger than its limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let alice: string;
let aliceId: string;
let bobId: string;
/** Keys the app asked the store about, call by call. */
const existingCalls: string[][] = [];

const ALICE_FILES = 6000;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  // More than the old silent cap of 5,000: alice's completed downloads with files (platform i % 3,
  // 1,000 + i bytes), plus a deleted file, a hidden entry, a failed, a running one, and bob's.
  await h.database.sql`
    insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status, progress,
                           storage_key, size_bytes, created_at, file_missing_at)
    select ${aliceId}::uuid, (array['tiktok','youtube','instagram'])[1 + g % 3], 'a-' || g, 'https://example.test/' || g,
           case when g % 500 = 7 then 'Resep 100% enak ' || g else 'Video ' || lpad(g::text, 5, '0') end,
           'best', 'completed', 100, 'downloads/' || ${aliceId} || '/' || g || '.mp4', 1000 + g,
           timestamptz '2026-01-01' + g * interval '1 minute',
           case when g = ${ALICE_FILES - 4} then now() end
    from generate_series(0, ${ALICE_FILES - 1}) g`;
  await h.database.sql`
    insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status, progress,
                           storage_key, size_bytes, file_deleted_at, hidden_from_history_at, created_at)
    values (${aliceId}, 'facebook', 'gone', 'https://example.test/gone', 'File dihapus', 'best', 'completed', 100,
            'downloads/x/gone.mp4', 999999, now(), null, now()),
           (${aliceId}, 'twitter', 'failed', 'https://example.test/f', 'Gagal', 'best', 'failed', 30, null, null, null, null, now()),
           (${aliceId}, 'douyin', 'running', 'https://example.test/r', 'Sedang diunduh', 'best', 'running', 42, null, null, null, null, now()),
           (${aliceId}, 'tiktok', 'hidden', 'https://example.test/h', 'Disembunyikan', 'best', 'completed', 100,
            'downloads/x/hidden.mp4', 5, null, now(), now()),
           (${bobId}, 'youtube', 'bob', 'https://example.test/b', 'Punya Bob', 'best', 'completed', 100,
            'downloads/x/bob.mp4', 7, null, null, now())`;
  // Only the first few files really exist in storage; the rest were never written, but the list
  // shows "File hilang" only where the database says so (one of them: a read or the sweep found it gone).
  for (let g = ALICE_FILES - 1; g >= ALICE_FILES - 3; g--) await h.storage.write(`downloads/${aliceId}/${g}.mp4`, Buffer.alloc(4));
  const existing = h.storage.existing.bind(h.storage);
  h.storage.existing = (keys) => {
    existingCalls.push([...keys]);
    return existing(keys);
  };
});
afterAll(() => h.close());

const files = (token: string, query = '') => h.request('GET', `/api/files${query}`, { token });
const history = (token: string, query = '') => h.request('GET', `/api/media/history${query}`, { token });
/** Alice's files still in storage (the hidden-from-history one is still a file). */
const ALICE_LIVE = ALICE_FILES + 1;
const sizeOf = (g: number) => 1000 + g;

describe('GET /api/files pages', () => {
  it('answers one page (default 50) with the true total and stats over every file, asking the storage nothing', async () => {
    existingCalls.length = 0;
    const first = await files(alice);
    expect(first.status).toBe(200);
    expect(first.body.files).toHaveLength(50);
    expect(first.body.pagination).toEqual({ total: ALICE_LIVE, hasMore: true });
    expect(first.body.stats.totalFiles).toBe(ALICE_LIVE);
    // 1000 * 6000 + (0 + ... + 5999) + 5 bytes = 23,997,005 B = 22.9 MB.
    let bytes = 5;
    for (let g = 0; g < ALICE_FILES; g++) bytes += sizeOf(g);
    expect(bytes).toBe(23_997_005);
    expect(first.body.stats.formattedTotalSize).toBe('22.9 MB');
    expect(first.body.stats.platforms).toEqual(['instagram', 'tiktok', 'youtube']);
    // Newest first: the hidden entry (now) then the newest seeded; the first three seeded exist.
    expect(first.body.files[0].title).toBe('Disembunyikan');
    expect(first.body.files.slice(1, 4).map((f: { fileExists: boolean }) => f.fileExists)).toEqual([true, true, true]);
    // "File hilang" is the database's word (file_missing_at), not a stat of the page's files.
    expect(first.body.files[4].fileExists).toBe(false);
    expect(first.body.files[5].fileExists).toBe(true);
    expect(existingCalls).toEqual([]);
  });

  it('reaches the oldest files past 5,000 and ends with hasMore false', async () => {
    const last = await files(alice, `?limit=200&offset=${ALICE_LIVE - 10}`);
    expect(last.status).toBe(200);
    expect(last.body.files).toHaveLength(10);
    expect(last.body.pagination).toEqual({ total: ALICE_LIVE, hasMore: false });
    expect(last.body.files.at(-1).title).toBe('Video 00000');
    const big = await files(alice, '?limit=200');
    expect(big.body.files).toHaveLength(200);
  });

  it('pages through every file exactly once in each order', async () => {
    for (const [sortBy, order] of [['title', 'asc'], ['platform', 'desc']] as const) {
      const seen = new Set<string>();
      let previous: string | undefined;
      for (let offset = 0; offset < ALICE_LIVE; offset += 200) {
        const page = await files(alice, `?sortBy=${sortBy}&order=${order}&limit=200&offset=${offset}`);
        for (const f of page.body.files as Array<{ id: string; title: string; platform: string }>) {
          seen.add(f.id);
          const key = f[sortBy];
          if (previous !== undefined) expect(order === 'asc' ? key >= previous : key <= previous, `${sortBy} ${order}`).toBe(true);
          previous = key;
        }
      }
      expect(seen.size).toBe(ALICE_LIVE);
    }
  });

  it('filters by platform and title on the server; stats stay the whole library', async () => {
    const tiktok = await files(alice, '?platform=tiktok&limit=1');
    expect(tiktok.body.pagination.total).toBe(ALICE_FILES / 3 + 1);
    expect(tiktok.body.stats.totalFiles).toBe(ALICE_LIVE);
    expect(tiktok.body.stats.platforms).toEqual(['instagram', 'tiktok', 'youtube']);
    // "100%" is plain text, not a pattern: only the twelve "Resep 100% enak" titles.
    const search = await files(alice, '?search=100%25%20enak&limit=5');
    expect(search.body.pagination).toEqual({ total: 12, hasMore: true });
    expect(search.body.files.every((f: { title: string }) => f.title.startsWith('Resep 100% enak'))).toBe(true);
    const both = await files(alice, '?search=resep&platform=youtube');
    expect(both.body.pagination.total).toBe(both.body.files.length);
    expect(both.body.files.every((f: { platform: string }) => f.platform === 'youtube')).toBe(true);
    const none = await files(alice, '?platform=facebook');
    expect(none.body.files).toEqual([]);
    expect(none.body.pagination).toEqual({ total: 0, hasMore: false });
  });

  it('finds one file by id however old, and none of another member', async () => {
    const oldest = (await files(alice, '?order=asc&limit=1')).body.files[0];
    const one = await files(alice, `?id=${oldest.id}`);
    expect(one.body.files.map((f: { id: string }) => f.id)).toEqual([oldest.id]);
    expect(one.body.pagination).toEqual({ total: 1, hasMore: false });
    const bobs = (await files(admin, '?search=punya%20bob')).body.files[0];
    expect((await files(alice, `?id=${bobs.id}`)).body.files).toEqual([]);
    expect((await files(alice, '?id=nope')).status).toBe(400);
  });

  it("lists every user's files for an admin, with the same paging", async () => {
    const all = await files(admin, '?limit=200&sortBy=title&order=desc');
    expect(all.body.files).toHaveLength(200);
    expect(all.body.pagination).toEqual({ total: ALICE_LIVE + 1, hasMore: true });
    expect(all.body.files[0]).toMatchObject({ title: 'Video 05999', username: 'alice' });
    const bobs = await files(admin, '?search=punya%20bob');
    expect(bobs.body.files.map((f: { username: string }) => f.username)).toEqual(['bob']);
  });
});

describe('GET /api/media/history pages', () => {
  it('counts every matching entry in SQL and shows a running download with its percentage', async () => {
    const first = await history(alice, '?limit=200');
    expect(first.status).toBe(200);
    expect(first.body.history).toHaveLength(200);
    // The completed ones, the deleted file's entry and the running one; not the failed or hidden.
    expect(first.body.pagination).toEqual({ total: ALICE_FILES + 2, hasMore: true });
    expect(first.body.stats.total).toBe(ALICE_FILES + 2);
    expect(first.body.stats.byPlatform).toContainEqual({ platform: 'douyin', count: 1 });
    const running = first.body.history.find((r: { title: string }) => r.title === 'Sedang diunduh');
    expect(running).toMatchObject({ status: 'running', progress: 42, fileExists: false });
    expect(first.body.history.some((r: { status: string }) => r.status === 'failed')).toBe(false);
    const last = await history(alice, `?limit=200&offset=${ALICE_FILES}`);
    expect(last.body.history).toHaveLength(2);
    expect(last.body.pagination.hasMore).toBe(false);
  });

  it('keeps a platform filter on the server across pages', async () => {
    const page = await history(alice, '?platform=youtube&limit=200&offset=1800');
    expect(page.body.pagination).toEqual({ total: ALICE_FILES / 3, hasMore: false });
    expect(page.body.history).toHaveLength(200);
    expect(page.body.history.every((r: { platform: string }) => r.platform === 'youtube')).toBe(true);
  });
});

describe('bad paging input', () => {
  const cases: Array<[string, RegExp]> = [
    ['?limit=201', /limit paling banyak 200/],
    ['?limit=0', /limit minimal 1/],
    ['?offset=-1', /offset tidak boleh negatif/],
    ['?offset=abc', /offset harus berupa angka/],
    ['?offset=1.5', /offset harus bilangan bulat/],
  ];
  for (const path of ['/api/files', '/api/media/history']) {
    for (const [query, message] of cases) {
      it(`${path}${query}: 400 with a readable message`, async () => {
        const res = await h.request('GET', `${path}${query}`, { token: alice });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(message);
        expect(res.body.files ?? res.body.history).toBeUndefined();
      });
    }
    for (const query of ['?sortBy=password', '?order=sideways']) {
      it(`${path}${query}: 400`, async () => {
        const res = await h.request('GET', `${path}${query}`, { token: alice });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/sortBy|order/);
      });
    }
  }

  it('tells which sort fields the files list knows', async () => {
    const res = await files(alice, '?sortBy=size');
    expect(res.body.message).toMatch(/sortBy harus date, title atau platform/);
  });
});
