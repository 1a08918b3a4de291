// Meta's answers (Graph `{ error: { message, type, code, error_subcode, fbtrace_id } }` and
// rupload's `{ debug_info: { retriable, type, message } }`) as PublishError, with a sentence in
// Indonesian that says what happened and what to do, and Meta's own words under "Detail".
import { PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { PublishError, type PublishPlatform } from '../publish-error.ts';

export type MetaPlatform = Extract<PublishPlatform, 'instagram' | 'facebook'>;

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
  is_transient?: boolean;
}

const LABEL: Record<MetaPlatform, string> = { instagram: PLATFORM_LABELS.instagram, facebook: PLATFORM_LABELS.facebook };

interface Meaning {
  message: (label: string) => string;
  retryable?: boolean;
  reconnect?: boolean;
}

const RECONNECT =
  'Hubungkan ulang akun Meta (Facebook/Instagram) di halaman Koneksi, lalu coba publikasikan lagi.';

/** Instagram's documented 2207xxx subcodes (and the ones this product has met). */
const SUBCODES: Record<number, Meaning> = {
  2207001: {
    message: () => 'Server Instagram sedang bermasalah. Publikasi akan dicoba lagi.',
    retryable: true,
  },
  2207003: {
    message: () => 'Instagram terlalu lama mengambil video. Publikasi akan dicoba lagi.',
    retryable: true,
  },
  2207004: {
    message: () =>
      'Instagram menolak file ini karena terlalu besar. Perkecil ukuran file lalu coba lagi.',
  },
  2207005: {
    message: () =>
      'Format media ini tidak didukung Instagram. Gunakan MP4 (H.264, AAC) lalu coba lagi.',
  },
  2207006: {
    message: () =>
      'Instagram tidak menemukan media ini atau akun tidak punya izin. Hubungkan ulang akun bila terus terjadi.',
  },
  2207008: {
    message: () =>
      'Instagram sedang gagal sementara saat mempublikasikan. Publikasi akan dicoba lagi dalam beberapa menit.',
    retryable: true,
  },
  2207009: {
    message: () =>
      'Rasio aspek video ini tidak diterima Instagram Reels. Gunakan video tegak 9:16 lalu coba lagi.',
  },
  2207020: {
    message: () =>
      'Kontainer media Instagram sudah kedaluwarsa (lebih dari 24 jam). Video ini harus diunggah ulang.',
  },
  2207026: {
    message: () =>
      'Format video ini tidak didukung Instagram Reels (codec, frame rate, ukuran, atau durasi). Konversi ke MP4 H.264/AAC 23-60 fps lalu coba lagi.',
  },
  2207027: {
    message: () =>
      'Video masih diproses Instagram dan belum siap dipublikasikan. Publikasi akan dicoba lagi sebentar lagi.',
    retryable: true,
  },
  2207032: {
    message: () => 'Instagram gagal membuat kontainer media. Publikasi akan dicoba lagi.',
    retryable: true,
  },
  2207042: {
    message: () =>
      'Akun Instagram ini sudah mencapai batas posting lewat API dalam 24 jam. Jadwalkan ulang setelah kuota pulih.',
  },
  2207050: {
    message: () =>
      'Akun Instagram ini sedang tidak aktif atau dibatasi Instagram. Buka aplikasi Instagram untuk memulihkan akun, lalu coba lagi.',
  },
  2207051: {
    message: () =>
      'Instagram membatasi tindakan ini karena dicurigai spam. Tunggu beberapa waktu sebelum memposting lagi.',
  },
  2207052: {
    message: () =>
      'Instagram tidak dapat mengambil video dari alamat yang diberikan. Coba lagi dengan unggahan langsung.',
  },
  2207053: {
    message: () =>
      'Terjadi kesalahan tak dikenal saat mengunggah ke Instagram. Video ini harus diunggah ulang dengan kontainer baru.',
  },
  2207057: {
    message: () =>
      'Posisi thumbnail berada di luar durasi video. Pilih posisi thumbnail yang lebih kecil dari durasi video.',
  },
  2207082: {
    message: () =>
      'Instagram menolak video ini karena audio ditambahkan pada video yang tidak memiliki suara. Unggah video dengan trek audio aslinya atau tanpa audio tambahan.',
  },
};

/** Graph codes, looked up when the subcode says nothing we know. */
function meaningOfCode(code: number | undefined, subcode: number | undefined): Meaning | undefined {
  if (code === 190) {
    if (subcode === 463)
      return {
        message: () => `Sesi akun Meta ini sudah kedaluwarsa. ${RECONNECT}`,
        reconnect: true,
      };
    if (subcode === 460)
      return {
        message: () =>
          `Kata sandi Facebook pemilik akun berubah sehingga Meta memutus sesinya. ${RECONNECT}`,
        reconnect: true,
      };
    return {
      message: () => `Token akses Meta untuk akun ini tidak berlaku lagi. ${RECONNECT}`,
      reconnect: true,
    };
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return {
      message: (label) =>
        `Izin ${label} yang diperlukan belum diberikan. Hubungkan ulang akun Meta dan setujui semua izin yang diminta.`,
      reconnect: true,
    };
  }
  if (
    code === 4 ||
    code === 17 ||
    code === 32 ||
    code === 613 ||
    (code !== undefined && code >= 80_000 && code < 80_100)
  ) {
    return {
      message: (label) =>
        `Terlalu banyak permintaan ke ${label} dalam waktu singkat. Publikasi akan dicoba lagi nanti.`,
      retryable: true,
    };
  }
  if (code === 9007) return SUBCODES[2207027];
  if (code === 9) {
    return {
      message: (label) =>
        label === LABEL.facebook
          ? 'Halaman Facebook ini sudah mencapai batas 30 Reels lewat API dalam 24 jam. Jadwalkan ulang setelah kuota pulih.'
          : 'Akun Instagram ini sudah mencapai batas posting lewat API dalam 24 jam. Jadwalkan ulang setelah kuota pulih.',
    };
  }
  if (code === 6000) {
    return {
      message: (label) => `${label} gagal menerima file video. Unggahan akan dicoba lagi.`,
      retryable: true,
    };
  }
  if (code === 1 || code === 2) {
    return {
      message: (label) => `${label} sedang bermasalah. Publikasi akan dicoba lagi.`,
      retryable: true,
    };
  }
  return undefined;
}

