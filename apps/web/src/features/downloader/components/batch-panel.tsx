import type { Batch } from '@scrapper/contracts/http/media';
import { Button } from '@scrapper/ui/button';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { Icon } from '@scrapper/ui/icon';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { useEffect, useRef } from 'react';
import { platformLabel } from '@scrapper/contracts/rules/platforms';
import { progressText } from '../utils/batch-result.ts';

export interface BatchPanelProps {
  batch: Batch | null;
  running: boolean;
  cancelling: boolean;
  zipping: boolean;
  onCancel: () => void;
  onClose: () => void;
  onZip: () => void;
}

const STATUS: Record<Batch['items'][number]['status'], string> = {
  queued: 'Menunggu',
  running: 'Mengunduh',
  completed: 'Selesai',
  failed: 'Gagal',
  cancelled: 'Dibatalkan',
};

function rowStatus(item: Batch['items'][number]): string {
  if (item.held) return 'Menunggu batas laju';
  if (item.status === 'running') return `Mengunduh ${Math.round(item.progress)}%`;
  return STATUS[item.status];
}

function overallText(progress: number, done: number, total: number): string {
  return `${Math.round(progress)}%, ${progressText(done, total)}`;
}

function holdText(limit: Batch['rateLimited'][number]): string {
  return `Batas laju ${platformLabel(limit.platform)} (${limit.requestsPerMinute} unduhan per menit) sedang menahan batch ini; lanjut dalam sekitar ${limit.resumesInSeconds} detik.`;
}

/**
 * The running (or last) batch beside the page, never over it: the table stays usable. The top
 * bar shows the whole batch's progress (Batch.progress), each running row its own percentage;
 * a platform's rate limit says how long it holds the batch.
 */
export function BatchPanel({
  batch,
  running,
  cancelling,
  zipping,
  onCancel,
  onClose,
  onZip,
}: BatchPanelProps) {
  const panel = useRef<HTMLElement>(null);
  // A batch that starts while the member is down at the table: the panel comes into view (it
  // opened above the fold, unseen).
  useEffect(() => {
    if (running) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [running]);
  if (!batch && !running) return null;
  const done = batch ? batch.completed + batch.failed : 0;
  const total = batch?.total ?? 0;
  return (
    <section ref={panel} className="batch-panel card" aria-labelledby="batch-panel-title">
      <header className="batch-panel__head">
        <h2 id="batch-panel-title" className="batch-panel__title">
          {running ? 'Unduhan Berjalan' : 'Unduhan Selesai'}
        </h2>
        <div className="batch-panel__actions">
          {running ? (
            <Button variant="danger" size="sm" onClick={onCancel} loading={cancelling}>
              {cancelling ? 'Membatalkan...' : 'Batalkan'}
            </Button>
          ) : null}
          {!running && batch?.zipReady ? (
            <Button size="sm" onClick={onZip} loading={zipping}>
              <Icon name="download" size={16} />
              {batch.completed === 1 ? 'Simpan file' : `Unduh ZIP (${batch.completed} file)`}
            </Button>
          ) : null}
          {!running ? (
            <Button size="sm" variant="secondary" onClick={onClose}>
              Tutup
            </Button>
          ) : null}
        </div>
      </header>
      {/* The whole batch: finished items count fully, running ones by yt-dlp's percentage. */}
      <ProgressBar
        label={progressText(done, total)}
        value={batch ? batch.progress : undefined}
        max={100}
        valueText={batch ? overallText(batch.progress, done, total) : undefined}
      />
      <div aria-live="polite">
        {batch?.rateLimited.map((limit) => (
          <p key={limit.platform} className="batch-panel__hold" role="status">
            {holdText(limit)}
          </p>
        ))}
      </div>
      {batch ? (
        <ol className="batch-panel__rows" aria-label="Item dalam batch">
          {batch.items.map((item) => (
            <li
              key={item.downloadId}
              className={`batch-panel__row batch-panel__row--${item.status}`}
            >
              <span className="batch-panel__name" title={item.title}>
                {item.title}
              </span>
              <span className="batch-panel__status">{rowStatus(item)}</span>
              {item.status === 'running' && !item.held ? (
                <ProgressBar
                  label={`Progres ${item.title}`}
                  value={item.progress}
                  max={100}
                  valueText={`${Math.round(item.progress)}%`}
                />
              ) : null}
              {item.status === 'failed' && item.error ? (
                <span className="batch-panel__error">
                  <ErrorDetail message={item.error} detail={item.errorDetail} />
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
