/** The toggle's accessible name: the count is part of it, not only a visual badge. */
export function toggleLabel(unread: number): string {
  return unread > 0 ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi';
}

/** The badge on the bell: nothing at 0, '99+' past 99 so it stays a small pill. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}
