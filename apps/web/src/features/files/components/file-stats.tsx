import { platformLabel } from '@/config/platforms.ts';
import type { FilePage } from '../api/list-files.ts';

/** Total files, their total size and the platforms they come from. */
export function FileStats({ stats }: { stats: FilePage['stats'] }) {
  return (
    <section aria-label="Statistik file">
      <dl className="stat-grid">
        <div className="stat-card">
          <dt className="stat-card__label">Total file</dt>
          <dd className="stat-card__value">{stats.totalFiles.toLocaleString('id-ID')}</dd>
        </div>
        <div className="stat-card">
          <dt className="stat-card__label">Total ukuran</dt>
          <dd className="stat-card__value">{stats.formattedTotalSize}</dd>
        </div>
        <div className="stat-card stat-card--wide">
          <dt className="stat-card__label">Platform</dt>
          <dd className="stat-card__value stat-card__value--text">
            {stats.platforms.length > 0 ? stats.platforms.map(platformLabel).join(', ') : '-'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
