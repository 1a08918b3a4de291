// Signed webhook deliveries (issue 21 item 3), per the Standard Webhooks specification
// (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` (seconds) and
// `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the bytes
// of the base64 part of a `whsec_…` secret. The request goes through the same URL guard as every
// other outgoing request (every address checked, the connection made to the checked address),
// and redirects are never followed: a 3xx is a failed attempt (a redirect could point anywhere).
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { assertFetchableUrl, guardedLookup, UrlNotAllowedError, type ResolveHost } from './url-guard.ts';

const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The `webhook-signature` header value for one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export interface WebhookPostRequest {
  url: string;
  /** The delivery's `webhook-id`: the same on every attempt. */
  id: string;
  /** The JSON text sent, exactly as signed. */
  body: string;
  secret: string;
  /** The whole attempt: connect, send, answer headers. Default 10 s. */
  timeoutMs?: number;
  /** ALLOW_PRIVATE_NETWORK_FETCH. */
  allowPrivateNetwork: boolean;
  /** FETCH_ALLOW_PRIVATE_HOSTS: `host:port` destinations let through whatever their address. */
  allowHosts?: readonly string[];
  /** For tests: how host names resolve, for the guard and the connection alike. */
  resolveHost?: ResolveHost;
  /** The signing time; default now. */
  now?: Date;
  signal?: AbortSignal;
}

export interface WebhookPostResult {
  /** A 2xx came back. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, in Indonesian (shown in the deliveries table); null on success. */
  error: string | null;
  /** Another attempt may go differently: everything but a refusal by the URL guard. */
  retryable: boolean;
}

const MAX_ANSWER_BYTES = 64 * 1024;

function send(url: URL, request: WebhookPostRequest, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolvePromise, rejectPromise) => {
    const open = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = open(
      url,
      {
        method: 'POST',
        lookup: guardedLookup({ allowPrivateNetwork: request.allowPrivateNetwork, allowHosts: request.allowHosts, resolveHost: request.resolveHost }),
        headers,
        signal,
      },
      resolvePromise,
    );
    outgoing.once('error', rejectPromise);
    outgoing.end(request.body);
  });
}

/** Reads (and drops) at most MAX_ANSWER_BYTES of the answer, so the connection ends cleanly. */
async function drain(response: IncomingMessage): Promise<void> {
  let read = 0;
  for await (const chunk of response) {
    read += (chunk as Buffer).length;
    if (read > MAX_ANSWER_BYTES) {
      response.destroy();
      return;
    }
  }
}

/** One signed POST: never throws; the outcome says what happened. */
export async function postWebhook(request: WebhookPostRequest): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? 10_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const fail = (error: string, retryable: boolean, statusCode: number | null = null): WebhookPostResult => ({
    ok: false,
    statusCode,
    durationMs: elapsed(),
    error,
    retryable,
  });
  let url: URL;
  try {
    url = await assertFetchableUrl(request.url, { allowPrivateNetwork: request.allowPrivateNetwork, allowHosts: request.allowHosts, resolveHost: request.resolveHost });
  } catch (error) {
    if (error instanceof UrlNotAllowedError) return fail(`Ditolak penjaga URL: ${error.message}`, false);
    const code = (error as NodeJS.ErrnoException).code;
    return fail(code === 'ENOTFOUND' ? 'Nama host tidak dapat ditemukan.' : `Nama host gagal dicari (${code ?? 'DNS'}).`, true);
  }
  const timestamp = Math.floor((request.now ?? new Date()).getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Scrapper-Webhooks/1',
    'webhook-id': request.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(request.secret, request.id, timestamp, request.body),
  };
  try {
    const response = await send(url, request, headers, signal);
    const status = response.statusCode ?? 0;
    await drain(response).catch(() => undefined);
    if (status >= 200 && status <= 299) return { ok: true, statusCode: status, durationMs: elapsed(), error: null, retryable: false };
    // Any other answer is worth another attempt (a receiver being deployed answers 404 or 502).
    if (status >= 300 && status <= 399) return fail(`Penerima menjawab HTTP ${status} (pengalihan tidak diikuti).`, true, status);
    return fail(`Penerima menjawab HTTP ${status}.`, true, status);
  } catch (error) {
    if (timeout.aborted) return fail(`Penerima tidak menjawab dalam ${Math.round(timeoutMs / 1000)} detik.`, true);
    if (request.signal?.aborted) return fail('Pengiriman dibatalkan.', true);
    if (error instanceof UrlNotAllowedError) return fail(`Ditolak penjaga URL: ${error.message}`, false);
    const reason = error instanceof Error ? error.message : String(error);
    return fail(`Koneksi ke penerima gagal: ${reason}`, true);
  }
}
