// Every kind of notification the product writes, who receives it, how the settings page names it,
// and whether a member may switch it off. Failures and anything that needs the member to act
// (reconnect an account, renew cookies, a webhook switched off) always reach the bell: only
// news of work that went well can be muted (issue 31 item 3).

export type NotificationAudience = 'member' | 'admin';

export interface NotificationKindInfo {
  kind: string;
  /** The settings page's name for it. */
  label: string;
  /** Who receives it: every signed-in member (admins too), or admins only. */
  audience: NotificationAudience;
  /** False: a failure or a call to act, always delivered. */
  switchable: boolean;
}

export const NOTIFICATION_KINDS = [
  { kind: 'scrape.completed', label: 'Scraping selesai', audience: 'member', switchable: true },
  { kind: 'scrape.failed', label: 'Scraping gagal', audience: 'member', switchable: false },
  { kind: 'batch.finished', label: 'Unduhan batch selesai', audience: 'member', switchable: true },
  { kind: 'batch.failed', label: 'Unduhan batch dengan item gagal', audience: 'member', switchable: false },
  { kind: 'upload.uploaded', label: 'Upload YouTube berhasil', audience: 'member', switchable: true },
  { kind: 'upload.failed', label: 'Upload YouTube gagal', audience: 'member', switchable: false },
  { kind: 'publish.done', label: 'Publikasi selesai', audience: 'member', switchable: true },
  { kind: 'publish.failed', label: 'Publikasi gagal', audience: 'member', switchable: false },
  { kind: 'automation.completed', label: 'Otomasi selesai', audience: 'member', switchable: true },
  { kind: 'automation.failed', label: 'Otomasi gagal', audience: 'member', switchable: false },
  { kind: 'youtube.reauth', label: 'Akun YouTube perlu dihubungkan ulang', audience: 'member', switchable: false },
  { kind: 'publish.reconnect', label: 'Akun publikasi perlu dihubungkan ulang', audience: 'member', switchable: false },
  { kind: 'member-cookies.expiring', label: 'Cookie Anda akan kedaluwarsa', audience: 'member', switchable: true },
  { kind: 'member-cookies.expired', label: 'Cookie Anda ditolak platform', audience: 'member', switchable: false },
  { kind: 'webhook.disabled', label: 'Webhook dinonaktifkan', audience: 'member', switchable: false },
  { kind: 'cookies.expiring', label: 'Cookie platform akan kedaluwarsa', audience: 'admin', switchable: true },
  { kind: 'cookies.expired', label: 'Cookie platform kedaluwarsa', audience: 'admin', switchable: false },
  { kind: 'deletion.requested', label: 'Permintaan hapus data baru', audience: 'admin', switchable: false },
  { kind: 'tools.ytdlp-old', label: 'yt-dlp sudah lama tidak diperbarui', audience: 'admin', switchable: true },
  { kind: 'tools.ytdlp-update-failed', label: 'Pembaruan yt-dlp gagal', audience: 'admin', switchable: false },
  { kind: 'tools.ytdlp-missing', label: 'yt-dlp tidak ditemukan', audience: 'admin', switchable: false },
  { kind: 'tools.ytdlp-outdated', label: 'yt-dlp perlu diperbarui', audience: 'admin', switchable: false },
] as const satisfies readonly NotificationKindInfo[];

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];

/** The kinds a user of this role receives, in the settings page's order. */
export function notificationKindsFor(role: 'user' | 'admin'): readonly NotificationKindInfo[] {
  return NOTIFICATION_KINDS.filter((k) => role === 'admin' || k.audience === 'member');
}

/**
 * Why a settings change (kind → on/off) is refused, or undefined when it may be saved: every kind
 * must be one the role receives, and a kind that is always delivered cannot be switched off
 * (switching it "on" asks for nothing new and is accepted).
 */
export function refusedSettingsChange(role: 'user' | 'admin', change: Readonly<Record<string, boolean>>): string | undefined {
  const mine = new Map(notificationKindsFor(role).map((k) => [k.kind, k]));
  for (const [kind, on] of Object.entries(change)) {
    const info = mine.get(kind);
    if (!info) return `Jenis notifikasi "${kind}" tidak dikenal.`;
    if (!info.switchable && !on) return `Notifikasi "${info.label}" selalu dikirim dan tidak dapat dimatikan.`;
  }
  return undefined;
}
