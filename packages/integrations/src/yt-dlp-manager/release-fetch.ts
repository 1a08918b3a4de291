// Fetching from the yt-dlp release channel (YTDLP_RELEASE_URL: the operator's setting, not user
// input, so it does not go through the URL guard) with deadlines on every stage: a server that
// never answers, or stops sending halfway, ends in a ReleaseFetchError instead of a stuck worker.

export interface ReleaseTimeouts {
  /** Until the answer's headers. Default 30 s. */
  responseMs: number;
  /** Longest silence while the body streams. Default 60 s. */
  idleMs: number;
  /** The whole transfer, headers to last byte. Default 15 min. */
  totalMs: number;
}

export const DEFAULT_RELEASE_TIMEOUTS: ReleaseTimeouts = { responseMs: 30_000, idleMs: 60_000, totalMs: 15 * 60_000 };

/**
 * `offline`: the server could not be reached at all (no network, no DNS, refused): the product
 * keeps what it has. `http`: it answered with an error status. `timeout`: it went silent.
 * `broken`: the transfer ended early. `too-large`: more bytes than any release has.
 */
export type ReleaseFetchErrorKind = 'offline' | 'http' | 'timeout' | 'broken' | 'too-large' | 'cancelled';

export class ReleaseFetchError extends Error {
  override readonly name = 'ReleaseFetchError';
  readonly kind: ReleaseFetchErrorKind;
  /** The HTTP status, for `http`. */
  readonly status: number | undefined;

  constructor(kind: ReleaseFetchErrorKind, message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.status = status;
  }
}

// Failures to connect at all (the errno codes Node and undici give for them).
const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ECONNREFUSED',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} detik` : `${ms} ms`;
}

export interface ReleaseResponse {
  status: number;
  /** The Content-Length the server announced; undefined when it sent none. */
  contentLength: number | undefined;
  /** The body, chunk by chunk; each wait for a chunk is bounded by the idle timeout. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** Stops the transfer and its timers (always call it when done). */
  close(): void;
}

/**
 * GETs `url`, following redirects (GitHub answers downloads with one). Rejects with a
 * ReleaseFetchError: `offline` when nothing answered, `timeout` when headers did not come in
 * time, `http` for a 4xx/5xx answer.
 */
export async function openRelease(url: string, timeouts: ReleaseTimeouts, signal?: AbortSignal): Promise<ReleaseResponse> {
  const controller = new AbortController();
  let timedOut: string | undefined;
  const expire = (why: string) => {
    timedOut ??= why;
    controller.abort(new ReleaseFetchError('timeout', why));
  };
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const total = setTimeout(() => expire(`unduhan dari server rilis melebihi ${seconds(timeouts.totalMs)}`), timeouts.totalMs);
  let idle = setTimeout(() => expire(`server rilis tidak menjawab dalam ${seconds(timeouts.responseMs)}`), timeouts.responseMs);
  const close = () => {
    clearTimeout(total);
    clearTimeout(idle);
    signal?.removeEventListener('abort', onAbort);
    if (!controller.signal.aborted) controller.abort();
  };
  const failure = (error: unknown): ReleaseFetchError => {
    if (error instanceof ReleaseFetchError) return error;
    if (timedOut !== undefined) return new ReleaseFetchError('timeout', timedOut, undefined, { cause: error });
    if (signal?.aborted) return new ReleaseFetchError('cancelled', 'Pemeriksaan pembaruan dibatalkan.', undefined, { cause: error });
    const code = errorCode(error);
    if (code !== undefined && UNREACHABLE.has(code)) {
      return new ReleaseFetchError('offline', `server rilis tidak terjangkau (${code})`, undefined, { cause: error });
    }
    return new ReleaseFetchError('broken', `sambungan ke server rilis terputus (${code ?? (error instanceof Error ? error.message : String(error))})`, undefined, { cause: error });
  };

  let response: Response;
  try {
    response = await fetch(url, { signal: controller.signal, redirect: 'follow', headers: { 'user-agent': 'scrapper-ytdlp-updater' } });
  } catch (error) {
    close();
    throw failure(error);
  }
  if (!response.ok) {
    close();
    throw new ReleaseFetchError('http', `server rilis menjawab HTTP ${response.status} untuk ${new URL(url).pathname.split('/').at(-1) ?? url}`, response.status);
  }
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  const body = response.body;
  return {
    status: response.status,
    contentLength: Number.isFinite(announced) ? announced : undefined,
    async *chunks() {
      if (!body) return;
      const reader = body.getReader();
      try {
        for (;;) {
          clearTimeout(idle);
          idle = setTimeout(() => expire(`server rilis berhenti mengirim selama ${seconds(timeouts.idleMs)}`), timeouts.idleMs);
          let next: Awaited<ReturnType<typeof reader.read>>;
          try {
            next = await reader.read();
          } catch (error) {
            throw failure(error);
          }
          if (next.done) return;
          yield next.value;
        }
      } finally {
        clearTimeout(idle);
        reader.releaseLock();
      }
    },
    close,
  };
}

/** A small text file of the release (SHA2-256SUMS), at most `maxBytes`. */
export async function fetchReleaseText(url: string, timeouts: ReleaseTimeouts, maxBytes: number, signal?: AbortSignal): Promise<string> {
  const response = await openRelease(url, timeouts, signal);
  try {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.chunks()) {
      size += chunk.length;
      if (size > maxBytes) throw new ReleaseFetchError('too-large', `berkas dari server rilis lebih dari ${maxBytes} byte`);
      parts.push(Buffer.from(chunk));
    }
    if (response.contentLength !== undefined && size !== response.contentLength) {
      throw new ReleaseFetchError('broken', `server rilis mengirim ${size} dari ${response.contentLength} byte`);
    }
    return Buffer.concat(parts).toString('utf8');
  } finally {
    response.close();
  }
}
