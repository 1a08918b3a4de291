import { ApiError } from '@/lib/api-error.ts';

// Every text the upload page shows for a result (spec part 2, sections 5 and 8), in one
// place so the page and its tests use the same words. The English ones are the spec's own.

export const TEXT = {
  noClientSecret:
    'Belum ada client secret YouTube yang aktif. Minta admin menambahkan client secret di halaman Admin (tab Client Secret) sebelum mengupload video.',
  sessionExpired: 'Sesi Anda telah kedaluwarsa. Harap login ulang.',
  notLoggedIn: 'Anda belum login ke aplikasi. Silakan login terlebih dahulu.',
  popupBlocked: 'Popup blocked! Please allow popups for this site and try again.',
  oauthTimeout: 'OAuth process timed out. Please try again.',
  chooseClientSecret: 'Pilih client secret terlebih dahulu.',
  chooseAccount: 'Pilih akun YouTube terlebih dahulu.',
  deleteAccountWarning:
    'Akun YouTube ini akan diputus dari aplikasi. Semua video terkait (terjadwal dan riwayat upload) juga akan dihapus.',
  accountDeleted: 'Akun YouTube berhasil dihapus.',
  uploadDone: 'Video berhasil diupload!',
  videoRequired: 'Video file is required',
  generateNeedsTitle: 'Judul video diperlukan untuk generate content!',
  generateDone: 'Konten berhasil di-generate menggunakan Gemini AI!',
  previewFailed: 'Gagal memuat preview efek.',
  audioKeywordRequired: 'Harap masukkan kata kunci untuk mencari audio remix.',
  audioUrlRequired: 'Harap masukkan URL video YouTube untuk mendapatkan info audio.',
  audioInfoDone: 'Informasi audio remix berhasil ditemukan.',
  audioInfoFromUrlDone: 'Informasi audio remix berhasil ditemukan dari URL.',
  historyFailed: 'Gagal memuat riwayat upload YouTube.',
  filesFailed: 'Gagal memuat daftar file hasil.',
  itemsFailed: 'Gagal memuat item video.',
} as const;

export const accountsFailed = (message: string) => `Error loading accounts: ${message}`;
export const playlistsFailed = (message: string) => `Error loading playlists: ${message}`;
export const connectFailed = (message: string) => `Error connecting to YouTube: ${message}`;
export const reauthFailed = (message: string) =>
  `Error re-authenticating YouTube account: ${message}`;
export const deleteAccountFailed = (message: string) => `Gagal menghapus akun YouTube: ${message}`;
export const uploadFailed = (message: string) => `Upload gagal: ${message}`;
export const generateFailed = (message: string) => `Gagal generate konten: ${message}`;
export const audioSearchDone = (count: number, query: string) =>
  `Ditemukan ${count} hasil untuk "${query}".`;
export const audioSearchFailed = (message: string) => `Gagal mencari audio: ${message}`;
export const audioInfoFailed = (message: string) =>
  `Gagal mendapatkan info audio remix: ${message}`;
export const audioInfoFromUrlFailed = (message: string) =>
  `Gagal mendapatkan info audio remix dari URL: ${message}`;

/**
 * The `{message}` part of a failure: the server's words when it sent some, else what the
 * client knows (no connection, an unexpected answer, a refused input).
 */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Terjadi kesalahan yang tidak diketahui.';
}
