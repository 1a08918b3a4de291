import { describe, expect, it } from 'vitest';
import { smtpTransportOptions } from './send-mail.ts';

describe('smtpTransportOptions', () => {
  it('reads host, port and the login from SMTP_URL', () => {
    expect(smtpTransportOptions('smtp://mailer%40example.com:p%3Ass@smtp.example.com:2525')).toMatchObject({
      host: 'smtp.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'mailer@example.com', pass: 'p:ss' },
    });
  });

  it('uses TLS from the start and port 465 for smtps://, 587 for smtp://, and no login when none is given', () => {
    const tls = smtpTransportOptions('smtps://smtp.example.com');
    expect(tls).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true });
    expect(tls).not.toHaveProperty('auth');
    expect(smtpTransportOptions('smtp://127.0.0.1')).toMatchObject({ port: 587, secure: false });
  });
});
