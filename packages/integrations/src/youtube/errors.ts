// What went wrong with Google OAuth or the YouTube Data API, told apart from gaxios errors by
// their shape (status, the OAuth `error` string, the API's `errors[].reason`), so this module
// needs no SDK import.

export type YouTubeErrorKind =
  | 'invalid_grant'
  | 'quotaExceeded'
  | 'uploadLimitExceeded'
  | 'forbidden'
  | 'unauthorized'
  | 'notFound'
  | 'server'
  | 'network'
  | 'rateLimited'
  | 'cancelled'
  | 'other';

const USER_MESSAGES: Record<YouTubeErrorKind, string> = {
  invalid_grant: 'Akun YouTube ini memerlukan re-autentikasi. Silakan hubungkan ulang akun.',
  quotaExceeded:
    'Kuota harian YouTube API untuk client ini sudah habis. Upload akan dicoba lagi setelah kuota direset.',
  uploadLimitExceeded:
    'Channel ini sudah mencapai batas upload harian YouTube. Batas ini berlaku per channel (bukan kuota aplikasi) dan ditentukan oleh YouTube. Upload ulang video ini besok.',
  forbidden: 'YouTube menolak permintaan ini (forbidden). Periksa izin akun dan channel.',
  unauthorized: 'Akses ke akun YouTube ditolak. Silakan hubungkan ulang akun.',
  notFound: 'Video, playlist, atau channel tidak ditemukan di YouTube.',
  server: 'YouTube sedang bermasalah (error server). Upload akan dicoba lagi.',
  network: 'Tidak dapat terhubung ke YouTube (gangguan jaringan). Upload akan dicoba lagi.',
  rateLimited: 'Terlalu banyak permintaan ke YouTube dalam waktu singkat. Upload akan dicoba lagi.',
  cancelled: 'Permintaan ke YouTube dibatalkan.',
  other:
    'Permintaan ke YouTube gagal; coba lagi nanti, dan bila terus gagal tunjukkan Detail ke admin.',
};

const RETRYABLE: ReadonlySet<YouTubeErrorKind> = new Set(['server', 'network', 'rateLimited']);

export class YouTubeError extends Error {
  override readonly name = 'YouTubeError';
  readonly kind: YouTubeErrorKind;
  /** Worth trying again later as it is: server errors, network trouble, rate limits. */
  readonly retryable: boolean;
  /** HTTP status of Google's answer; null when there was none. */
  readonly status: number | null;
  /** Google's reason (`quotaExceeded`, `invalid_grant`...), when it gave one. */
  readonly reason: string | null;
  /** Readable Indonesian message for members: what happened and what to do. */
  readonly userMessage: string;
  /** Google's own words (HTML tags removed), shown folded under "Detail" beneath userMessage. */
  readonly detail: string;

