// TikTok's answers turned into PublishError: an Indonesian sentence saying what to do, whether
// trying again later helps, whether the account must be connected again, and TikTok's own words
// (code, message, log_id) as the detail.

import { PublishError } from '../publish-error.ts';

interface CodeInfo {
  userMessage: string;
  retryable?: boolean;
  reconnect?: boolean;
}

const RECONNECT = 'Hubungkan ulang akun TikTok ini di halaman akun publikasi.';

/** TikTok's error codes (API `error.code`, token endpoint `error`) and what they mean for us. */
const CODES: Record<string, CodeInfo> = {
  unaudited_client_can_only_post_to_private_accounts: {
    userMessage:
      'Aplikasi TikTok ini belum lolos audit TikTok, jadi posting langsung hanya bisa ke akun TikTok yang privat dengan privasi "Hanya saya" (SELF_ONLY). Jadikan akun privat di aplikasi TikTok dan pilih "Hanya saya", atau kirim sebagai draf ke inbox TikTok.',
  },
  spam_risk_too_many_posts: {
    userMessage:
      'Akun TikTok ini sudah mencapai batas posting harian dari TikTok. Coba lagi besok, atau kirim sebagai draf ke inbox TikTok.',
  },
  spam_risk_too_many_pending_share: {
    userMessage:
      'Sudah ada 5 draf yang menunggu di inbox TikTok akun ini dalam 24 jam terakhir. Selesaikan atau hapus draf itu di aplikasi TikTok, lalu coba lagi.',
  },
  spam_risk_user_banned_from_posting: {
    userMessage:
      'TikTok sedang melarang akun ini memposting. Periksa pemberitahuan di aplikasi TikTok, lalu coba lagi nanti.',
  },
  privacy_level_option_mismatch: {
    userMessage:
      'Pilihan privasi ini tidak tersedia untuk akun TikTok ini. Buka ulang formulir dan pilih salah satu privasi yang ditawarkan.',
  },
  reached_active_user_cap: {
    userMessage:
      'Aplikasi TikTok ini sudah mencapai batas harian jumlah akun yang boleh memposting (aplikasi yang belum diaudit TikTok: 5 akun sehari). Coba lagi besok, atau minta admin mengajukan audit aplikasi ke TikTok.',
  },
  url_ownership_unverified: {
    userMessage:
      'TikTok hanya mengambil video dari domain yang sudah diverifikasi. Kirim filenya langsung (upload) saja.',
  },
  access_token_invalid: {
    userMessage: `Sambungan ke akun TikTok ini sudah tidak berlaku. ${RECONNECT}`,
    reconnect: true,
  },
  scope_not_authorized: {
    userMessage: `Akun TikTok ini belum memberi izin yang dibutuhkan untuk posting. ${RECONNECT} Setujui semua izin yang diminta.`,
    reconnect: true,
  },
  invalid_grant: {
    userMessage: `Sambungan ke akun TikTok ini kedaluwarsa atau dicabut. ${RECONNECT}`,
    reconnect: true,
  },
  access_denied: {
    userMessage:
      'Izin akses ke akun TikTok ditolak di halaman TikTok. Hubungkan lagi dan pilih Izinkan.',
  },
  invalid_client: {
    userMessage:
      'Client key atau client secret TikTok ditolak. Admin perlu memeriksa kredensial aplikasi TikTok di tab client secret.',
  },
  rate_limit_exceeded: {
    userMessage:
      'Terlalu banyak permintaan ke TikTok dalam waktu singkat. Akan dicoba lagi sebentar lagi.',
    retryable: true,
  },
  invalid_params: {
    userMessage:
      'TikTok menolak data posting ini sebagai tidak valid. Coba lagi; bila terus gagal, tunjukkan Detail ke admin.',
  },
};

const SERVER_MESSAGE = 'TikTok sedang bermasalah (error server). Akan dicoba lagi nanti.';
const NETWORK_MESSAGE =
  'Tidak dapat terhubung ke TikTok (gangguan jaringan). Akan dicoba lagi nanti.';
const OTHER_MESSAGE =
  'Permintaan ke TikTok gagal. Coba lagi nanti; bila terus gagal, tunjukkan Detail ke admin.';

