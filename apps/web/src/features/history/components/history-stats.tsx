import { platformLabel } from '@/config/platforms.ts';
import type { HistoryPage } from '../api/list-history.ts';

/** Totals of the filtered history: all downloads and per platform. */
export function HistoryStats({ stats }: { stats: HistoryPage['stats'] }) {
  return (
    <section aria-label="Statistik riwayat">
      <dl className="stat-grid">
        <div className="stat-card">
          <dt className="stat-card__label">Total unduhan</dt>
          <dd className="stat-card__value">{stats.total.toLocaleString('id-ID')}</dd>
        </div>
        {stats.byPlatform.map((entry) => (
          <div key={entry.platform} className="stat-card">
            <dt className="stat-card__label">{platformLabel(entry.platform)}</dt>
            <dd className="stat-card__value">{entry.count.toLocaleString('id-ID')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
