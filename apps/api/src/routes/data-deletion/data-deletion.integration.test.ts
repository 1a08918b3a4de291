// Deletion requests reach the admins (issue 20): every admin is notified with a link to the
// "Permintaan Hapus Data" tab, which lists them and moves them baru -> diproses -> selesai.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_NOTICE_NO_MAIL, deletionConfirmation } from '@scrapper/contracts/http/data-deletion';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let otherAdmin: string;
let member: string;
let adminId: string;

beforeAll(async () => {
  h = await startHarness();
  adminId = (await h.createUser('hapus-admin', 'hapus-admin-password', 'admin')).id;
  await h.createUser('hapus-admin2', 'hapus-admin2-password', 'admin');
  await h.createUser('hapus-member', 'hapus-member-password', 'user');
  admin = await h.login('hapus-admin', 'hapus-admin-password');
  otherAdmin = await h.login('hapus-admin2', 'hapus-admin2-password');
  member = await h.login('hapus-member', 'hapus-member-password');
});
afterAll(async () => {
  await h?.close();
});

const ask = (email: string) => h.request('POST', '/api/auth/delete-account', { body: { email } });
const list = (token = admin) => h.request('GET', '/api/admin/deletion-requests', { token });
const patch = (id: string, body: unknown, token = admin) => h.request('PATCH', `/api/admin/deletion-requests/${id}`, { token, body });
const requestsTable = async () => h.database.sql`select id, status, updated_at, handled_by from deletion_requests order by id`;

describe('deletion requests', () => {
  let id = '';

  it('without SMTP_URL the page is told plainly that an admin handles the request, and no mail is queued', async () => {
    const info = await h.request('GET', '/api/auth/delete-account');
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ mailEnabled: false, notice: DELETION_NOTICE_NO_MAIL });
    expect(info.body.notice).toContain('tidak mengirim email otomatis');
  });

  it('a request from the public page is listed as new and notifies every admin, not members', async () => {
    const asked = await ask('Budi@Example.com');
    expect(asked.status).toBe(201);
    expect(asked.body.code).toMatch(/^[0-9A-F]{8}$/);
    expect(asked.body.message).toBe(deletionConfirmation(asked.body.code as string, false));
    expect(asked.body.message).toContain('Admin akan menangani permintaan Anda');
    expect(asked.body.message).not.toContain('Konfirmasi dikirim');
    expect(await h.database.sql`select id from outgoing_mails`).toEqual([]);
    expect(await h.database.sql`select id from pgboss.job where name = 'mail.send'`).toEqual([]);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.requests).toHaveLength(1);
    expect(res.body.pagination).toEqual({ total: 1, hasMore: false });
    expect(res.body.requests[0]).toMatchObject({ email: 'budi@example.com', status: 'received', updatedAt: null, handledBy: null, member: null, code: asked.body.code });
    id = res.body.requests[0].id as string;

    for (const token of [admin, otherAdmin]) {
      const notes = (await h.request('GET', '/api/notifications', { token })).body as { notifications: Array<{ message: string; link: string | null }> };
      const note = notes.notifications.find((n) => n.message.includes('budi@example.com'));
      expect(note).toMatchObject({ message: 'Permintaan hapus data baru dari budi@example.com.', link: '/admin?tab=deletion-requests' });
    }
    const memberNotes = (await h.request('GET', '/api/notifications', { token: member })).body as { notifications: unknown[] };
    expect(memberNotes.notifications).toEqual([]);
  });

  it('moves a request to diproses and selesai, recording who and when', async () => {
    const before = Date.now();
    const progressing = await patch(id, { status: 'in_progress' });
    expect(progressing.status, JSON.stringify(progressing.body)).toBe(200);
    expect(progressing.body).toMatchObject({ id, status: 'in_progress', handledBy: { id: adminId, username: 'hapus-admin' } });
    expect(Date.parse(progressing.body.updatedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const done = await patch(id, { status: 'done' });
    expect(done.body.status).toBe('done');
    expect((await list()).body.requests[0]).toMatchObject({ id, status: 'done' });
    // No SMTP_URL: status changes queue no mail either.
    expect(await h.database.sql`select id from outgoing_mails`).toEqual([]);
  });

  it('setting the status it already has changes nothing', async () => {
    const before = await requestsTable();
    const same = await patch(id, { status: 'done' }, otherAdmin);
    expect(same.status).toBe(200);
    expect(same.body.handledBy).toMatchObject({ username: 'hapus-admin' });
    expect(await requestsTable()).toEqual(before);
  });

  it('refuses a bad status (400) and an unknown id (404), changing nothing', async () => {
    const before = await requestsTable();
    for (const body of [{ status: 'selesai' }, { status: '' }, {}, { status: 3 }]) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/Status harus received \(baru\), in_progress \(diproses\) atau done \(selesai\)|body/);
    }
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'done' })).status).toBe(404);
    expect((await patch('bukan-id', { status: 'done' })).status).toBe(400);
    expect(await requestsTable()).toEqual(before);
  });

  it('pages: every request is reachable, none twice, newest first, and a bad page is a 400', async () => {
    // Straight into the table: the public form allows five an hour per address.
    await h.database.sql`insert into deletion_requests (email, ip, created_at)
      select 'massal' || n || '@contoh.id', '10.0.0.1', now() - make_interval(mins => n) from generate_series(1, 240) as n`;
    const seen: string[] = [];
    for (let offset = 0; ; offset += 200) {
      const res = await h.request('GET', `/api/admin/deletion-requests?offset=${offset}&limit=200`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.pagination.total).toBe(241);
      seen.push(...(res.body.requests as Array<{ email: string }>).map((r) => r.email));
      if (!res.body.pagination.hasMore) break;
    }
    expect(seen).toHaveLength(241);
    expect(new Set(seen).size).toBe(241);
    expect(seen.slice(0, 3)).toEqual(['budi@example.com', 'massal1@contoh.id', 'massal2@contoh.id']);
    expect((await list()).body.requests).toHaveLength(50);
    for (const query of ['limit=201', 'limit=0', 'offset=-1', 'offset=abc']) {
      const res = await h.request('GET', `/api/admin/deletion-requests?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/limit|offset/);
    }
  });

  it('is for admins only: members get 403', async () => {
    expect((await list(member)).status).toBe(403);
    const before = await requestsTable();
    expect((await patch(id, { status: 'received' }, member)).status).toBe(403);
    expect(await requestsTable()).toEqual(before);
  });
});
