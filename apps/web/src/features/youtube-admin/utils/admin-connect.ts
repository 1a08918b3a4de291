import { ApiError } from '@/lib/api-error.ts';

// The admin's texts for connecting and disconnecting accounts (spec part 2, section 8).

export const ADMIN_TEXT = {
  popupBlocked: 'Popup diblokir browser! Izinkan popup untuk situs ini, lalu coba lagi.',
  oauthTimeout: 'Proses OAuth timeout. Silakan coba lagi.',
  sessionExpired: 'Sesi login Anda telah kedaluwarsa. Silakan login ulang ke aplikasi.',
  notConfigured: 'Client secret YouTube tidak dikonfigurasi. Silakan hubungi administrator.',
  connectFailed: 'Gagal memulai koneksi YouTube.',
  noAuthUrl: 'Gagal mendapatkan URL OAuth dari server.',
  disconnectFailed: 'Gagal memutus koneksi akun. Silakan coba lagi.',
  disconnected: 'Koneksi akun YouTube berhasil diputus.',
  noActiveSecret:
    'Belum ada client secret yang aktif. Tambahkan atau aktifkan satu di tab Client Secret.',
} as const;

/**
 * Why the consent URL could not be had: 401 -> the session expired; 404 -> no client secret
 * configured; an answer without an authUrl -> 'Gagal mendapatkan URL OAuth dari server.';
 * otherwise the server's own error text, else the general failure.
 */
export function connectErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ADMIN_TEXT.connectFailed;
  if (error.status === 401) return ADMIN_TEXT.sessionExpired;
  if (error.status === 404) return ADMIN_TEXT.notConfigured;
  if (error.kind === 'invalid-response') return ADMIN_TEXT.noAuthUrl;
  return error.serverMessage ?? ADMIN_TEXT.connectFailed;
}

export interface AccountStatusText {
  label: 'Aktif' | 'Perlu Refresh';
  detail: string;
}

/** Spec section 2: valid -> 'Aktif', 'Siap untuk upload'; invalid -> 'Perlu Refresh', ... */
export function accountStatusText(isValid: boolean): AccountStatusText {
  return isValid
    ? { label: 'Aktif', detail: 'Siap untuk upload' }
    : { label: 'Perlu Refresh', detail: 'Mungkin perlu re-autentikasi' };
}
