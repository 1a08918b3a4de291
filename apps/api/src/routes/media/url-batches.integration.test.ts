// "Unduh dari URL", "Unduh Ulang" and the batch zip over real HTTP, PostgreSQL and pg-boss (no
// worker: rows and jobs are checked as the API leaves them; the worker's side is in
// apps/worker/src/jobs/video-download-links.integration.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { downloadBatches, downloads } from '@scrapper/db/schema';
import { setPlatformRateLimit } from '@scrapper/db/queries/platform-rate-limits';
import { readZipEntries } from '@scrapper/testkit/zip-entries';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let alice: string;
let bob: string;
let admin: string;
let aliceId: string;

const count = async (table: typeof downloads | typeof downloadBatches) => (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
const jobs = async () =>
  (await h.database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'video.download'`)[0]?.n ?? 0;

async function completedDownload(ownerId: string, values: { title: string; batchId?: string; withFile?: boolean; sourceItemId?: string }) {
  const key = `downloads/${ownerId}/${crypto.randomUUID()}.mp4`;
  if (values.withFile !== false) await h.storage.write(key, Buffer.from(`isi ${values.title}`));
  const [row] = await h.database.db
    .insert(downloads)
    .values({
      ownerId,
      platform: 'tiktok',
      sourceItemId: values.sourceItemId ?? crypto.randomUUID().slice(0, 8),
      sourceUrl: 'https://www.tiktok.com/@kreator/video/1',
      title: values.title,
      author: 'kreator',
      quality: 'best',
      status: 'completed',
      storageKey: key,
      sizeBytes: 10,
      mime: 'video/mp4',
      batchId: values.batchId ?? null,
      fileDeletedAt: values.withFile === false ? new Date() : null,
      finishedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
});
afterAll(() => h.close());

describe('POST /api/media/batches with urls', () => {
  it('queues one download per distinct link, titled by its address and placed by its host until yt-dlp looks', async () => {
    const jobsBefore = await jobs();
    const res = await h.request('POST', '/api/media/batches', {
      token: alice,
      body: { urls: ['https://93.184.216.34/@a/video/1', 'https://93.184.216.34/@a/video/1', 'https://93.184.216.34/v/2'], quality: '720p' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ source: 'urls', total: 2, done: false, zipReady: false, rateLimited: [] });
    expect(res.body.items.map((i: { platform: string; title: string; status: string }) => [i.platform, i.title, i.status])).toEqual([
      ['web', '93.184.216.34/@a/video/1', 'queued'],
      ['web', '93.184.216.34/v/2', 'queued'],
    ]);
    const rows = await h.database.db.select().from(downloads).where(eq(downloads.batchId, res.body.id));
    expect(rows.every((r) => r.ownerId === aliceId && r.quality === '720p' && r.resultFileName === null)).toBe(true);
    expect(await jobs()).toBe(jobsBefore + 2);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = [await count(downloads), await count(downloadBatches), await jobs()];
    const cases: Array<[unknown, RegExp]> = [
      [{ urls: Array.from({ length: 51 }, (_, i) => `https://93.184.216.34/v/${i}`) }, /Paling banyak 50 tautan/],
      [{ urls: [] }, /minimal satu tautan/],
      [{ urls: ['https://93.184.216.34/v/1', 'ftp://example.com/v.mp4'] }, /Bukan tautan http atau https: "ftp:\/\/example.com\/v.mp4"/],
      [{ urls: ['javascript:alert(1)'] }, /Bukan tautan http atau https/],
      [{ urls: ['https://93.184.216.34/v/1', 'http://127.0.0.1:9/x'] }, /Tautan 2: .*127\.0\.0\.1/],
      [{ urls: ['http://10.0.0.5/v.mp4'] }, /Tautan: .*10\.0\.0\.5/],
      [{ urls: ['http://169.254.169.254/latest/meta-data/'] }, /169\.254\.169\.254/],
      [{ urls: ['https://93.184.216.34/v/1'], filename: 'tiktok_20261122-010203_abcd.json', itemIds: ['1'] }, /tidak keduanya/],
      [{ quality: 'best' }, /Kirim tautan video/],
      [{ urls: ['https://93.184.216.34/v/1'], quality: '4k' }, /Kualitas harus/],
    ];
    for (const [body, message] of cases) {
      const res = await h.request('POST', '/api/media/batches', { token: alice, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect([await count(downloads), await count(downloadBatches), await jobs()]).toEqual(before);
  });

  it('needs a login', async () => {
    const res = await h.request('POST', '/api/media/batches', { body: { urls: ['https://93.184.216.34/v/1'] } });
    expect(res.status).toBe(401);
  });

  it('says when a platform’s rate limit holds the batch, and for how long', async () => {
    await setPlatformRateLimit(h.database.db, 'web', 1);
    await h.database.sql`insert into platform_rate_usage (platform, window_start, used) values ('web', date_trunc('minute', now()), 1)
      on conflict (platform, window_start) do update set used = 1`;
    const res = await h.request('POST', '/api/media/batches', { token: alice, body: { urls: ['https://93.184.216.34/v/77'] } });
    expect(res.status).toBe(202);
    expect(res.body.rateLimited).toEqual([{ platform: 'web', requestsPerMinute: 1, resumesInSeconds: expect.any(Number) }]);
    expect(res.body.rateLimited[0].resumesInSeconds).toBeGreaterThan(0);
    expect(res.body.rateLimited[0].resumesInSeconds).toBeLessThanOrEqual(60);
    expect(res.body.items[0].held).toBe(true);
    await setPlatformRateLimit(h.database.db, 'web', null);
    const again = await h.request('GET', `/api/media/batches/${res.body.id}`, { token: alice });
    expect(again.body).toMatchObject({ rateLimited: [], items: [{ held: false }] });
  });
});

