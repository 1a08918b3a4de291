// The one home of outgoing mail (issue 31 item 9): nodemailer's SMTP transport, configured by
// SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS from the first byte; user:pass
// in the URL when the server wants a login) and MAIL_FROM. Failures come back as MailSendError
// carrying `retryable`, the one retry word every job asks (retry.ts).
import nodemailer from 'nodemailer';

export interface MailConfig {
  /** SMTP_URL, e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://smtp.example.com`. */
  smtpUrl: string;
  /** MAIL_FROM, e.g. `Scrapper <noreply@example.com>`. */
  from: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text: every mail client shows it as written. */
  text: string;
  /**
   * A stable Message-ID (`<id@domain>`): a second delivery of the same mail (the worker died
   * between the server's "accepted" and recording it) carries the same id, so mail clients that
   * de-duplicate show it once.
   */
  messageId?: string;
}

/** What the SMTP server (or the way to it) said; `retryable` unless the server refused for good (5xx). */
export class MailSendError extends Error {
  override readonly name = 'MailSendError';
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

/** How long to wait for the connection, the greeting and each reply before giving up on the attempt. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

function toMailSendError(error: unknown): MailSendError {
  const responseCode: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'responseCode') : undefined;
  const message = error instanceof Error ? error.message : String(error);
  // 5xx: the server refused this message for good (no such mailbox, sender not allowed); 4xx and
  // network trouble (refused connection, timeout, TLS) may pass on a later attempt.
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return new MailSendError(message, !permanent);
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** SMTP_URL as the transport's options: smtps is TLS from the start; the port defaults by scheme. */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    ...TIMEOUTS,
  };
}

export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport(smtpTransportOptions(config.smtpUrl));
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw toMailSendError(error);
      }
    },
    close: () => transport.close(),
  };
}
