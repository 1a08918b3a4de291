// Notifications: the link each one carries (stored, or derived from the kind for rows without
// one), POST /api/notifications/read-all, and who reaches what.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@scrapper/db/schema';
import { notifyAdmins, notifyUser } from '@scrapper/db/queries/notifications';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: { id: string; token: string };
let member: { id: string; token: string };
let other: { id: string; token: string };

async function user(username: string, role: 'user' | 'admin') {
  const { id } = await h.createUser(username, `${username}-password`, role);
  return { id, token: await h.login(username, `${username}-password`) };
}

beforeAll(async () => {
  h = await startHarness();
  admin = await user('admin-notif', 'admin');
  member = await user('anggota-notif', 'user');
  other = await user('lain-notif', 'user');
});
afterAll(() => h.close());

const list = async (token: string) => (await h.request('GET', '/api/notifications', { token })).body as {
  notifications: Array<{ id: string; kind: string; message: string; isRead: boolean; link: string | null }>;
  unread: number;
};

async function insert(userId: string, kind: string, link: string | null = null) {
  const [row] = await h.database.db
    .insert(notifications)
    .values({ userId, kind, message: `Pesan ${kind}`, dedupeKey: `uji:${randomUUID()}`, link })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('notification links', () => {
  it('derives the page from the kind for rows without a link (the kinds the workers write)', async () => {
    const u = await user('link-turunan', 'user');
    const expected: Record<string, string | null> = {
      'scrape.completed': '/',
      'scrape.failed': '/',
      'batch.finished': '/history',
      'upload.uploaded': '/youtube',
      'upload.failed': '/youtube',
      'youtube.reauth': '/youtube',
      'cookies.expired': '/admin?tab=cookies',
      'cookies.expiring': '/admin?tab=cookies',
      'member-cookies.expired': '/extension',
      'member-cookies.expiring': '/extension',
      'tools.ytdlp-update-failed': '/admin?tab=tools',
      'tools.ytdlp-old': '/admin?tab=tools',
      'tools.ytdlp-missing': '/admin?tab=tools',
      'tools.ytdlp-outdated': '/admin?tab=tools',
      info: null,
    };
    for (const kind of Object.keys(expected)) await insert(u.id, kind);
    const { notifications: rows } = await list(u.token);
    expect(Object.fromEntries(rows.map((n) => [n.kind, n.link]))).toEqual(expected);
  });

  it('keeps a stored link, and never passes on one that leaves the app', async () => {
    const u = await user('link-simpan', 'user');
    await insert(u.id, 'batch.finished', '/history?batch=123');
    await insert(u.id, 'scrape.failed', 'https://contoh.id/jebakan');
    await insert(u.id, 'tools.ytdlp-old', '//contoh.id/jebakan');
    const byKind = Object.fromEntries((await list(u.token)).notifications.map((n) => [n.kind, n.link]));
    expect(byKind).toEqual({ 'batch.finished': '/history?batch=123', 'scrape.failed': '/', 'tools.ytdlp-old': '/admin?tab=tools' });
  });

  it('the insert helpers store the link a producer gives, for one user and for every admin', async () => {
    await notifyUser(h.database.db, member.id, { kind: 'batch.finished', message: 'Batch selesai', dedupeKey: `b:${randomUUID()}`, link: '/history?batch=abc' });
    await notifyAdmins(h.database.db, { kind: 'deletion.requested', message: 'Permintaan hapus data baru', dedupeKey: `d:${randomUUID()}`, link: '/admin?tab=deletion-requests' });
    expect((await list(member.token)).notifications.find((n) => n.message === 'Batch selesai')?.link).toBe('/history?batch=abc');
    expect((await list(admin.token)).notifications.find((n) => n.kind === 'deletion.requested')?.link).toBe('/admin?tab=deletion-requests');
    expect((await list(member.token)).notifications.some((n) => n.kind === 'deletion.requested')).toBe(false);
  });
});

describe('POST /api/notifications/read-all', () => {
  it("marks every unread notification of the caller read, and nobody else's", async () => {
    for (const kind of ['scrape.completed', 'batch.finished', 'upload.failed']) await insert(member.id, kind);
    await insert(other.id, 'scrape.failed');
    const before = await list(member.token);
    expect(before.unread).toBeGreaterThanOrEqual(3);
    const otherBefore = await list(other.token);

    const res = await h.request('POST', '/api/notifications/read-all', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: before.unread });

    const after = await list(member.token);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.isRead)).toBe(true);
    expect(await list(other.token)).toEqual(otherBefore);

    // Nothing left: a second call changes nothing and says so.
    expect((await h.request('POST', '/api/notifications/read-all', { token: member.token })).body).toEqual({ updated: 0 });
  });

  it("an admin's read-all covers the admin's own list only", async () => {
    await insert(admin.id, 'tools.ytdlp-old');
    const memberRow = await insert(other.id, 'scrape.completed');
    const res = await h.request('POST', '/api/notifications/read-all', { token: admin.token });
    expect(res.status).toBe(200);
    expect((await list(admin.token)).unread).toBe(0);
    expect((await list(other.token)).notifications.find((n) => n.id === memberRow.id)?.isRead).toBe(false);
  });

  it('needs a session (401), refuses a body it does not take (400, nothing marked), and 404s a GET', async () => {
    expect((await h.request('POST', '/api/notifications/read-all')).status).toBe(401);
    expect((await h.request('POST', '/api/notifications/read-all', { token: 'bukan-token' })).status).toBe(401);
    const unread = await insert(other.id, 'cookies.expired');
    // The OpenAPI document says read-all takes no body: one with content is refused, not ignored.
    const withBody = await h.request('POST', '/api/notifications/read-all', { token: other.token, body: { ids: ['x'] } });
    expect(withBody.status).toBe(400);
    expect(withBody.body.message).toBe('body: Permintaan ini tidak menerima body.');
    const list = await h.request('GET', '/api/notifications', { token: other.token });
    expect(list.body.notifications.find((n: { id: string }) => n.id === unread.id)?.isRead).toBe(false);
    expect((await h.request('GET', '/api/notifications/read-all', { token: other.token })).status).toBe(404);
  });

  it('marking one read still works and carries the link', async () => {
    const row = await insert(other.id, 'cookies.expired');
    const res = await h.request('PUT', `/api/notifications/${row.id}/read`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, isRead: true, link: '/admin?tab=cookies' });
    expect((await h.request('PUT', `/api/notifications/${row.id}/read`, { token: member.token })).status).toBe(404);
  });
});

