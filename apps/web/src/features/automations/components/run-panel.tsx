import type { Automation, AutomationRunDetail } from '@scrapper/contracts/http/automations';
import type { UploadStatus } from '@scrapper/contracts/http/youtube-uploads';
import { Alert } from '@scrapper/ui/alert';
import { Badge, type BadgeTone } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { Select } from '@scrapper/ui/select';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { LoadState } from '@/components/load-state.tsx';
import { StatGrid } from '@/components/stat-grid.tsx';
import { paths } from '@/config/paths.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { formatUsd } from '@/lib/format-usd.ts';
import { UPLOAD_STATUS_LABELS, uploadStatusTone } from '@/lib/youtube-choices.ts';
import { listRuns } from '../api.ts';
import { useRun } from '../hooks/use-run.ts';
import { RunPosts } from './run-posts.tsx';
import { STAGE_LABELS, filteredOutRows, filteredOutTotal } from '../utils/describe.ts';

export interface RunPanelProps {
  automation: Automation;
  /** The run to open first (one just started); else the newest. */
  runId: string | null;
  onClose: () => void;
}

const RUN_STATUS: Record<
  AutomationRunDetail['status'],
  { label: string; tone: BadgeTone }
> = {
  running: { label: 'Berjalan', tone: 'info' },
  completed: { label: 'Selesai', tone: 'neutral' },
  failed: { label: 'Gagal', tone: 'danger' },
};

function uploadStatusLabel(status: string): string {
  return status in UPLOAD_STATUS_LABELS ? UPLOAD_STATUS_LABELS[status as UploadStatus] : status;
}

/** The runs of one automation: pick one, see what it did. */
export function RunPanel({ automation, runId, onClose }: RunPanelProps) {
  const load = useCallback(
    (signal: AbortSignal) => listRuns(automation.id, signal),
    [automation.id],
  );
  const runs = useResource(load, [], {
    refreshMs: (list) => (list.some((run) => run.status === 'running') ? 3000 : null),
    events: ['automation.run'],
  });
  const [chosen, setChosen] = useState<string | null>(runId);
  const selected = chosen ?? runs.data[0]?.id ?? null;

  return (
    <Card
      title={`Run: ${automation.name}`}
      className="automation-runs"
      actions={
        <Button size="sm" variant="ghost" onClick={onClose}>
          Tutup
        </Button>
      }
    >
      <LoadState
        loading={runs.status === 'loading' && runs.data.length === 0}
        loadingLabel="Memuat run..."
        error={runs.status === 'error' ? 'Gagal memuat run otomasi.' : null}
        onRetry={runs.reload}
      />
      {runs.status !== 'loading' && runs.data.length === 0 && !selected ? (
        <p className="muted">Otomasi ini belum pernah berjalan.</p>
      ) : null}
      {runs.data.length > 1 ? (
        <Select
          label="Pilih run"
          options={runs.data.map((run) => ({
            value: run.id,
            label: `${formatDateTime(run.startedAt)} · ${RUN_STATUS[run.status].label}`,
          }))}
          value={selected ?? ''}
          onChange={(event) => setChosen(event.target.value)}
        />
      ) : null}
      {selected ? <RunDetail key={selected} automationId={automation.id} runId={selected} /> : null}
    </Card>
  );
}

function RunDetail({ automationId, runId }: { automationId: string; runId: string }) {
  const { status, run, retry } = useRun(automationId, runId);
  if (!run) {
    return (
      <LoadState
        loading={status === 'loading'}
        loadingLabel="Memuat run..."
        error={status === 'error' ? 'Gagal memuat run otomasi.' : null}
        onRetry={retry}
      />
    );
  }
  const counts = run.counts;
  const reasons = filteredOutRows(run);
  const badge = RUN_STATUS[run.status];
  return (
    <div className="automation-run">
      <p className="automation-run__head">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span>
          {run.trigger === 'manual' ? 'Dijalankan manual' : 'Terjadwal'}, mulai{' '}
          {formatDateTime(run.startedAt)}
          {run.finishedAt ? `, selesai ${formatDateTime(run.finishedAt)}` : ''}
        </span>
      </p>
      {run.status === 'running' ? (
        <ProgressBar
          label={`Tahap: ${STAGE_LABELS[run.stage]}`}
          valueText={STAGE_LABELS[run.stage]}
        />
      ) : null}
      {status === 'error' ? (
        <Alert tone="warning">Gagal memperbarui run. Data di bawah mungkin belum terbaru.</Alert>
      ) : null}
      {run.error ? <Alert tone="danger">{run.error}</Alert> : null}
      <StatGrid
        label="Hasil run"
        stats={[
          { key: 'found', label: 'Ditemukan', value: counts.found },
          { key: 'filtered', label: 'Disaring', value: filteredOutTotal(run) },
          { key: 'new', label: 'Baru', value: counts.new },
          { key: 'downloaded', label: 'Diunduh', value: counts.downloaded },
          { key: 'queued', label: 'Dijadwalkan', value: counts.queued },
          { key: 'uploaded', label: 'Terupload', value: counts.uploaded },
          { key: 'failed', label: 'Gagal', value: counts.failed },
          { key: 'cost', label: 'Biaya Apify', value: formatUsd(run.usageTotalUsd) },
        ]}
      />
      {counts.rolledOver > 0 ? (
        <Alert tone="warning">
          {counts.rolledOver} upload dipindah ke hari berikutnya karena slot posting atau kuota
          upload YouTube hari ini sudah penuh.
        </Alert>
      ) : null}
      {run.notes.map((note) => (
        <Alert key={note} tone="info">
          {note}
        </Alert>
      ))}
      {reasons.length > 0 ? (
        <section aria-label="Item yang disaring">
          <h3 className="automation-run__title">Disaring, dan alasannya</h3>
          <ul className="automation-run__reasons">
            {reasons.map((row) => (
              <li key={row.reason}>
                {row.label}: <strong>{row.count}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="automation-run__links">
        {run.scrapeTaskId ? (
          <Link to={paths.scraper}>Lihat tugas scraping di Dashboard</Link>
        ) : null}
        {counts.downloaded > 0 ? <Link to={paths.history}>Lihat unduhan di Riwayat</Link> : null}
        {run.uploads.length > 0 ? (
          <Link to={paths.youtube}>Lihat jadwal di YouTube Upload</Link>
        ) : null}
        {run.posts.length > 0 ? <Link to={paths.publish}>Lihat posting di Publikasikan</Link> : null}
      </p>
      {run.uploads.length > 0 ? (
        <section aria-label="Upload terjadwal">
          <h3 className="automation-run__title">Upload terjadwal</h3>
          <ul className="automation-run__uploads">
            {run.uploads.map((upload) => (
              <li key={upload.uploadId} className="list-entry">
                <div className="list-entry__body">
                  <p className="list-entry__title">{upload.title}</p>
                  <p className="list-entry__meta muted">
                    {upload.publishAt
                      ? `Tayang ${formatDateTime(upload.publishAt)}`
                      : 'Tanpa jadwal tayang'}
                  </p>
                </div>
                <div className="list-entry__side">
                  <Badge tone={uploadStatusTone(upload.status)}>
                    {uploadStatusLabel(upload.status)}
                  </Badge>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RunPosts posts={run.posts} />
    </div>
  );
}
