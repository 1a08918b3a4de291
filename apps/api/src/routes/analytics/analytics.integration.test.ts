import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import { jakartaDayStartBefore } from '@scrapper/db/queries/analytics';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { downloads, publishAccounts, publishPosts, publishTargets } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
const now = new Date();
const HOUR = 3600_000;

function row(ownerId: string, at: Date, values: Partial<typeof downloads.$inferInsert> = {}) {
  return {
    ownerId,
    platform: 'tiktok',
    sourceItemId: `i-${Math.random()}`,
    sourceUrl: 'https://example.test/v',
    title: 'Video',
    quality: 'best' as const,
    status: 'completed' as const,
    sizeBytes: 1024 * 1024,
    createdAt: at,
    ...values,
  };
}

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');

  const start7 = jakartaDayStartBefore(now, 6); // first instant of the 7-day window
  const start30 = jakartaDayStartBefore(now, 29);
  await h.database.db.insert(downloads).values([
    // Inside 7 days: the window's first minute, and now.
    row(aliceId, new Date(start7.getTime() + 60_000), { platform: 'youtube', title: 'Awal minggu' }),
    row(aliceId, new Date(now.getTime() - 60_000), { title: 'Barusan' }),
    // Just before the 7-day window: inside 30 days only.
    row(aliceId, new Date(start7.getTime() - 60_000), { title: 'Sebelum minggu' }),
    // Just inside and just outside 30 days.
    row(aliceId, new Date(start30.getTime() + 60_000), { title: 'Awal bulan' }),
    row(aliceId, new Date(start30.getTime() - 60_000), { title: 'Lama sekali', sizeBytes: null }),
    // Failed and deleted-file rows.
    row(aliceId, new Date(now.getTime() - HOUR), { status: 'failed', title: 'Gagal', sizeBytes: null }),
    row(aliceId, new Date(now.getTime() - 2 * HOUR), { title: 'Dihapus', fileDeletedAt: new Date() }),
    // Bob's.
    row(bobId, new Date(now.getTime() - 3 * HOUR), { platform: 'instagram', title: 'Milik Bob' }),
  ]);
});
afterAll(() => h.close());

describe('analytics dashboard', () => {
  it("counts a member's own downloads with Jakarta day boundaries", async () => {
    const res = await h.request('GET', '/api/analytics/dashboard', { token: alice });
    expect(res.status).toBe(200);
    const a = res.body;
    expect(a.totalDownloads).toBe(6);
    expect(a.downloadsLast7Days).toBe(3); // window start, now, deleted-file row
    expect(a.downloadsLast30Days).toBe(5);
    expect(a.successRate).toBe(Math.round((6 / 7) * 1000) / 10);
    // Files still stored: all completed with a size, minus the deleted one.
    expect(a.storageBytes).toBe(4 * 1024 * 1024);
    expect(a.storageEstimate).toBe('4.0 MB');
    expect(a.totalUsers).toBeUndefined();
    expect(a.downloadsByPlatform).toEqual([
      { platform: 'tiktok', count: 5 },
      { platform: 'youtube', count: 1 },
    ]);
    expect(a.dailyDownloads).toHaveLength(7);
    expect(a.dailyDownloads[6].date).toBe(jakartaDate(now));
    expect(a.dailyDownloads[0].date).toBe(jakartaDate(jakartaDayStartBefore(now, 6)));
    expect(a.dailyDownloads.reduce((n: number, d: { downloads: number }) => n + d.downloads, 0)).toBe(3);
    expect(a.recentDownloads[0]).toEqual({ platform: 'tiktok', title: 'Barusan', createdAt: expect.any(String) });
    expect(a.recentDownloads.some((r: { title: string }) => r.title === 'Milik Bob')).toBe(false);
  });

  it('gives admins everyone’s figures, the user count and usernames', async () => {
    const a = (await h.request('GET', '/api/analytics/dashboard', { token: admin })).body;
    expect(a.totalDownloads).toBe(7);
    expect(a.downloadsLast7Days).toBe(4);
    expect(a.downloadsLast30Days).toBe(6);
    expect(a.successRate).toBe(87.5);
    expect(a.storageBytes).toBe(5 * 1024 * 1024);
    expect(a.downloadsByPlatform).toEqual([
      { platform: 'tiktok', count: 5 },
      { platform: 'instagram', count: 1 },
      { platform: 'youtube', count: 1 },
    ]);
    expect(a.dailyDownloads.reduce((n: number, d: { downloads: number }) => n + d.downloads, 0)).toBe(4);
    expect(a.totalUsers).toBe(3);
    expect(a.recentDownloads.find((r: { title: string }) => r.title === 'Milik Bob').username).toBe('bob');
  });

  it('answers zeros, not errors, for a member with nothing yet', async () => {
    await h.createUser('fresh', 'fresh-password', 'user');
    const a = (await h.request('GET', '/api/analytics/dashboard', { token: await h.login('fresh', 'fresh-password') })).body;
    expect(a).toMatchObject({ totalDownloads: 0, successRate: null, storageBytes: 0, downloadsByPlatform: [], recentDownloads: [] });
    expect(a.dailyDownloads.every((d: { downloads: number }) => d.downloads === 0)).toBe(true);
  });

  it('names recent downloads as Riwayat does, also rows stored under a bare id before titles were decided at creation', async () => {
    const carolId = (await h.createUser('carol', 'carol-password', 'user')).id;
    await h.database.db.insert(downloads).values([
      row(carolId, new Date(now.getTime() - 60_000), { title: '7345678901234567890', sourceItemId: '7345678901234567890', author: 'kreator' }),
    ]);
    const a = (await h.request('GET', '/api/analytics/dashboard', { token: await h.login('carol', 'carol-password') })).body;
    expect(a.recentDownloads.map((r: { title: string }) => r.title)).toEqual(['Video TikTok dari kreator']);
  });
});

