import type { Analytics } from '@scrapper/contracts/http/analytics';
import { formatCount, formatPercent } from '../utils/format.ts';

interface Stat {
  key: string;
  label: string;
  value: string;
  hint?: string;
}

function stats(data: Analytics): Stat[] {
  const list: Stat[] = [
    {
      key: 'total',
      label: 'Total Unduhan',
      value: formatCount(data.totalDownloads),
      // Riwayat hides entries its owner removed; these figures keep them (issue 20: "14 here,
      // 11 in Riwayat"). Said rather than recounted: the roll-ups do not track hiding.
      hint: 'yang selesai, termasuk yang sudah dihapus dari Riwayat',
    },
    { key: 'week', label: '7 Hari Terakhir', value: formatCount(data.downloadsLast7Days) },
    { key: 'month', label: '30 Hari Terakhir', value: formatCount(data.downloadsLast30Days) },
    {
      key: 'success',
      label: 'Tingkat Keberhasilan',
      value: formatPercent(data.successRate),
      hint:
        data.successRate === null
          ? 'belum ada unduhan yang selesai atau gagal'
          : 'unduhan berhasil dari yang selesai atau gagal',
    },
    {
      key: 'storage',
      label: 'Perkiraan Penyimpanan',
      value: data.storageEstimate,
      hint: 'file yang tersimpan',
    },
  ];
  // Spec part 2, section 6: the user total is for admins; the server sends it only to them.
  if (data.totalUsers !== undefined) {
    list.push({ key: 'users', label: 'Total Pengguna', value: formatCount(data.totalUsers) });
  }
  return list;
}

/** The figures at the top of the page, as a description list (label -> value). */
export function StatCards({ data }: { data: Analytics }) {
  return (
    <dl className="stat-grid">
      {stats(data).map((stat) => (
        <div key={stat.key} className="stat-card" data-stat={stat.key}>
          <dt className="stat-card__label">{stat.label}</dt>
          <dd className="stat-card__value">
            <span className="stat-card__number">{stat.value}</span>
            {stat.hint ? <span className="stat-card__hint">{stat.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
