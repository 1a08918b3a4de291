import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isAbsolute } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertFetchableUrl,
  guardedLookup,
  UrlNotAllowedError,
  type ResolveHost,
} from './url-guard.ts';

export type DirectFetchErrorKind = 'transient' | 'permanent' | 'cancelled';

export class DirectFetchError extends Error {
  override readonly name = 'DirectFetchError';
  readonly kind: DirectFetchErrorKind;
  /** The HTTP status that ended it, when there was one. */
  readonly status: number | undefined;

  constructor(
    kind: DirectFetchErrorKind,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
  }

  /** Worth another attempt as it is (a timeout, a 5xx, a dropped connection): see retry.ts. */
  get retryable(): boolean {
    return this.kind === 'transient';
  }
}

export interface DirectFetchRequest {
  /** A direct media URL (e.g. the video URL a Douyin scraper returned). */
  url: string;
  /** Absolute; written as `<outputPath>.part` and renamed when complete. */
  outputPath: string;
  maxBytes: number;
  /** Longest silence on the connection. */
  socketTimeoutSecs: number;
  /** The whole transfer, redirects included. Default: no limit beyond `signal`. */
  timeoutMs?: number;
  /** ALLOW_PRIVATE_NETWORK_FETCH. */
  allowPrivateNetwork: boolean;
  /** FETCH_ALLOW_PRIVATE_HOSTS: `host:port` destinations let through whatever their address. */
  allowHosts?: readonly string[];
  /** Default 5. */
  maxRedirects?: number;
  /** Some CDNs serve only with the page as Referer and a browser User-Agent. */
  referer?: string;
  userAgent?: string;
  signal?: AbortSignal;
  onProgress?: (progress: { downloadedBytes: number; totalBytes: number | undefined }) => void;
  /** For tests: how host names resolve, for the guard and the connection alike. */
  resolveHost?: ResolveHost;
}

export interface DirectFetchResult {
  filePath: string;
  sizeBytes: number;
  contentType: string;
  /** After redirects. */
  finalUrl: string;
}

/** Query parameters in which CDNs put a signed URL's expiry as decimal Unix seconds. */
const DECIMAL_EXPIRY_PARAMS = ['x-expires', 'expire', 'expires', 'Expires'];

/**
 * When a signed media URL stops working, if it says: Instagram's and Facebook's CDNs
 * (cdninstagram.com, fbcdn.net) put the expiry in `oe` as hex Unix seconds, TikTok's and
 * others in `x-expires` / `expire` / `expires` as decimal Unix seconds. Undefined when the URL
 * names no expiry (or is no URL).
 */
export function signedUrlExpiresAt(url: string): Date | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const oe = parsed.searchParams.get('oe');
  if (oe !== null && /^[0-9a-f]{8}$/i.test(oe)) return new Date(Number.parseInt(oe, 16) * 1000);
  for (const name of DECIMAL_EXPIRY_PARAMS) {
    const value = parsed.searchParams.get(name);
    if (value !== null && /^\d{9,11}$/.test(value)) return new Date(Number(value) * 1000);
  }
  return undefined;
}

/**
 * Whether a direct media URL has already expired by its own signature (Instagram's `videoUrl`
 * lasts hours): fetching it could only fail, with a 403 that would hide the real reason the
 * page could not be read.
 */
export function isExpiredMediaUrl(url: string, now: Date = new Date()): boolean {
  const expiresAt = signedUrlExpiresAt(url);
  return expiresAt !== undefined && expiresAt.getTime() <= now.getTime();
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

function isMediaType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('video/') || type.startsWith('audio/') || type === 'application/octet-stream'
  );
}

function statusError(status: number): DirectFetchError {
  const transient = status === 408 || status === 425 || status === 429 || status >= 500;
  return new DirectFetchError(
    transient ? 'transient' : 'permanent',
    `Server menjawab HTTP ${status}.`,
    { status },
  );
}