describe('notifications', () => {
  it('lists the caller’s notifications with the unread count and marks one read', async () => {
    await notifyUser(h.database.db, aliceId, { kind: 'scrape.completed', message: 'Scraping selesai', dedupeKey: 'scrape:1' });
    await notifyUser(h.database.db, aliceId, { kind: 'scrape.completed', message: 'Scraping selesai', dedupeKey: 'scrape:1' });
    await notifyUser(h.database.db, bobId, { kind: 'batch.finished', message: 'Milik Bob', dedupeKey: 'batch:1' });
    const list = await h.request('GET', '/api/notifications', { token: alice });
    expect(list.body.unread).toBe(1);
    expect(list.body.notifications).toEqual([expect.objectContaining({ message: 'Scraping selesai', isRead: false })]);
    const id = list.body.notifications[0].id;
    // Someone else's notification is a 404 and stays unread.
    expect((await h.request('PUT', `/api/notifications/${id}/read`, { token: bob })).status).toBe(404);
    const read = await h.request('PUT', `/api/notifications/${id}/read`, { token: alice });
    expect(read.body.isRead).toBe(true);
    expect((await h.request('GET', '/api/notifications', { token: alice })).body.unread).toBe(0);
  });
});

describe('data deletion requests', () => {
  it('stores a request for a valid email and answers with the timeline', async () => {
    const res = await h.request('POST', '/api/auth/delete-account', { body: { email: 'Pengguna@Contoh.id' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/24-48 jam/);
    expect(res.body.message).toMatch(/7 hari/);
    expect(res.body.message).toMatch(/30 hari/);
    const list = await h.request('GET', '/api/admin/deletion-requests', { token: admin });
    expect(list.body.requests[0]).toMatchObject({ email: 'pengguna@contoh.id', status: 'received' });
    expect((await h.request('GET', '/api/admin/deletion-requests', { token: alice })).status).toBe(403);
  });

  it('refuses an invalid email with 400 and stores nothing', async () => {
    const before = (await h.request('GET', '/api/admin/deletion-requests', { token: admin })).body.pagination.total;
    for (const email of ['bukan-email', '', 'a@', '@b.id']) {
      const res = await h.request('POST', '/api/auth/delete-account', { body: { email } });
      expect(res.status, email).toBe(400);
      expect(res.body.message).toMatch(/email/);
    }
    expect((await h.request('GET', '/api/admin/deletion-requests', { token: admin })).body.pagination.total).toBe(before);
  });

  it('limits one address to a few requests an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.request('POST', '/api/auth/delete-account', { body: { email: `x${i}@contoh.id` } })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts posts per destination: targets that reached their platform, the member\'s own (issue 33)', async () => {
    const [account] = await h.database.db
      .insert(publishAccounts)
      .values({ userId: aliceId, platform: 'tiktok', remoteId: 'open-analytics', name: 'Dapur', sealedTokens: 'x' })
      .returning();
    const [ig] = await h.database.db
      .insert(publishAccounts)
      .values({ userId: aliceId, platform: 'instagram', remoteId: 'ig-analytics', name: 'dapur.ig', sealedTokens: 'x' })
      .returning();
    const [post] = await h.database.db.insert(publishPosts).values({ userId: aliceId, caption: 'Hitung' }).returning();
    await h.database.db.insert(publishTargets).values([
      { postId: post?.id ?? '', platform: 'tiktok', accountId: account?.id ?? '', status: 'sent_to_inbox' },
      { postId: post?.id ?? '', platform: 'instagram', accountId: ig?.id ?? '', status: 'published' },
      { postId: post?.id ?? '', platform: 'instagram', accountId: ig?.id ?? '', status: 'failed' },
    ]);
    const mine = (await h.request('GET', '/api/analytics/dashboard', { token: alice })).body;
    expect(mine.postsByDestination).toEqual([
      { platform: 'instagram', count: 1 },
      { platform: 'tiktok', count: 1 },
    ]);
    const bobs = (await h.request('GET', '/api/analytics/dashboard', { token: bob })).body;
    expect(bobs.postsByDestination).toEqual([]);
  });
});
