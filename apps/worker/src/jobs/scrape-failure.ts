import { ApifyError } from '@scrapper/integrations/apify';

// How a failed scrape reads to a member: one Indonesian sentence saying what happened and
// what to do (the task's `error`), and the service's own words kept apart (`errorDetail`,
// folded under "Detail" in the dashboard). Apify's texts are English and written for
// developers; members act on ours.

export interface ScrapeFailure {
  message: string;
  detail: string | null;
}

export const NO_ACTIVE_KEY =
  'Scraping belum bisa berjalan karena belum ada API key Apify yang aktif. Minta admin menambahkan atau mengaktifkan key di Admin > API Key, lalu tekan Coba Lagi.';

export const INVALID_PLATFORM: ScrapeFailure = {
  message: 'Platform ini sudah tidak punya konfigurasi aktor. Minta admin memeriksa tab Konfigurasi Aktor, lalu tekan Coba Lagi.',
  detail: null,
};

const TOKEN_TYPES = new Set(['token-not-valid', 'user-or-token-not-found', 'invalid-token']);
const MONEY_TYPES = new Set(['not-enough-usage-to-run-paid-actor', 'actor-is-not-rented', 'platform-feature-disabled', 'user-limit-exceeded']);

function withStatus(error: ApifyError): string {
  const parts = [error.statusCode === undefined ? 'gangguan jaringan' : `HTTP ${error.statusCode}`];
  if (error.type) parts.push(error.type);
  return `${parts.join(', ')}: ${error.message}`;
}

/** An error Apify answered (or a network failure talking to it). `attempts`: tries so far. */
export function apifyErrorFailure(error: ApifyError, attempts: number, actorId: string): ScrapeFailure {
  const detail = withStatus(error);
  if (error.retryable) {
    return {
      message: `Apify sedang sibuk atau bermasalah dan belum pulih setelah ${attempts} percobaan. Tunggu beberapa menit, lalu tekan Coba Lagi.`,
      detail,
    };
  }
  if (error.statusCode === 401 || (error.type !== undefined && TOKEN_TYPES.has(error.type))) {
    return { message: 'Apify menolak API key yang aktif. Minta admin memeriksa atau mengganti key di Admin > API Key, lalu tekan Coba Lagi.', detail };
  }
  if (error.statusCode === 402 || (error.type !== undefined && MONEY_TYPES.has(error.type))) {
    return { message: 'Akun Apify tidak punya cukup kredit atau belum berlangganan aktor ini. Minta admin memeriksa akun Apify, lalu tekan Coba Lagi.', detail };
  }
  if (error.statusCode === 404) {
    return { message: `Aktor ${actorId} tidak ditemukan di Apify. Minta admin memeriksa Actor ID di tab Konfigurasi Aktor.`, detail };
  }
  if (error.statusCode === 400) {
    return { message: 'Apify menolak input untuk aktor ini. Periksa target dan Opsi Tambahan; bila tetap ditolak, minta admin memeriksa konfigurasi aktor.', detail };
  }
  if (error.statusCode === 403) {
    return { message: 'Apify tidak mengizinkan key ini menjalankan aktor tersebut. Minta admin memeriksa izin key dan aktor di Apify.', detail };
  }
  return { message: 'Apify menolak menjalankan aktor. Tekan Coba Lagi; bila terus gagal, minta admin memeriksa aktor dan key Apify.', detail };
}

/** A run that ended on Apify's side without succeeding (FAILED, TIMED-OUT, ABORTED). */
export function runEndFailure(status: string, statusMessage: string | undefined): ScrapeFailure {
  const detail = statusMessage ? `${status}: ${statusMessage}` : status;
  if (status === 'TIMED-OUT') {
    return { message: 'Run Apify melewati batas waktunya sebelum selesai. Kurangi jumlah hasil di Opsi Tambahan, lalu tekan Coba Lagi.', detail };
  }
  if (status === 'ABORTED') {
    return { message: 'Run Apify dihentikan dari luar aplikasi (misalnya di konsol Apify). Tekan Coba Lagi bila hasilnya masih diperlukan.', detail };
  }
  return {
    message: 'Aktor Apify gagal menyelesaikan run. Periksa apakah target bisa dibuka, lalu tekan Coba Lagi; bila terus gagal, minta admin memeriksa aktor.',
    detail,
  };
}

/** Trouble on our side (the database, storage, the worker stopping) that outlasted the retries. */
export function internalFailure(reason: string): ScrapeFailure {
  return { message: 'Tugas gagal karena gangguan di server aplikasi. Tekan Coba Lagi; bila terus gagal, beri tahu admin.', detail: reason };
}

export function failureOf(error: unknown, attempts: number, actorId: string): ScrapeFailure {
  if (error instanceof ApifyError) return apifyErrorFailure(error, attempts, actorId);
  return internalFailure(error instanceof Error ? error.message : String(error));
}
