// Deletion requests with SMTP_URL set (issue 31 item 9): the confirmation and each status change
// are written as an outgoing mail with a `mail.send` job in the same transaction as the event,
// once per event. The worker sends them (apps/worker/src/jobs/mail-send.integration.test.ts
// delivers to the testkit's SMTP server; apps/web/e2e/admin-deletion-requests.spec.ts the
// whole way from the public page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_NOTICE_MAIL, deletionConfirmation } from '@scrapper/contracts/http/data-deletion';
import { startSmtpServer, type SmtpTestServer } from '@scrapper/testkit/smtp-server/start-smtp-server';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let smtp: SmtpTestServer;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'Scrapper <noreply@scrapper.test>' });
  await h.createUser('mail-admin', 'mail-admin-password', 'admin');
  admin = await h.login('mail-admin', 'mail-admin-password');
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

interface MailRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  sent_at: Date | null;
}
const mails = () => h.database.sql<MailRow[]>`select id, to_address, subject, body_text, sent_at from outgoing_mails order by created_at, id`;
const mailJobs = () =>
  h.database.sql<Array<{ mail_id: string; singleton_key: string }>>`
    select data->>'mailId' as mail_id, singleton_key from pgboss.job where name = 'mail.send' order by created_on`;
const patch = (id: string, status: string) => h.request('PATCH', `/api/admin/deletion-requests/${id}`, { token: admin, body: { status } });

describe('deletion requests with mail on', () => {
  let id = '';
  let code = '';

  it('tells the page that mail goes out', async () => {
    const info = await h.request('GET', '/api/auth/delete-account');
    expect(info.body).toEqual({ mailEnabled: true, notice: DELETION_NOTICE_MAIL });
  });

  it('queues the confirmation to the address given, in Indonesian, with the code and what happens next', async () => {
    const asked = await h.request('POST', '/api/auth/delete-account', { body: { email: 'Sari@Contoh.id' } });
    expect(asked.status).toBe(201);
    code = asked.body.code as string;
    expect(asked.body.message).toBe(deletionConfirmation(code, true));
    expect(asked.body.message).toContain('Konfirmasi dikirim ke email Anda');
    id = (await h.request('GET', '/api/admin/deletion-requests', { token: admin })).body.requests[0].id as string;

    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to_address: 'sari@contoh.id', subject: `Permintaan penghapusan data diterima (kode ${code})`, sent_at: null });
    expect(mail?.body_text).toContain('Kami telah menerima permintaan penghapusan data untuk alamat sari@contoh.id');
    expect(mail?.body_text).toContain(`Kode permintaan: ${code}`);
    expect(mail?.body_text).toContain('Yang terjadi selanjutnya:');
    expect(mail?.body_text).toMatch(/paling lama 30 hari sejak permintaan diterima \(sebelum \d{1,2} \w{3} \d{4}\)/);
    expect(mail?.body_text).toContain('WIB');
    // One job for it, its id as the singletonKey: a duplicate send is dropped by pg-boss.
    expect(await mailJobs()).toEqual([{ mail_id: mail?.id, singleton_key: mail?.id }]);
    // The API only queues: nothing reached the SMTP server from here.
    expect(smtp.attempts()).toBe(0);
  });

  it('queues one mail per status change (diproses, selesai), none for a repeated PATCH or a move back to baru', async () => {
    expect((await patch(id, 'in_progress')).status).toBe(200);
    expect((await patch(id, 'in_progress')).status).toBe(200);
    expect((await patch(id, 'done')).status).toBe(200);
    expect((await patch(id, 'done')).status).toBe(200);
    const all = await mails();
    expect(all.map((m) => m.subject)).toEqual([
      `Permintaan penghapusan data diterima (kode ${code})`,
      `Permintaan penghapusan data sedang diproses (kode ${code})`,
      `Permintaan penghapusan data selesai (kode ${code})`,
    ]);
    expect(all.every((m) => m.to_address === 'sari@contoh.id')).toBe(true);
    expect(all[1]?.body_text).toContain('kini sedang diproses oleh admin');
    expect(all[2]?.body_text).toContain('data yang terkait dengan Anda sudah dihapus dari Scrapper');
    expect(await mailJobs()).toHaveLength(3);

    expect((await patch(id, 'received')).status).toBe(200);
    expect(await mails()).toHaveLength(3);
  });

  it('a malformed address is a 400 in Indonesian and queues nothing', async () => {
    const bad = await h.request('POST', '/api/auth/delete-account', { body: { email: 'bukan-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Masukkan alamat email yang valid.');
    expect(await mails()).toHaveLength(3);
  });
});
