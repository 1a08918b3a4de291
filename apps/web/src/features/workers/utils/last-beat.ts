/**
 * How long ago a worker's last heartbeat was, as people say it: 'baru saja', '12 detik yang
 * lalu', '3 menit yang lalu'. A clock a little ahead of the server's reads as 'baru saja'.
 */
export function formatLastBeat(lastSeenAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(lastSeenAt)) / 1000));
  if (seconds < 5) return 'baru saja';
  if (seconds < 60) return `${seconds} detik yang lalu`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} menit yang lalu`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} jam yang lalu`;
  return `${Math.floor(hours / 24)} hari yang lalu`;
}