/** One GET, answered with the response (body unread) or an error; no redirects followed here. */
function get(url: URL, request: DirectFetchRequest, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolvePromise, rejectPromise) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      url,
      {
        method: 'GET',
        // The connection goes to the address the guard checked, never to a second DNS answer.
        lookup: guardedLookup({
          allowPrivateNetwork: request.allowPrivateNetwork,
          allowHosts: request.allowHosts,
          resolveHost: request.resolveHost,
        }),
        headers: {
          'User-Agent': request.userAgent ?? DEFAULT_USER_AGENT,
          Accept: 'video/*, audio/*, application/octet-stream;q=0.9, */*;q=0.1',
          ...(request.referer ? { Referer: request.referer } : {}),
        },
        signal,
        timeout: request.socketTimeoutSecs * 1000,
      },
      resolvePromise,
    );
    outgoing.once('timeout', () =>
      outgoing.destroy(new DirectFetchError('transient', 'Koneksi ke server habis waktu.')),
    );
    outgoing.once('error', rejectPromise);
    outgoing.end();
  });
}

function asFetchError(
  error: unknown,
  signal: AbortSignal,
  callerSignal: AbortSignal | undefined,
): DirectFetchError {
  if (error instanceof DirectFetchError) return error;
  if (error instanceof UrlNotAllowedError)
    return new DirectFetchError('permanent', error.message, { cause: error });
  if (callerSignal?.aborted)
    return new DirectFetchError('cancelled', 'Unduhan dibatalkan.', { cause: error });
  if (signal.aborted)
    return new DirectFetchError('transient', 'Unduhan melewati batas waktu.', { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND')
    return new DirectFetchError('permanent', 'Nama host tidak dapat ditemukan.', { cause: error });
  const reason = error instanceof Error ? error.message : String(error);
  return new DirectFetchError('transient', `Unduhan gagal: ${reason}`, { cause: error });
}

/**
 * Downloads a direct media URL to a file, for when yt-dlp cannot open the page (Douyin). Every hop
 * of a redirect chain goes through the URL guard again, and connections use the guard's lookup.
 */
export async function fetchDirectMedia(request: DirectFetchRequest): Promise<DirectFetchResult> {
  if (!isAbsolute(request.outputPath)) throw new Error('outputPath must be an absolute path');
  const signals = [
    request.signal,
    request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs),
  ];
  const signal = AbortSignal.any(
    signals.filter((entry): entry is AbortSignal => entry !== undefined),
  );
  const partPath = `${request.outputPath}.part`;
  const maxRedirects = request.maxRedirects ?? 5;
  const guard = {
    allowPrivateNetwork: request.allowPrivateNetwork,
    allowHosts: request.allowHosts,
    resolveHost: request.resolveHost,
  };
  try {
    let url = await assertFetchableUrl(request.url, guard);
    for (let hop = 0; ; hop++) {
      const response = await get(url, request, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        if (hop >= maxRedirects)
          throw new DirectFetchError(
            'permanent',
            `Terlalu banyak pengalihan (lebih dari ${maxRedirects}).`,
          );
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new DirectFetchError('permanent', 'Server mengalihkan ke URL yang tidak valid.');
        }
        url = await assertFetchableUrl(next, guard);
        continue;
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw statusError(status);
      }
      const contentType = response.headers['content-type'] ?? '';
      if (!isMediaType(contentType)) {
        response.resume();
        throw new DirectFetchError(
          'permanent',
          `URL tidak mengarah ke file video atau audio (${contentType || 'tanpa Content-Type'}).`,
        );
      }
      const declared = Number(response.headers['content-length']);
      const totalBytes = Number.isFinite(declared) && declared >= 0 ? declared : undefined;
      const tooLarge = `Ukuran file melebihi batas ${request.maxBytes} byte.`;
      if (totalBytes !== undefined && totalBytes > request.maxBytes) {
        response.destroy();
        throw new DirectFetchError('permanent', tooLarge);
      }
      let downloadedBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          downloadedBytes += chunk.length;
          if (downloadedBytes > request.maxBytes) {
            callback(new DirectFetchError('permanent', tooLarge));
            return;
          }
          request.onProgress?.({ downloadedBytes, totalBytes });
          callback(null, chunk);
        },
      });
      await pipeline(response, counter, createWriteStream(partPath), { signal });
      if (totalBytes !== undefined && downloadedBytes !== totalBytes) {
        throw new DirectFetchError('transient', 'Sambungan terputus sebelum file selesai diunduh.');
      }
      await rename(partPath, request.outputPath);
      return {
        filePath: request.outputPath,
        sizeBytes: downloadedBytes,
        contentType,
        finalUrl: url.href,
      };
    }
  } catch (error) {
    await rm(partPath, { force: true });
    throw asFetchError(error, signal, request.signal);
  }
}
