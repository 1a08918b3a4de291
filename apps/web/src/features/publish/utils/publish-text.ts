import {
  CONNECT_APP_LABELS,
  type ConnectPlatform,
  type TikTokPrivacyLevel,
} from '@scrapper/contracts/rules/publish-destinations';

// The publishing page's words (issue 33), in one place so the page and its tests share them.

/** TikTok's privacy levels as its posting guidelines ask them to be named. */
export const TIKTOK_PRIVACY_LABELS: Record<TikTokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Semua orang',
  MUTUAL_FOLLOW_FRIENDS: 'Teman (saling mengikuti)',
  FOLLOWER_OF_CREATOR: 'Pengikut',
  SELF_ONLY: 'Hanya saya',
};

export const CONNECT_LABELS: Record<ConnectPlatform, string> = {
  tiktok: `Hubungkan ${CONNECT_APP_LABELS.tiktok}`,
  meta: `Hubungkan ${CONNECT_APP_LABELS.meta}`,
};

export const PUBLISH_TEXT = {
  popupBlocked: 'Popup diblokir browser. Izinkan popup untuk situs ini, lalu coba lagi.',
  oauthTimeout: 'Proses menghubungkan akun melewati batas waktu. Silakan coba lagi.',
  noAuthUrl: 'Gagal mendapatkan alamat persetujuan dari server.',
  noApp: (platform: ConnectPlatform) =>
    `Belum ada aplikasi ${CONNECT_APP_LABELS[platform]} yang aktif. Minta admin menambahkannya di Admin, tab Client Secret.`,
  chooseApp: 'Pilih aplikasi terlebih dahulu.',
  connectFailed: 'Gagal memulai koneksi akun.',
  accountsFailed: 'Gagal memuat akun tujuan.',
  postsFailed: 'Gagal memuat posting terakhir.',
  removeFailed: 'Gagal memutus akun.',
  creatorInfoFailed: 'Info kreator TikTok tidak dapat dimuat.',
  musicConsent: 'Dengan memposting, Anda menyetujui Music Usage Confirmation TikTok.',
  brandedConsent:
    'Dengan memposting, Anda menyetujui Branded Content Policy dan Music Usage Confirmation TikTok.',
  postCreated: 'Posting dibuat. Status tiap tujuan tampil di Posting terakhir.',
  createFailed: 'Gagal membuat posting.',
  cancelFailed: 'Gagal membatalkan tujuan.',
} as const;
