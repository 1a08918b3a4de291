// The mail.send job (issue 31 item 9) on real PostgreSQL and pg-boss, delivering over real SMTP
// (nodemailer) to the testkit's SMTP server: sent once, retried while the server says "later",
// given up on a refusal, and never sent without SMTP_URL. The API side (what is queued, when)
// is apps/api/src/routes/data-deletion/deletion-mail.integration.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findOutgoingMail, insertOutgoingMail } from '@scrapper/db/queries/outgoing-mails';
import { startSmtpServer, type SmtpTestServer } from '@scrapper/testkit/smtp-server/start-smtp-server';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { waitForJob } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

let h: WorkerHarness;
let database: Database;
let smtp: SmtpTestServer;

const FROM = 'Scrapper <noreply@scrapper.test>';
const MAIL = {
  to: 'sari@contoh.id',
  subject: 'Permintaan penghapusan data diterima (kode 1A2B3C4D)',
  text: 'Halo,\n\nKami telah menerima permintaan penghapusan data untuk alamat sari@contoh.id.\nKode permintaan: 1A2B3C4D\n',
};

/** A worker with mail on; its mail.send retries come after 1 s (the catalog's backoff is pg-boss's arithmetic). */
async function startWorker(env: Record<string, string> = { SMTP_URL: smtp.url, MAIL_FROM: FROM }): Promise<RunningWorker> {
  const w = await h.startWorker(env);
  await w.boss.updateQueue('mail.send', { retryLimit: 3, retryDelay: 1, retryBackoff: false });
  return w;
}

async function queue(w: RunningWorker, mail = MAIL): Promise<{ mailId: string; jobId: string }> {
  const row = await insertOutgoingMail(database.db, mail);
  const jobId = await enqueue(w.boss, 'mail.send', { mailId: row.id }, { singletonKey: row.id });
  if (!jobId) throw new Error('mail.send was not queued');
  return { mailId: row.id, jobId };
}

beforeAll(async () => {
  smtp = await startSmtpServer({ login: { user: 'scrapper', pass: 'rahasia-smtp' } });
  h = await startWorkerHarness({ name: 'mail-send', storage: 'none', env: { WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0' } });
  database = h.database;
}, 120_000);

afterEach(async () => {
  await h.stopWorkers();
  smtp.clear();
});

afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

describe('mail.send', () => {
  it('delivers the mail over SMTP with the login, from MAIL_FROM, to the address, with its subject and Indonesian text, and records it sent', async () => {
    const w = await startWorker();
    const { mailId, jobId } = await queue(w);
    const [received] = await smtp.waitForMessages(1);
    expect(received).toMatchObject({
      envelopeFrom: 'noreply@scrapper.test',
      envelopeTo: ['sari@contoh.id'],
      fromName: 'Scrapper',
      fromAddress: 'noreply@scrapper.test',
      to: ['sari@contoh.id'],
      subject: 'Permintaan penghapusan data diterima (kode 1A2B3C4D)',
    });
    expect(received?.text).toContain('Kami telah menerima permintaan penghapusan data untuk alamat sari@contoh.id.');
    expect(received?.raw).toContain(`Message-ID: <${mailId}@scrapper.mail>`);
    await waitForJob(w.boss, 'mail.send', jobId, ['completed']);
    const row = await findOutgoingMail(database.db, mailId);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
  });

  it('a second job for a mail already sent sends nothing', async () => {
    const w = await startWorker();
    const { mailId, jobId } = await queue(w);
    await waitForJob(w.boss, 'mail.send', jobId, ['completed']);
    const again = await enqueue(w.boss, 'mail.send', { mailId }, { singletonKey: mailId });
    if (!again) throw new Error('second job not queued');
    await waitForJob(w.boss, 'mail.send', again, ['completed']);
    expect(smtp.attempts()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('retries while the server answers 4xx (try later), then delivers once', async () => {
    const w = await startWorker();
    smtp.failNext(2, 451);
    const { mailId, jobId } = await queue(w);
    await waitForJob(w.boss, 'mail.send', jobId, ['completed']);
    expect(smtp.attempts()).toBe(3);
    expect(smtp.messages).toHaveLength(1);
    expect(await findOutgoingMail(database.db, mailId)).toMatchObject({ attempts: 3, lastError: null });
  });

  it('gives up at once on a 5xx refusal, keeping the reason on the row (the request it tells of stays)', async () => {
    const w = await startWorker();
    smtp.failNext(1, 550, 'Mailbox unavailable');
    const { mailId, jobId } = await queue(w);
    await waitForJob(w.boss, 'mail.send', jobId, ['completed']);
    expect(smtp.attempts()).toBe(1);
    expect(smtp.messages).toHaveLength(0);
    const row = await findOutgoingMail(database.db, mailId);
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toContain('Mailbox unavailable');
  });

  it('a worker without SMTP_URL sends nothing and says why on the row', async () => {
    const w = await startWorker({});
    const { mailId, jobId } = await queue(w);
    await waitForJob(w.boss, 'mail.send', jobId, ['completed']);
    expect(smtp.attempts()).toBe(0);
    expect(await findOutgoingMail(database.db, mailId)).toMatchObject({ sentAt: null, lastError: 'SMTP_URL belum diatur di worker ini: email tidak dikirim.' });
  });
});
