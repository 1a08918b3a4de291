import { StatGrid } from '@/components/stat-grid.tsx';
import { platformLabel } from '@scrapper/contracts/rules/platforms';
import type { HistoryPage } from '../api.ts';

/** Totals of the filtered history: all downloads and per platform. */
export function HistoryStats({ stats }: { stats: HistoryPage['stats'] }) {
  return (
    <StatGrid
      label="Statistik riwayat"
      stats={[
        { key: 'total', label: 'Total unduhan', value: stats.total.toLocaleString('id-ID') },
        ...stats.byPlatform.map((entry) => ({
          key: entry.platform,
          label: platformLabel(entry.platform),
          value: entry.count.toLocaleString('id-ID'),
        })),
      ]}
    />
  );
}
