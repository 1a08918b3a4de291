import type { Worker } from '@scrapper/contracts/http/system';
import { Alert } from '@scrapper/ui/alert';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Table, type TableColumn } from '@scrapper/ui/table';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { listWorkers } from '../api.ts';
import { formatLastBeat } from '../utils/last-beat.ts';
import { MaintenanceCard } from './maintenance-card.tsx';
import './workers.css';

/** The list follows the workers' heartbeats (every 10 s by default) without a manual reload. */
export const REFRESH_MS = 15_000;

interface WorkerList {
  workers: Worker[];
  /** When the list arrived: "last beat" is relative to it. */
  loadedAt: number;
}

const EMPTY: WorkerList = { workers: [], loadedAt: 0 };

async function loadWorkers(signal: AbortSignal): Promise<WorkerList> {
  const workers = await listWorkers(signal);
  return { workers, loadedAt: Date.now() };
}

function columns(loadedAt: number): TableColumn<Worker>[] {
  return [
    {
      key: 'host',
      header: 'Host',
      isRowHeader: true,
      render: (worker) => (
        <>
          {worker.hostname} <span className="muted">(PID {worker.pid})</span>
        </>
      ),
    },
    {
      key: 'id',
      header: 'ID',
      // Enough of the id to tell two workers apart; the whole one is in the tooltip and the logs.
      render: (worker) => <code title={worker.id}>{worker.id.slice(0, 8)}</code>,
    },
    {
      key: 'queues',
      header: 'Antrean',
      render: (worker) =>
        worker.queues.length > 0 ? (
          worker.queues.join(', ')
        ) : (
          <span className="muted">tidak ada</span>
        ),
    },
    {
      key: 'last-beat',
      header: 'Heartbeat terakhir',
      render: (worker) => formatLastBeat(worker.lastSeenAt, loadedAt),
    },
    {
      key: 'status',
      header: 'Status',
      render: (worker) =>
        worker.isStale ? (
          <Badge tone="danger">Tidak merespons</Badge>
        ) : (
          <Badge tone="info">Aktif</Badge>
        ),
    },
  ];
}

/** Admin tab 'Worker': the worker processes, their queues and when each last checked in; the last maintenance run. */
export function WorkerPanel() {
  const list = useResource(loadWorkers, EMPTY, { refreshMs: REFRESH_MS });
  const { reload } = list;

  const stale = list.data.workers.filter((worker) => worker.isStale).length;

  return (
    <>
      <Card
        title="Worker"
        actions={
          <Button size="sm" variant="ghost" onClick={reload}>
            Muat ulang
          </Button>
        }
      >
        <p className="muted form-note">
          Proses worker yang menjalankan job (scrape, unduhan, upload) dan mengirim heartbeat dalam
          satu jam terakhir. Daftar ini diperbarui otomatis.
        </p>
        <LoadState
          loading={list.status === 'loading' && list.data.loadedAt === 0}
          loadingLabel="Memuat worker..."
          error={list.status === 'error' ? 'Gagal memuat daftar worker.' : null}
          onRetry={reload}
        />
        {stale > 0 ? (
          <Alert tone="warning">
            {stale} worker tidak mengirim heartbeat selama lebih dari 1 menit. Prosesnya mungkin
            sudah berhenti; job yang sedang dikerjakannya akan diambil alih worker lain.
          </Alert>
        ) : null}
        {list.data.loadedAt > 0 ? (
          <Table
            label="Daftar worker"
            columns={columns(list.data.loadedAt)}
            rows={list.data.workers}
            rowKey={(worker) => worker.id}
            emptyText="Tidak ada worker yang berjalan. Job akan menunggu di antrean sampai ada worker yang aktif."
          />
        ) : null}
      </Card>
      <MaintenanceCard />
    </>
  );
}