  constructor(
    kind: YouTubeErrorKind,
    message: string,
    options: {
      status?: number | null;
      reason?: string | null;
      userMessage?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryable = RETRYABLE.has(kind);
    this.status = options.status ?? null;
    this.reason = options.reason ?? null;
    this.userMessage = options.userMessage ?? USER_MESSAGES[kind];
    this.detail = stripTags(message).slice(0, 1000);
  }
}

/** Reasons of the YouTube Data API (`error.errors[].reason`) and what they mean for us. */
const KIND_BY_REASON: Record<string, YouTubeErrorKind> = {
  quotaExceeded: 'quotaExceeded',
  dailyLimitExceeded: 'quotaExceeded',
  uploadLimitExceeded: 'uploadLimitExceeded',
  rateLimitExceeded: 'rateLimited',
  userRateLimitExceeded: 'rateLimited',
  uploadRateLimitExceeded: 'rateLimited',
  forbidden: 'forbidden',
  insufficientPermissions: 'forbidden',
  channelClosed: 'forbidden',
  channelSuspended: 'forbidden',
  authError: 'unauthorized',
  videoNotFound: 'notFound',
  playlistNotFound: 'notFound',
  channelNotFound: 'notFound',
  backendError: 'server',
  internalError: 'server',
};

/** System error codes of a request that never got an answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'TimeoutError',
]);

/** Classifies anything thrown by google-auth-library or googleapis (or already a YouTubeError). */
export function toYouTubeError(error: unknown): YouTubeError {
  if (error instanceof YouTubeError) return error;
  if (!isRecord(error)) return new YouTubeError('other', String(error), { cause: error });
  const message = typeof error.message === 'string' ? error.message : 'YouTube request failed';
  const response = isRecord(error.response) ? error.response : undefined;
  const status = typeof response?.status === 'number' ? response.status : null;

  if (error.name === 'AbortError' || error.code === 'AbortError') {
    return new YouTubeError('cancelled', message, { cause: error });
  }
  if (response && status !== null)
    return fromResponse(status, parseBody(response.data), message, error);
  // google-auth-library's own complaints: there is nothing to refresh with.
  if (/No refresh token|No access, refresh token/i.test(message)) {
    return new YouTubeError('invalid_grant', message, { reason: 'invalid_grant', cause: error });
  }
  if (isNetworkError(error)) return new YouTubeError('network', message, { cause: error });
  return new YouTubeError('other', message, { cause: error });
}

function fromResponse(
  status: number,
  body: unknown,
  fallback: string,
  cause: unknown,
): YouTubeError {
  const data = isRecord(body) ? body : {};
  // The OAuth token endpoint: {"error":"invalid_grant","error_description":"..."}.
  if (typeof data.error === 'string') {
    const reason = data.error;
    const description = typeof data.error_description === 'string' ? data.error_description : '';
    const message = description ? `${reason}: ${description}` : reason;
    if (reason === 'invalid_grant') {
      return new YouTubeError('invalid_grant', message, { status, reason, cause });
    }
    if (reason === 'invalid_client' || reason === 'unauthorized_client') {
      return new YouTubeError('unauthorized', message, {
        status,
        reason,
        userMessage:
          'Client ID atau client secret YouTube tidak valid. Periksa client secret di halaman Admin.',
        cause,
      });
    }
    return classifyStatus(status, message, reason, cause);
  }
  // The API: {"error":{"code","message","errors":[{"reason"}]}}.
  const apiError = isRecord(data.error) ? data.error : {};
  const message = typeof apiError.message === 'string' ? apiError.message : fallback;
  const reason = firstReason(apiError.errors);
  const byReason = reason === null ? undefined : KIND_BY_REASON[reason];
  if (byReason === 'forbidden' && reason === 'insufficientPermissions') {
    return new YouTubeError('forbidden', message, {
      status,
      reason,
      userMessage:
        'Izin akun YouTube tidak lengkap. Hubungkan ulang akun dan setujui semua izin yang diminta.',
      cause,
    });
  }
  if (byReason) return new YouTubeError(byReason, message, { status, reason, cause });
  return classifyStatus(status, message, reason, cause);
}

function classifyStatus(
  status: number,
  message: string,
  reason: string | null,
  cause: unknown,
): YouTubeError {
  const fields = { status, reason, cause };
  if (status === 401) return new YouTubeError('unauthorized', message, fields);
  if (status === 403) return new YouTubeError('forbidden', message, fields);
  if (status === 404) return new YouTubeError('notFound', message, fields);
  if (status === 408 || status >= 500) return new YouTubeError('server', message, fields);
  if (status === 429) return new YouTubeError('rateLimited', message, fields);
  return new YouTubeError('other', message, {
    ...fields,
    userMessage:
      'YouTube menolak permintaan ini; periksa judul, deskripsi, tag dan jadwal video lalu coba lagi.',
  });
}

function firstReason(errors: unknown): string | null {
  if (!Array.isArray(errors)) return null;
  for (const entry of errors) {
    if (isRecord(entry) && typeof entry.reason === 'string') return entry.reason;
  }
  return null;
}

/** gaxios leaves an unparsed body as text when the content type was not JSON. */
function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return { error: { message: data.slice(0, 500) } };
  }
}

function isNetworkError(error: Record<string, unknown>, depth = 0): boolean {
  if (typeof error.code === 'string' && NETWORK_CODES.has(error.code)) return true;
  // node-fetch's FetchError (what gaxios uses in Node) wraps the system error.
  if (error.type === 'system' || error.name === 'FetchError') return true;
  if (typeof error.message === 'string' && /socket hang up|ECONN|EPIPE/i.test(error.message)) {
    return true;
  }
  const cause = error.cause;
  return isRecord(cause) && depth < 5 && isNetworkError(cause, depth + 1);
}

/** Google's messages carry HTML (`<a href=...>quota</a>`). */
function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