describe('GET/PUT /api/me/notification-settings', () => {
  const settings = async (token: string) =>
    (await h.request('GET', '/api/me/notification-settings', { token })).body as {
      kinds: Array<{ kind: string; label: string; enabled: boolean; switchable: boolean }>;
    };

  it('lists every kind the caller receives, all on at first; admin kinds only for admins', async () => {
    const mine = await settings(member.token);
    expect(mine.kinds.find((k) => k.kind === 'scrape.completed')).toEqual({ kind: 'scrape.completed', label: 'Scraping selesai', enabled: true, switchable: true });
    expect(mine.kinds.find((k) => k.kind === 'scrape.failed')).toMatchObject({ enabled: true, switchable: false });
    expect(mine.kinds.some((k) => k.kind === 'cookies.expiring')).toBe(false);
    expect((await settings(admin.token)).kinds.some((k) => k.kind === 'cookies.expiring')).toBe(true);
  });

  it('a kind switched off no longer reaches the bell; failures still do; switching it on again brings it back', async () => {
    const who = await user(`senyap-${randomUUID().slice(0, 8)}`, 'user');
    const res = await h.request('PUT', '/api/me/notification-settings', { token: who.token, body: { kinds: { 'scrape.completed': false, 'batch.finished': false } } });
    expect(res.status).toBe(200);
    const saved = res.body as Awaited<ReturnType<typeof settings>>;
    expect(saved.kinds.filter((k) => !k.enabled).map((k) => k.kind).sort()).toEqual(['batch.finished', 'scrape.completed']);
    expect(await settings(who.token)).toEqual(saved);

    await notifyUser(h.database.db, who.id, { kind: 'scrape.completed', message: 'Selesai', dedupeKey: `s:${randomUUID()}` });
    await notifyUser(h.database.db, who.id, { kind: 'scrape.failed', message: 'Gagal', dedupeKey: `s:${randomUUID()}` });
    await notifyUser(h.database.db, who.id, { kind: 'upload.uploaded', message: 'Terunggah', dedupeKey: `s:${randomUUID()}` });
    expect((await list(who.token)).notifications.map((n) => n.kind).sort()).toEqual(['scrape.failed', 'upload.uploaded']);

    await h.request('PUT', '/api/me/notification-settings', { token: who.token, body: { kinds: { 'scrape.completed': true } } });
    await notifyUser(h.database.db, who.id, { kind: 'scrape.completed', message: 'Selesai lagi', dedupeKey: `s:${randomUUID()}` });
    expect((await list(who.token)).notifications.map((n) => n.kind)).toContain('scrape.completed');
    // The other switch kept its setting.
    expect((await settings(who.token)).kinds.find((k) => k.kind === 'batch.finished')?.enabled).toBe(false);
  });

  it("an admin's switched-off kind skips that admin only", async () => {
    const quiet = await user(`admin-senyap-${randomUUID().slice(0, 8)}`, 'admin');
    await h.request('PUT', '/api/me/notification-settings', { token: quiet.token, body: { kinds: { 'tools.ytdlp-old': false } } });
    const key = `t:${randomUUID()}`;
    await notifyAdmins(h.database.db, { kind: 'tools.ytdlp-old', message: 'Lama', dedupeKey: key });
    expect((await list(quiet.token)).notifications.some((n) => n.kind === 'tools.ytdlp-old')).toBe(false);
    expect((await list(admin.token)).notifications.some((n) => n.message === 'Lama')).toBe(true);
  });

  it('refuses switching a failure off, an unknown kind, an admin kind for a member and a bad body (400, nothing changes)', async () => {
    const before = await settings(other.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ kinds: { 'scrape.failed': false } }, /selalu dikirim/],
      [{ kinds: { 'tidak.ada': false } }, /tidak dikenal/],
      [{ kinds: { 'cookies.expiring': false } }, /tidak dikenal/],
      [{ kinds: { 'scrape.completed': 'mati' } }, /./],
      [{ kinds: { 'scrape.completed': false }, lain: 1 }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await h.request('PUT', '/api/me/notification-settings', { token: other.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(message);
    }
    expect(await settings(other.token)).toEqual(before);
    expect((await h.request('GET', '/api/me/notification-settings')).status).toBe(401);
  });
});
