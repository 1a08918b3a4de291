import type { ToolCheckOutcome, YtDlpSource } from '@scrapper/contracts/http/tools';
import { formatDateTime } from '@/lib/format-date-time.ts';

/** Where a yt-dlp came from, as an admin would say it. */
export const SOURCE_LABELS: Record<YtDlpSource, string> = {
  managed: 'dikelola aplikasi',
  pinned: 'dipatok operator lewat YTDLP_PATH',
  system: 'bawaan sistem',
  missing: 'tidak ada',
};

/** How an update check ended; `tone` picks the badge colour. */
export const CHECK_OUTCOMES: Record<
  ToolCheckOutcome,
  { label: string; tone: 'neutral' | 'info' | 'danger' }
> = {
  updated: { label: 'Diperbarui', tone: 'info' },
  current: { label: 'Sudah terbaru', tone: 'info' },
  failed: { label: 'Gagal', tone: 'danger' },
  offline: { label: 'Server rilis tak terjangkau', tone: 'neutral' },
  skipped: { label: 'Tidak diperiksa', tone: 'neutral' },
};

/** '12 hari', or '' when the age is unknown. */
export function formatAge(days: number | null): string {
  if (days === null) return '';
  return days === 0 ? 'kurang dari 1 hari' : `${days} hari`;
}

/** An instant in Jakarta time, named as such: '5 Jan 2025, 14.30 WIB'. */
export function formatWib(iso: string): string {
  return formatDateTime(iso);
}
