import type { Analytics } from '@scrapper/contracts/http/analytics';
import { Table } from '@scrapper/ui/table';
import type { TableColumn } from '@scrapper/ui/table';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { platformLabel } from '@scrapper/contracts/rules/platforms';

type Recent = Analytics['recentDownloads'][number] & { key: string };

export interface RecentDownloadsProps {
  rows: Analytics['recentDownloads'];
  /** Spec part 2, section 6: the username column is for admins. */
  showUsername: boolean;
}

export function RecentDownloads({ rows, showUsername }: RecentDownloadsProps) {
  // The rows carry no id; position plus time is unique within one answer.
  const keyed: Recent[] = rows.map((row, index) => ({ ...row, key: `${index}-${row.createdAt}` }));
  const columns: TableColumn<Recent>[] = [
    {
      key: 'title',
      header: 'Judul',
      isRowHeader: true,
      render: (row) => row.title || 'Tanpa Judul',
    },
    { key: 'platform', header: 'Platform', render: (row) => platformLabel(row.platform) },
    {
      key: 'createdAt',
      header: 'Waktu',
      render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
    },
  ];
  if (showUsername) {
    columns.push({ key: 'username', header: 'Pengguna', render: (row) => row.username ?? '-' });
  }
  return (
    <Table
      label="Unduhan terbaru"
      columns={columns}
      rows={keyed}
      rowKey={(row) => row.key}
      emptyText="Belum ada unduhan terbaru."
    />
  );
}
