// The admin's tab links a deletion request to the member whose profile email is its address and
// removes that member's data in one confirmed step (issue 31 item 9): the account (its rows go
// with it) is deleted and the request marked selesai, with the sender mailed when mail is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '@scrapper/testkit/smtp-server/start-smtp-server';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let smtp: SmtpTestServer;
let admin: string;
let adminId: string;
let member: string;
let memberId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'noreply@scrapper.test' });
  adminId = (await h.createUser('hapus-admin', 'hapus-admin-password', 'admin')).id;
  memberId = (await h.createUser('dewi', 'dewi-password-1', 'user')).id;
  admin = await h.login('hapus-admin', 'hapus-admin-password');
  member = await h.login('dewi', 'dewi-password-1');
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

/** A request as the public form stores it (straight into the table: the form allows five an hour per address). */
const ask = async (email: string) => {
  const [row] = await h.database.sql<Array<{ id: string }>>`
    insert into deletion_requests (email, ip) values (${email.toLowerCase()}, '10.0.0.9') returning id`;
  const list = await h.request('GET', '/api/admin/deletion-requests', { token: admin });
  return list.body.requests.find((r: { id: string }) => r.id === row?.id) as { id: string; member: unknown };
};
const remove = (id: string, userId: string, token = admin) =>
  h.request('POST', `/api/admin/deletion-requests/${id}/remove-member`, { token, body: { userId } });
const userIds = async () => (await h.database.sql<Array<{ id: string }>>`select id from users order by id`).map((r) => r.id);

describe('the member linked to a deletion request', () => {
  it('is the account whose profile email is the address (any case); none when no account has it', async () => {
    expect((await h.request('PUT', '/api/me/profile', { token: member, body: { email: 'Dewi@Contoh.id' } })).status).toBe(200);
    const linked = await ask('DEWI@contoh.ID');
    expect(linked.member).toEqual({ id: memberId, username: 'dewi' });
    expect((await ask('orang-lain@contoh.id')).member).toBeNull();
  });

  it('members get 403 on the removal and nothing changes', async () => {
    const { id } = await ask('dewi@contoh.id');
    const before = await userIds();
    expect((await remove(id, memberId, member)).status).toBe(403);
    expect(await userIds()).toEqual(before);
  });

  it('an admin personal token gets 403: the removal is for a browser session', async () => {
    const token = await h.request('POST', '/api/me/tokens', { token: admin, body: { name: 'otomasi', scope: 'write' } });
    const { id } = await ask('dewi@contoh.id');
    const res = await remove(id, memberId, token.body.secret as string);
    expect(res.status).toBe(403);
    expect(await userIds()).toContain(memberId);
  });

  it('answers 409 when the account named is not the one linked (the link changed), removing nothing', async () => {
    const { id } = await ask('orang-lain@contoh.id');
    const before = await userIds();
    const res = await remove(id, memberId);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('sudah berubah');
    expect(await userIds()).toEqual(before);
  });

  it("an admin cannot remove their own account through it (409)", async () => {
    const adminToken = admin;
    expect((await h.request('PUT', '/api/me/profile', { token: adminToken, body: { email: 'admin@contoh.id' } })).status).toBe(200);
    const { id } = await ask('admin@contoh.id');
    const res = await remove(id, adminId);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Anda tidak dapat menghapus akun Anda sendiri.');
  });

  it('deletes the member and their rows, marks the request selesai, and queues the selesai mail, in one step', async () => {
    await h.database.sql`insert into notifications (user_id, kind, message, dedupe_key) values (${memberId}, 'scrape.completed', 'milik dewi', 'tes-dewi')`;
    const { id } = await ask('dewi@contoh.id');
    const res = await remove(id, memberId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'done', member: null, handledBy: { id: adminId, username: 'hapus-admin' } });
    expect(await userIds()).not.toContain(memberId);
    expect(await h.database.sql`select id from notifications where user_id = ${memberId}`).toEqual([]);
    // The member's session ends with the account.
    expect((await h.request('GET', '/api/auth/me', { token: member })).status).toBe(401);
    const subjects = await h.database.sql<Array<{ subject: string }>>`
      select subject from outgoing_mails where to_address = 'dewi@contoh.id' order by created_at`;
    expect(subjects.at(-1)?.subject).toMatch(/^Permintaan penghapusan data selesai \(kode [0-9A-F]{8}\)$/);
    // Asking again now that the account is gone: 409, nothing removed twice.
    expect((await remove(id, memberId)).status).toBe(409);
  });
});