describe('POST /api/media/history/:id/redownload', () => {
  it('fetches an entry whose file is gone again, as a batch of one that replaces it when done', async () => {
    const gone = await completedDownload(aliceId, { title: 'Kucing Hilang', withFile: false });
    const jobsBefore = await jobs();
    const res = await h.request('POST', `/api/media/history/${gone.id}/redownload`, { token: alice });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: 1, items: [{ title: 'Kucing Hilang', status: 'queued' }] });
    const [row] = await h.database.db.select().from(downloads).where(eq(downloads.batchId, res.body.id));
    expect(row).toMatchObject({ redownloadOf: gone.id, sourceUrl: gone.sourceUrl, sourceItemId: gone.sourceItemId, ownerId: aliceId, status: 'queued' });
    expect(await jobs()).toBe(jobsBefore + 1);
    // While it runs, asking again is refused rather than queued twice.
    const twice = await h.request('POST', `/api/media/history/${gone.id}/redownload`, { token: alice });
    expect(twice.status).toBe(409);
  });

  it('refuses a file that is still there (409), another member’s entry (404) and unknown ids, changing nothing', async () => {
    const kept = await completedDownload(aliceId, { title: 'Masih Ada' });
    const gone = await completedDownload(aliceId, { title: 'Punya Alice', withFile: false });
    const before = [await count(downloads), await count(downloadBatches), await jobs()];
    const present = await h.request('POST', `/api/media/history/${kept.id}/redownload`, { token: alice });
    expect(present.status).toBe(409);
    expect(present.body.message).toMatch(/masih tersimpan/);
    const other = await h.request('POST', `/api/media/history/${gone.id}/redownload`, { token: bob });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Riwayat unduhan tidak ditemukan.');
    const unknown = await h.request('POST', `/api/media/history/${crypto.randomUUID()}/redownload`, { token: alice });
    expect(unknown.status).toBe(404);
    const bad = await h.request('POST', '/api/media/history/bukan-id/redownload', { token: alice });
    expect(bad.status).toBe(400);
    expect([await count(downloads), await count(downloadBatches), await jobs()]).toEqual(before);
    // An admin may fetch a member's entry again; the new download is the member's.
    const byAdmin = await h.request('POST', `/api/media/history/${gone.id}/redownload`, { token: admin });
    expect(byAdmin.status).toBe(202);
    const [row] = await h.database.db.select().from(downloads).where(eq(downloads.batchId, byAdmin.body.id));
    expect(row?.ownerId).toBe(aliceId);
  });
});

describe('GET /api/media/batches/:id/zip', () => {
  it('streams the finished files with unique, readable names', async () => {
    const [batch] = await h.database.db.insert(downloadBatches).values({ ownerId: aliceId, source: 'urls', quality: 'best', total: 4 }).returning();
    if (!batch) throw new Error('no batch');
    await completedDownload(aliceId, { title: 'Kucing: Lucu?', batchId: batch.id });
    await completedDownload(aliceId, { title: 'Kucing: Lucu?', batchId: batch.id });
    await completedDownload(aliceId, { title: '7345678901234567890', sourceItemId: '7345678901234567890', batchId: batch.id });
    await completedDownload(aliceId, { title: 'Dihapus', batchId: batch.id, withFile: false });
    const dto = await h.request('GET', `/api/media/batches/${batch.id}`, { token: alice });
    expect(dto.body.zipReady).toBe(true);

    const res = await fetch(`${h.baseUrl}/api/media/batches/${batch.id}/zip`, { headers: { authorization: `Bearer ${alice}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="unduhan-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip"$/);
    const entries = readZipEntries(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['Kucing Lucu.mp4', 'Kucing Lucu (2).mp4', 'Video TikTok dari kreator.mp4']);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    expect(entries[0]?.data?.toString()).toBe('isi Kucing: Lucu?');
    expect(entries[2]?.data?.toString()).toBe('isi 7345678901234567890');
  });

  it('is 404 for another member’s batch and for a batch with nothing finished', async () => {
    const [batch] = await h.database.db.insert(downloadBatches).values({ ownerId: aliceId, source: 'urls', quality: 'best', total: 1 }).returning();
    if (!batch) throw new Error('no batch');
    const empty = await h.request('GET', `/api/media/batches/${batch.id}/zip`, { token: alice });
    expect(empty.status).toBe(404);
    expect(empty.body.message).toMatch(/Belum ada file/);
    await completedDownload(aliceId, { title: 'Satu', batchId: batch.id });
    expect((await h.request('GET', `/api/media/batches/${batch.id}/zip`, { token: bob })).status).toBe(404);
    expect((await h.request('GET', `/api/media/batches/${batch.id}/zip`)).status).toBe(401);
    expect((await fetch(`${h.baseUrl}/api/media/batches/${batch.id}/zip`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
  });
});

describe('readable names in Riwayat and the file manager', () => {
  it('shows a title and a file name made from it, never the id or the storage uuid', async () => {
    const row = await completedDownload(aliceId, { title: '7345000000000000001', sourceItemId: '7345000000000000001' });
    const history = await h.request('GET', '/api/media/history?search=kreator&limit=200', { token: alice });
    const entry = history.body.history.find((e: { id: string }) => e.id === row.id);
    expect(entry).toMatchObject({ title: 'Video TikTok dari kreator', filename: 'Video TikTok dari kreator.mp4', errorDetail: null });
    const files = await h.request('GET', '/api/files', { token: alice });
    const file = files.body.files.find((f: { id: string }) => f.id === row.id);
    expect(file).toMatchObject({ title: 'Video TikTok dari kreator', fileName: 'Video TikTok dari kreator.mp4' });
  });
});
