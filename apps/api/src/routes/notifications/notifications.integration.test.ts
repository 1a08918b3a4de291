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
