// What a Gemini failure means: one GeminiError with a kind, whether it is worth retrying, and
// an Indonesian message, from the SDK's errors and from our own fetches alike.
import {
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
  GoogleGenerativeAIResponseError,
} from '@google/generative-ai';

export type GeminiErrorKind =
  | 'invalid_key'
  | 'no_text_model'
  | 'model_not_found'
  | 'blocked'
  | 'quota'
  | 'server'
  | 'network'
  | 'cancelled'
  | 'other';

const USER_MESSAGES: Record<GeminiErrorKind, string> = {
  invalid_key: 'Kunci API Gemini tidak valid. Periksa kunci di halaman Admin.',
  no_text_model:
    'Kunci API Gemini ini tidak punya akses ke model teks Gemini mana pun: daftar modelnya tidak memuat model yang bisa menulis teks (generateContent). Aktifkan Gemini API untuk proyek kunci ini atau pakai kunci lain.',
  model_not_found:
    'Model Gemini tidak ditemukan: sudah dihentikan atau tidak tersedia untuk kunci ini.',
  blocked:
    'Gemini menolak membuat konten untuk judul ini (diblokir filter keamanan). Ubah judul lalu coba lagi.',
  quota: 'Kuota Gemini API sudah habis atau terlalu banyak permintaan. Coba lagi nanti.',
  server: 'Layanan Gemini sedang bermasalah. Coba lagi nanti.',
  network: 'Tidak dapat terhubung ke Gemini. Periksa koneksi jaringan lalu coba lagi.',
  cancelled: 'Permintaan ke Gemini dibatalkan.',
  other:
    'Gemini gagal membuat konten; coba lagi nanti, dan bila terus gagal tunjukkan Detail ke admin.',
};

export class GeminiError extends Error {
  override readonly name = 'GeminiError';
  readonly kind: GeminiErrorKind;
  /** Worth trying again later: quota, server, network. */
  readonly retryable: boolean;
  /** HTTP status of Gemini's answer; null when there was none. */
  readonly status: number | null;
  /** Readable Indonesian message for members. */
  readonly userMessage: string;
  /** Gemini's own words, shown folded under "Detail" beneath userMessage. */
  readonly detail: string;

  constructor(
    kind: GeminiErrorKind,
    message: string,
    options: { status?: number | null; userMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryable = kind === 'quota' || kind === 'server' || kind === 'network';
    this.status = options.status ?? null;
    this.userMessage = options.userMessage ?? USER_MESSAGES[kind];
    this.detail = detailOf(message);
  }
}

/** Google's HTTP error as a GeminiError, the same way for the SDK's calls and ours. */
export function statusError(
  status: number,
  message: string,
  details: unknown,
  cause?: unknown,
): GeminiError {
  const fields = { status, cause };
  if (status === 401 || status === 403 || isInvalidKey(message, details)) {
    return new GeminiError('invalid_key', message, fields);
  }
  if (status === 429) return new GeminiError('quota', message, fields);
  if (status >= 500) return new GeminiError('server', message, fields);
  // Google's words for a retired or unknown model: "models/x is not found for API version ...".
  const missing = status === 404 ? /models\/([^\s,]+) is not found/.exec(message)?.[1] : undefined;
  if (missing) {
    return new GeminiError('model_not_found', message, {
      ...fields,
      userMessage: `Model Gemini ${missing} tidak ditemukan: sudah dihentikan atau tidak tersedia untuk kunci ini.`,
    });
  }
  return new GeminiError('other', message, {
    ...fields,
    userMessage: USER_MESSAGES.other,
  });
}

/** Classifies what the SDK throws. A timeout (not the caller's abort) counts as network trouble. */
export function toGeminiError(error: unknown, signal?: AbortSignal): GeminiError {
  if (error instanceof GeminiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (signal?.aborted) return new GeminiError('cancelled', message, { cause: error });
  if (error instanceof GoogleGenerativeAIAbortError) {
    return new GeminiError('network', message, { cause: error });
  }
  if (error instanceof GoogleGenerativeAIFetchError) {
    if (error.status === undefined) {
      if (isInvalidKey(message, error.errorDetails)) {
        return new GeminiError('invalid_key', message, { cause: error });
      }
      return new GeminiError('other', message, {
        cause: error,
        userMessage: USER_MESSAGES.other,
      });
    }
    return statusError(error.status, message, error.errorDetails, error);
  }
  if (error instanceof GoogleGenerativeAIResponseError) {
    return new GeminiError('blocked', message, { cause: error });
  }
  if (error instanceof GoogleGenerativeAIRequestInputError) {
    return new GeminiError('other', message, { cause: error });
  }
  // The SDK wraps a failed fetch() ("fetch failed": refused, reset, DNS) as a plain SDK error.
  if (error instanceof GoogleGenerativeAIError && /Error fetching from/.test(message)) {
    return new GeminiError('network', message, { cause: error });
  }
  return new GeminiError('other', message, { cause: error });
}

/** Google answers a bad key with 400 and reason API_KEY_INVALID in the details. */
export function isInvalidKey(message: string, details: unknown): boolean {
  if (Array.isArray(details)) {
    for (const detail of details) {
      if (
        typeof detail === 'object' &&
        detail !== null &&
        Reflect.get(detail, 'reason') === 'API_KEY_INVALID'
      ) {
        return true;
      }
    }
  }
  return /API key not valid|API_KEY_INVALID/i.test(message);
}

/** The SDK's message is "[GoogleGenerativeAI Error]: Error fetching from <url>: [400 Bad Request] <text>". */
function detailOf(message: string): string {
  const match = /\[\d{3}[^\]]*\]\s*(.*)$/s.exec(message);
  return (match?.[1] ?? message).slice(0, 300);
}
