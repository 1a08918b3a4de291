// The local SMTP server against the product's own mail adapter (nodemailer over real SMTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, MailSendError } from '@scrapper/integrations/mail/send-mail';
import { startSmtpServer, type SmtpTestServer } from './start-smtp-server.ts';

describe('startSmtpServer', () => {
  let server: SmtpTestServer;
  beforeAll(async () => {
    server = await startSmtpServer({ login: { user: 'mailer', pass: 'rahasia' } });
  });
  afterAll(() => server.close());

  it('receives a message over SMTP with a login and keeps its envelope, headers and UTF-8 text', async () => {
    const mailer = createMailer({ smtpUrl: server.url, from: 'Scrapper <noreply@scrapper.test>' });
    await mailer.send({ to: 'Budi@Example.com', subject: 'Permintaan diterima', text: 'Halo, permintaan Anda sedang diproses — terima kasih.' });
    mailer.close();
    const [mail] = await server.waitForMessages(1);
    expect(mail).toMatchObject({
      envelopeFrom: 'noreply@scrapper.test',
      envelopeTo: ['Budi@example.com'],
      fromAddress: 'noreply@scrapper.test',
      fromName: 'Scrapper',
      to: ['Budi@example.com'],
      subject: 'Permintaan diterima',
    });
    expect(mail?.text.trim()).toBe('Halo, permintaan Anda sedang diproses — terima kasih.');
  });

  it('answers failNext with the code given: 4xx is worth another attempt, 5xx is not', async () => {
    server.clear();
    const mailer = createMailer({ smtpUrl: server.url, from: 'noreply@scrapper.test' });
    server.failNext(1, 451);
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toMatchObject({ name: 'MailSendError', retryable: true });
    server.failNext(1, 550);
    const refused = await mailer.send({ to: 'a@example.com', subject: 's', text: 't' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailSendError);
    expect(refused).toMatchObject({ retryable: false });
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't' });
    mailer.close();
    expect(server.attempts()).toBe(3);
    expect(server.messages).toHaveLength(1);
  });

  it('refuses a wrong login, and the adapter says so as a MailSendError', async () => {
    const wrong = server.url.replace('rahasia', 'salah');
    const mailer = createMailer({ smtpUrl: wrong, from: 'noreply@scrapper.test' });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(MailSendError);
    mailer.close();
  });
});