function detailOf(body: GraphErrorBody, status: number | null): string {
  const parts = [
    body.code === undefined ? null : `code ${body.code}`,
    body.error_subcode === undefined ? null : `subcode ${body.error_subcode}`,
    body.fbtrace_id ? `fbtrace_id ${body.fbtrace_id}` : null,
    status === null ? null : `HTTP ${status}`,
  ].filter(Boolean);
  const words = [body.message, body.error_user_msg].filter(Boolean).join(' — ');
  return `${words || 'Meta tidak memberi keterangan.'} (${parts.join(', ')})`;
}

/** A Graph error (by subcode first, then code, then HTTP status) as PublishError. */
export function graphError(
  platform: MetaPlatform,
  status: number | null,
  body: GraphErrorBody,
): PublishError {
  const label = LABEL[platform];
  const meaning =
    (body.error_subcode === undefined ? undefined : SUBCODES[body.error_subcode]) ??
    meaningOfCode(body.code, body.error_subcode);
  const server = status !== null && status >= 500;
  const userMessage =
    meaning?.message(label) ??
    (server || body.is_transient
      ? `${label} sedang bermasalah (error server). Publikasi akan dicoba lagi.`
      : `${label} menolak permintaan ini. Periksa pengaturan postingan; bila terus gagal, tunjukkan Detail ke admin.`);
  return new PublishError(platform, body.message ?? `Meta answered HTTP ${status ?? 'none'}`, {
    status,
    code: body.code === undefined ? null : String(body.code),
    subcode: body.error_subcode ?? null,
    retryable: meaning?.retryable ?? (server || body.is_transient === true),
    reconnect: meaning?.reconnect ?? false,
    userMessage,
    detail: detailOf(body, status),
  });
}

/** Any non-2xx answer: a Graph error body, rupload's debug_info, or something else entirely. */
export function metaResponseError(
  platform: MetaPlatform,
  status: number,
  body: unknown,
): PublishError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof record.error === 'object' && record.error !== null) {
    return graphError(platform, status, record.error as GraphErrorBody);
  }
  const debug = record.debug_info as
    { retriable?: boolean; type?: string; message?: string } | undefined;
  if (debug && typeof debug === 'object') {
    const reconnect = status === 401 || debug.type === 'AuthorizationError';
    const retryable = !reconnect && (debug.retriable === true || status >= 500);
    return new PublishError(platform, debug.message ?? `rupload answered HTTP ${status}`, {
      status,
      code: debug.type ?? null,
      retryable,
      reconnect,
      userMessage: reconnect
        ? `Token akses Meta untuk akun ini tidak berlaku lagi. ${RECONNECT}`
        : retryable
          ? `Pengunggahan ke ${LABEL[platform]} terputus di sisi Meta. Unggahan akan dilanjutkan.`
          : `${LABEL[platform]} menolak file yang diunggah. Periksa file lalu coba lagi; bila terus gagal, tunjukkan Detail ke admin.`,
      detail: `${debug.message ?? ''} (${debug.type ?? 'rupload'}, HTTP ${status})`,
    });
  }
  return graphError(platform, status, {
    message: typeof body === 'string' ? body.slice(0, 300) : undefined,
  });
}

/** No answer at all: DNS, refused or reset connection, a body cut off. */
export function metaNetworkError(platform: MetaPlatform, cause: unknown): PublishError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new PublishError(platform, message, {
    status: null,
    retryable: true,
    userMessage: `Tidak dapat terhubung ke ${LABEL[platform]} (gangguan jaringan). Publikasi akan dicoba lagi.`,
    detail: message,
    cause,
  });
}

/** An Instagram container that ended in ERROR or EXPIRED, from its `status` text. */
export function containerError(
  statusCode: 'ERROR' | 'EXPIRED',
  status: string,
  subcode: number | null,
): PublishError {
  const effective = statusCode === 'EXPIRED' ? 2207020 : subcode;
  const error = graphError('instagram', null, {
    message: status || statusCode,
    ...(effective === null ? {} : { error_subcode: effective }),
  });
  if (effective === null || !SUBCODES[effective]) {
    return new PublishError('instagram', error.message, {
      status: null,
      code: statusCode,
      subcode: effective,
      userMessage:
        'Instagram gagal memproses video ini. Periksa format video lalu coba lagi; bila terus gagal, tunjukkan Detail ke admin.',
      detail: error.detail,
    });
  }
  return error;
}
