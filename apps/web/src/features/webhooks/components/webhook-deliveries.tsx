import type { WebhookDelivery } from '@scrapper/contracts/http/me-webhooks';
import { jakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Table, type TableColumn } from '@scrapper/ui/table';
import { useCallback } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { listDeliveries } from '../api.ts';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: 'neutral' | 'info' | 'danger' }> = {
  pending: { label: 'Menunggu', tone: 'neutral' },
  delivered: { label: 'Terkirim', tone: 'info' },
  failed: { label: 'Gagal', tone: 'danger' },
};

const columns: TableColumn<WebhookDelivery>[] = [
  { key: 'time', header: 'Waktu', render: (d) => `${jakartaDateTime(new Date(d.createdAt))} WIB`, isRowHeader: true },
  { key: 'event', header: 'Event', render: (d) => <code>{d.event}</code> },
  { key: 'status', header: 'Status', render: (d) => <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge> },
  { key: 'code', header: 'Kode jawaban', render: (d) => (d.lastStatusCode === null ? '—' : String(d.lastStatusCode)) },
  { key: 'duration', header: 'Durasi', render: (d) => (d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`) },
  { key: 'attempts', header: 'Percobaan', render: (d) => String(d.attempts) },
  { key: 'error', header: 'Keterangan', render: (d) => d.lastError ?? '—' },
];

/** A webhook's last 100 deliveries; refreshed every few seconds while one is still pending. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const load = useCallback((signal: AbortSignal) => listDeliveries(webhookId, signal), [webhookId]);
  const { data, status, reload } = useResource<WebhookDelivery[]>(load, [], {
    refreshMs: (rows) => (rows.some((d) => d.status === 'pending') ? 2000 : null),
  });
  return (
    <div className="webhooks__deliveries">
      <div className="webhooks__deliveries-head">
        <h4 className="webhooks__deliveries-title">Kiriman terakhir</h4>
        <Button size="sm" variant="ghost" onClick={reload}>
          Muat ulang
        </Button>
      </div>
      <LoadState loading={status === 'loading' && data.length === 0} error={status === 'error' ? 'Gagal memuat daftar kiriman.' : null} onRetry={reload} />
      {status !== 'loading' || data.length > 0 ? (
        <Table columns={columns} rows={data} rowKey={(d) => d.id} label="Kiriman webhook" emptyText="Belum ada kiriman." />
      ) : null}
    </div>
  );
}
