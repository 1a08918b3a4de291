import { StorageFullError } from '@scrapper/integrations/storage/storage';
import { DirectFetchError } from '@scrapper/integrations/direct-fetch';
import { UrlNotAllowedError } from '@scrapper/integrations/url-guard';
import { YtDlpError } from '@scrapper/integrations/yt-dlp';

/** A failed download as members read it: one Indonesian sentence, and yt-dlp's own words apart. */
export interface DownloadFailure {
  /** What happened and what to do. */
  message: string;
  /** The program's or site's own message, shown folded under "Detail"; null when the sentence says it all. */
  detail: string | null;
}

export const NEEDS_COOKIES_MESSAGE = 'Platform meminta login atau verifikasi bot; cookie platform ini perlu diperbarui oleh admin.';
export const YTDLP_OUTDATED_MESSAGE =
  'Pengunduh video (yt-dlp) perlu diperbarui agar bisa mengambil video dari platform ini. Admin sudah diberi tahu; coba lagi setelah yt-dlp diperbarui.';

const NOT_FOUND = 'Video tidak ditemukan di tautan ini (mungkin sudah dihapus, dibuat privat, atau tautannya salah). Periksa tautannya lalu coba lagi.';
const UNSUPPORTED = 'Tautan ini tidak berisi video yang dapat diunduh. Tempel tautan langsung ke halaman videonya.';
const FORMAT = 'Kualitas yang dipilih tidak tersedia untuk video ini. Pilih kualitas "Terbaik" lalu coba lagi.';
const UNREACHABLE = 'Situs video tidak dapat dihubungi saat ini. Coba lagi beberapa saat lagi.';
const GENERIC = 'Video tidak dapat diunduh. Periksa tautannya atau coba lagi nanti; alasan dari pengunduh ada di Detail.';

/** True when the message is already ours (Indonesian): the guard's refusals, size limits, storage. */
function isOurSentence(message: string): boolean {
  return (
    /^(yt-dlp diarahkan|yt-dlp dihentikan|yt-dlp belum tersedia|yt-dlp tidak dapat dijalankan|Ukuran file melebihi|Jenis file hasil|Nama host|Host |yt-dlp tidak menemukan ffmpeg|Penyimpanan penuh|Alamat|URL)/.test(message) ||
    // The URL guard's refusal, however a layer words around it.
    /jaringan lokal atau privat|loopback|Hanya URL http|nama pengguna/.test(message)
  );
}

/** Turns whatever ended a download into the member's sentence and the detail beneath it. */
export function describeDownloadFailure(error: unknown): DownloadFailure {
  if (error instanceof StorageFullError || error instanceof UrlNotAllowedError) return { message: error.message, detail: null };
  if (error instanceof YtDlpError) {
    const reason = error.message;
    // A URL the guard refused before yt-dlp started: already our sentence.
    if (error.cause instanceof UrlNotAllowedError) return { message: reason, detail: null };
    if (error.needsCookies) return { message: NEEDS_COOKIES_MESSAGE, detail: reason };
    if (error.isOutdated) return { message: YTDLP_OUTDATED_MESSAGE, detail: reason };
    if (isOurSentence(reason)) return { message: reason, detail: null };
    if (/HTTP Error 404|HTTP Error 410|not found|does not exist|video unavailable|private video|has been removed/i.test(reason)) {
      return { message: NOT_FOUND, detail: reason };
    }
    if (/Unsupported URL|no video (?:formats )?found|no media found/i.test(reason)) return { message: UNSUPPORTED, detail: reason };
    if (/Requested format is not available/i.test(reason)) return { message: FORMAT, detail: reason };
    if (error.retryable) return { message: UNREACHABLE, detail: reason };
    return { message: GENERIC, detail: reason };
  }
  if (error instanceof DirectFetchError) {
    if (isOurSentence(error.message)) return { message: error.message, detail: null };
    if (error.status === 404 || error.status === 410) return { message: NOT_FOUND, detail: error.message };
    return { message: error.retryable ? UNREACHABLE : GENERIC, detail: error.message };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { message: 'Unduhan gagal karena gangguan di server. Coba lagi nanti; jika terus terjadi, beri tahu admin.', detail: text };
}
