import { StatGrid } from '@/components/stat-grid.tsx';
import { platformLabel } from '@scrapper/contracts/rules/platforms';
import type { FilePage } from '../api.ts';

/** Total files, their total size and the platforms they come from. */
export function FileStats({ stats }: { stats: FilePage['stats'] }) {
  const platforms = stats.platforms.length > 0 ? stats.platforms.map(platformLabel).join(', ') : '-';
  return (
    <StatGrid
      label="Statistik file"
      stats={[
        { key: 'files', label: 'Total file', value: stats.totalFiles.toLocaleString('id-ID') },
        { key: 'size', label: 'Total ukuran', value: stats.formattedTotalSize },
        { key: 'platforms', label: 'Platform', value: platforms, wide: true },
      ]}
    />
  );
}
