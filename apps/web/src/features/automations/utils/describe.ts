import type {
  Automation,
  AutomationRun,
  AutomationRunStage,
  AutomationSchedule,
  AutomationSource,
} from '@scrapper/contracts/http/automations';
import { FILTER_REASON_LABELS, FILTER_REASONS } from '@scrapper/contracts/rules/automations';
import { formatDateTime } from '@/lib/format-date-time.ts';

// How the page says what an automation is and what its runs did, in plain Indonesian.

function targetOf(source: AutomationSource): string {
  const values = Object.entries(source.input)
    .filter(([, value]) => typeof value === 'string' || Array.isArray(value))
    .map(([, value]) => (Array.isArray(value) ? value.map(String).join(', ') : String(value)));
  return values[0] ?? '';
}

/** "TikTok · kata kunci: kucing lucu" or "Instagram · URL: https://...". */
export function sourceSummary(source: AutomationSource): string {
  const kind = source.platformInfo.scrapeType === 'url' ? 'URL' : 'kata kunci';
  const target = targetOf(source);
  return target
    ? `${source.platformInfo.displayName} · ${kind}: ${target}`
    : source.platformInfo.displayName;
}

/** "Setiap 6 jam", "Setiap 30 menit", "Setiap hari pukul 08:00, 20:00 WIB". */
export function scheduleSummary(schedule: AutomationSchedule): string {
  if (schedule.kind === 'times') return `Setiap hari pukul ${schedule.times.join(', ')} WIB`;
  const minutes = schedule.intervalMinutes;
  if (minutes % 60 === 0) return `Setiap ${minutes / 60} jam`;
  return `Setiap ${minutes} menit`;
}

export const STAGE_LABELS: Record<AutomationRunStage, string> = {
  queued: 'Menunggu giliran',
  scrape: 'Scraping',
  filter: 'Menyaring item',
  download: 'Mengunduh video',
  publish: 'Menjadwalkan upload',
  done: 'Selesai',
};

/** A run in one line: its state, when, and what came of it. */
export function runSummary(run: AutomationRun): string {
  const when = formatDateTime(run.finishedAt ?? run.startedAt);
  const counts = run.counts;
  switch (run.status) {
    case 'running':
      return `Sedang berjalan: ${STAGE_LABELS[run.stage]} (mulai ${formatDateTime(run.startedAt)})`;
    case 'failed':
      return `Gagal ${when}${run.error ? `: ${run.error}` : ''}`;
    case 'completed':
      return `Selesai ${when}: ${counts.found} ditemukan, ${counts.new} baru, ${counts.downloaded} diunduh, ${counts.queued} dijadwalkan`;
  }
}

export function isRunning(automation: Automation): boolean {
  return automation.lastRun?.status === 'running';
}

/** The reasons items were left out, in the contract's order, with their counts. */
export function filteredOutRows(
  run: AutomationRun,
): { reason: string; label: string; count: number }[] {
  return FILTER_REASONS.flatMap((reason) => {
    const count = run.counts.filteredOut[reason] ?? 0;
    return count > 0 ? [{ reason, label: FILTER_REASON_LABELS[reason], count }] : [];
  });
}

export function filteredOutTotal(run: AutomationRun): number {
  return filteredOutRows(run).reduce((sum, row) => sum + row.count, 0);
}
