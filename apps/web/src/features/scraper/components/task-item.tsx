import { describeCounts } from '@scrapper/contracts/rules/scrape-counts';
import { Badge, type BadgeTone } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { formatUsd } from '@/lib/format-usd.ts';
import { TASK_STATE_LABELS, canCancel, canDelete, canRetry, isFinalState } from '../utils/dashboard-task.ts';
import type { DashboardTask } from '../utils/dashboard-task.ts';

export interface TaskItemProps {
  task: DashboardTask;
  showOwner: boolean;
  selected: boolean;
  busy: boolean;
  onShowLogs: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onDelete: () => void;
}

function badgeOf(task: DashboardTask): { label: string; tone: BadgeTone } {
  if (task.state === 'completed' && task.warning) return { label: 'Selesai dengan peringatan', tone: 'warning' };
  if (task.state === 'completed') return { label: TASK_STATE_LABELS.completed, tone: 'info' };
  if (task.state === 'failed') return { label: TASK_STATE_LABELS.failed, tone: 'danger' };
  return { label: TASK_STATE_LABELS[task.state], tone: 'neutral' };
}

/**
 * One task: platform and target, state, progress, what it kept (and why not the rest), what
 * its Apify run cost (so far, while it runs), why it failed, result link, actions. Cancelling
 * asks first: the run is stopped and what it spent is not returned.
 */
export function TaskItem({
  task,
  showOwner,
  selected,
  busy,
  onShowLogs,
  onCancel,
  onRetry,
  onDelete,
}: TaskItemProps) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const name = task.target || task.platformName;
  const { percentage, itemsFound } = task.progress;
  const badge = badgeOf(task);
  return (
    <li className={selected ? 'task-item task-item--selected' : 'task-item'}>
      <div className="task-item__head">
        <div className="task-item__what">
          <span className="task-item__platform">{task.platformName}</span>
          <span className="task-item__target">{task.target || '(tanpa target)'}</span>
          {showOwner && task.owner ? <span className="muted">oleh {task.owner}</span> : null}
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <ProgressBar
        label={`Item ditemukan: ${itemsFound}`}
        value={percentage}
        valueText={`${percentage}%, ${itemsFound} item ditemukan`}
      />
      {task.counts ? (
        <p className="task-item__result task-item__counts">Hasil: {describeCounts(task.counts)}</p>
      ) : null}
      <p className="task-item__result task-item__cost">
        {isFinalState(task.state) ? 'Biaya Apify' : 'Biaya Apify sejauh ini'}:{' '}
        <strong>{formatUsd(task.usageTotalUsd)}</strong>
      </p>
      {task.state === 'completed' && task.warning ? (
        <p className="task-item__warning">{task.warning}</p>
      ) : null}
      {task.state === 'completed' && task.result && task.result.itemCount > 0 ? (
        <p className="task-item__result">
          <strong>{task.result.itemCount} item</strong> tersimpan.{' '}
          <Link
            to={{
              pathname: paths.downloader,
              search: `?file=${encodeURIComponent(task.result.fileName)}`,
            }}
            aria-label={`Buka di Downloader: hasil ${name}`}
          >
            Buka di Downloader
          </Link>
        </p>
      ) : null}
      {task.state === 'failed' && task.error ? (
        <div className="task-item__error">
          <ErrorDetail message={task.error} detail={task.errorDetail} />
        </div>
      ) : null}
      <div className="row-actions task-item__actions">
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={selected}
          aria-label={`Lihat log ${name}`}
          onClick={onShowLogs}
        >
          Lihat Log
        </Button>
        {canRetry(task.state) ? (
          <Button size="sm" variant="primary" loading={busy} aria-label={`Coba lagi ${name}`} onClick={onRetry}>
            Coba Lagi
          </Button>
        ) : null}
        {canCancel(task.state) ? (
          <Button
            size="sm"
            loading={busy}
            aria-label={`Batalkan ${name}`}
            onClick={() => setConfirmingCancel(true)}
          >
            Batalkan
          </Button>
        ) : null}
        {canDelete(task.state) ? (
          <Button size="sm" variant="danger" aria-label={`Hapus ${name}`} onClick={onDelete}>
            Hapus
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        title="Batalkan tugas scraping?"
        message={`Scraping ${task.platformName} "${name}" akan dihentikan dan run Apify-nya dibatalkan. Biaya yang sudah terpakai tidak kembali.`}
        confirmLabel="Ya, batalkan"
        cancelLabel="Kembali"
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={() => {
          setConfirmingCancel(false);
          onCancel();
        }}
      />
    </li>
  );
}
