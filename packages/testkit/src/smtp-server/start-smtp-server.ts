// A real SMTP server on 127.0.0.1 for tests and the demo (issue 31 item 9): the `smtp-server`
// package speaks the protocol, `mailparser` reads each message as a mail client would, and every
// message received is kept in order. A test can make the next deliveries fail with a reply code
// (4xx: try later; 5xx: refused for good) to prove the sender's retries.
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: who the client said it was from and to (MAIL FROM / RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The headers as parsed: the sender's name and address, the `To` addresses. */
  fromName: string;
  fromAddress: string;
  to: string[];
  subject: string;
  text: string;
  /** The raw message, for assertions on headers (charset, encoding). */
  raw: string;
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>` (with `user:pass@` when a login was asked for): SMTP_URL. */
  url: string;
  port: number;
  /** Every message received, oldest first. */
  readonly messages: ReceivedMail[];
  /** Resolves when at least `count` messages have arrived (no polling: each arrival wakes it). */
  waitForMessages(count: number): Promise<ReceivedMail[]>;
  /** Resolves with the first message (received or yet to come) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** The next `times` messages are answered with this reply (e.g. 451 or 550) instead of accepted. */
  failNext(times: number, code: number, message?: string): void;
  /** How many DATA commands were answered (accepted or failed). */
  attempts(): number;
  clear(): void;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** When given, the server asks for this login (AUTH PLAIN/LOGIN) and refuses any other. */
  login?: { user: string; pass: string };
  /** A fixed port (the e2e instance's SMTP_URL names it before the server starts); default: any free one. */
  port?: number;
}

function addressesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry: { value?: Array<{ address?: string }> }) => (entry.value ?? []).map((v) => v.address ?? ''));
}

export async function startSmtpServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  let failures: Array<{ code: number; message: string }> = [];
  let attemptCount = 0;

  const server = new SMTPServer({
    // No certificate here: plain SMTP on loopback, as a local relay would take it.
    disabledCommands: options.login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.login,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session: SMTPServerSession, callback) {
      const { login } = options;
      if (login && auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attemptCount += 1;
        const failure = failures.shift();
        if (failure) {
          callback(Object.assign(new Error(failure.message), { responseCode: failure.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const fromEntry = parsed.from?.value[0];
            messages.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              fromName: fromEntry?.name ?? '',
              fromAddress: fromEntry?.address ?? '',
              to: addressesOf(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              raw,
            });
            callback();
            arrivals.emit('message');
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const login = options.login ? `${encodeURIComponent(options.login.user)}:${encodeURIComponent(options.login.pass)}@` : '';

  return {
    url: `smtp://${login}127.0.0.1:${port}`,
    port,
    messages,
    async waitForMessages(count) {
      while (messages.length < count) await once(arrivals, 'message');
      return messages;
    },
    async waitFor(match) {
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        await once(arrivals, 'message');
      }
    },
    failNext(times, code, message = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      failures = Array.from({ length: times }, () => ({ code, message }));
    },
    attempts: () => attemptCount,
    clear() {
      messages.length = 0;
      failures = [];
      attemptCount = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
