import type { MaintenanceRun } from '@scrapper/contracts/http/system';
import { Alert } from '@scrapper/ui/alert';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { useState } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { listMaintenanceRuns, startMaintenance } from '../api.ts';
import { removedLines, STATUS_LABELS, TRIGGER_LABELS } from '../utils/maintenance-summary.ts';

/** The schedule runs every 15 minutes: a minute's refresh shows a new run soon enough. */
export const MAINTENANCE_REFRESH_MS = 60_000;
/** While a run waits or works, its result is asked for more often. */
export const MAINTENANCE_ACTIVE_REFRESH_MS = 2_000;

const STATUS_TONES = {
  queued: 'neutral',
  running: 'neutral',
  completed: 'info',
  failed: 'danger',
} as const;

function isActive(run: MaintenanceRun | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

function LastRun({ run }: { run: MaintenanceRun }) {
  return (
    <>
      <dl className="maintenance-meta">
        <div>
          <dt>Waktu</dt>
          <dd>{formatDateTime(run.finishedAt ?? run.startedAt ?? run.createdAt)}</dd>
        </div>
        <div>
          <dt>Pemicu</dt>
          <dd>{TRIGGER_LABELS[run.trigger]}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <Badge tone={STATUS_TONES[run.status]}>{STATUS_LABELS[run.status]}</Badge>
          </dd>
        </div>
      </dl>
      {run.status === 'failed' && run.error ? <Alert tone="danger">{run.error}</Alert> : null}
      {run.result ? (
        <>
          <h3 className="maintenance-removed__title">Yang dihapus</h3>
          <dl className="maintenance-meta maintenance-removed">
            {removedLines(run.result).map((line) => (
              <div key={line.label}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </>
  );
}

/** The Worker tab's housekeeping: the last maintenance run, and a button to run one now. */
export function MaintenanceCard() {
  const runs = useResource(listMaintenanceRuns, [] as MaintenanceRun[], {
    refreshMs: (loaded) =>
      isActive(loaded[0]) ? MAINTENANCE_ACTIVE_REFRESH_MS : MAINTENANCE_REFRESH_MS,
  });
  const { reload } = runs;
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const last = runs.data[0];
  const active = isActive(last);

  const runNow = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const run = await startMaintenance();
      runs.setData([run]);
    } catch (error) {
      setStartError(errorMessage(error, 'Gagal memulai pemeliharaan.'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card
      title="Pemeliharaan"
      className="maintenance-card"
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void runNow()}
          disabled={starting || active}
        >
          Jalankan Sekarang
        </Button>
      }
    >
      <p className="muted form-note">
        Berjalan otomatis tiap 15 menit dan saat worker mulai: menghapus preview lama, folder
        sementara job yang sudah selesai, OAuth state kedaluwarsa, file akun yang sudah dihapus,
        catatan login lama, dan data worker yang sudah mati.
      </p>
      {startError ? <Alert tone="danger">{startError}</Alert> : null}
      <LoadState
        loading={runs.status === 'loading' && !last}
        loadingLabel="Memuat pemeliharaan..."
        error={runs.status === 'error' ? 'Gagal memuat pemeliharaan terakhir.' : null}
        onRetry={reload}
      />
      {last ? (
        <LastRun run={last} />
      ) : runs.status === 'ready' ? (
        <p className="muted">Belum ada pemeliharaan yang tercatat.</p>
      ) : null}
    </Card>
  );
}