/** `fail_reason` of a FAILED post (status fetch) and what the member can do about it. */
const FAIL_REASONS: Record<string, string> = {
  file_format_check_failed: 'TikTok tidak menerima format file ini. Gunakan video MP4 (H.264).',
  duration_check_failed:
    'Durasi video melebihi batas akun TikTok ini. Potong videonya lalu publikasikan lagi.',
  frame_rate_check_failed:
    'Frame rate video tidak diterima TikTok (23-60 fps). Ubah lalu coba lagi.',
  picture_size_check_failed:
    'Ukuran gambar video tidak diterima TikTok (360-4096 piksel per sisi). Ubah lalu coba lagi.',
  spam_risk_too_many_posts: CODES.spam_risk_too_many_posts?.userMessage ?? OTHER_MESSAGE,
  spam_risk_user_banned_from_posting:
    CODES.spam_risk_user_banned_from_posting?.userMessage ?? OTHER_MESSAGE,
  auth_removed: `Izin aplikasi dicabut dari akun TikTok ini. ${RECONNECT}`,
  publish_cancelled: 'Posting dibatalkan di TikTok.',
};

/** TikTok's `{ error: { code, message, log_id } }` or the token endpoint's `{ error, error_description, log_id }`. */
export interface TikTokErrorFields {
  code: string;
  message: string;
  logId: string;
}

/** The error fields of a TikTok answer body, or undefined when it reports success (`ok`). */
export function tiktokErrorFieldsOf(body: unknown): TikTokErrorFields | undefined {
  if (!isRecord(body)) return undefined;
  const error = body.error;
  if (isRecord(error)) {
    const code = typeof error.code === 'string' ? error.code : '';
    if (code === '' || code === 'ok') return undefined;
    return { code, message: stringOf(error.message), logId: stringOf(error.log_id) };
  }
  if (typeof error === 'string' && error !== '') {
    return { code: error, message: stringOf(body.error_description), logId: stringOf(body.log_id) };
  }
  return undefined;
}

/** A PublishError for TikTok's answer with this HTTP status and body. */
export function tiktokErrorFromAnswer(status: number, body: unknown, what: string): PublishError {
  const fields = tiktokErrorFieldsOf(body);
  const code = fields?.code ?? null;
  const known = code ? CODES[code] : undefined;
  const server = status >= 500 || code === 'internal_error';
  const rateLimited = status === 429;
  const info: CodeInfo =
    known ??
    (server
      ? { userMessage: SERVER_MESSAGE, retryable: true }
      : rateLimited
        ? (CODES.rate_limit_exceeded as CodeInfo)
        : { userMessage: OTHER_MESSAGE });
  const detail = [
    `${what}: HTTP ${status}`,
    code ? `code ${code}` : undefined,
    fields?.message ? fields.message : undefined,
    fields?.logId ? `log_id ${fields.logId}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return new PublishError('tiktok', detail, {
    status,
    code,
    retryable: info.retryable ?? (server || rateLimited),
    reconnect: info.reconnect ?? false,
    userMessage: info.userMessage,
    detail,
  });
}

/** A request that never got an answer (refused, reset, timed out): worth trying again. */
export function tiktokNetworkError(what: string, cause: unknown): PublishError {
  const reason = cause instanceof Error ? `${cause.message}${causeCode(cause)}` : String(cause);
  const detail = `${what}: ${reason}`;
  return new PublishError('tiktok', detail, {
    status: null,
    retryable: true,
    userMessage: NETWORK_MESSAGE,
    detail,
    cause,
  });
}

/** A post TikTok reported FAILED (status fetch) as a PublishError with what to do. */
export function tiktokFailedPostError(failReason: string, publishId: string): PublishError {
  const detail = `TikTok publish ${publishId}: FAILED, fail_reason ${failReason || '(none)'}`;
  return new PublishError('tiktok', detail, {
    code: failReason || null,
    retryable: failReason === 'internal',
    reconnect: failReason === 'auth_removed',
    userMessage: FAIL_REASONS[failReason] ?? OTHER_MESSAGE,
    detail,
  });
}

function causeCode(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  if (isRecord(cause) && typeof cause.code === 'string') return ` (${cause.code})`;
  return '';
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A chunk PUT refused. 416 (a chunk out of order) and 5xx are worth another go after reading
 * `uploaded_bytes` from the status; other refusals (the upload URL expired...) are not.
 */
export function tiktokUploadError(status: number, body: unknown, what: string): PublishError {
  const answer = tiktokErrorFromAnswer(status, body, what);
  if (status !== 416) return answer;
  return new PublishError('tiktok', answer.message, {
    status,
    code: answer.code ?? 'range_not_satisfiable',
    retryable: true,
    userMessage:
      'Unggahan ke TikTok terputus di tengah jalan. Akan dilanjutkan dari bagian terakhir.',
    detail: answer.detail,
  });
}
