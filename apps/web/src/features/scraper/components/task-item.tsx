import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { formatUsd } from '@/lib/format-usd.ts';
import { TASK_STATE_LABELS, canCancel, canDelete, isFinalState } from '../utils/dashboard-task.ts';
import type { DashboardTask } from '../utils/dashboard-task.ts';

export interface TaskItemProps {
  task: DashboardTask;
  showOwner: boolean;
  selected: boolean;
  busy: boolean;
  onShowLogs: () => void;
  onCancel: () => void;
  onDelete: () => void;
}

/**
 * One task: platform and target, state, progress, items found, what its Apify run cost (so
 * far, while it runs), result link, actions.
 */
export function TaskItem({
  task,
  showOwner,
  selected,
  busy,
  onShowLogs,
  onCancel,
  onDelete,
}: TaskItemProps) {
  const name = task.target || task.platformName;
  const { percentage, itemsFound } = task.progress;
  return (
    <li className={selected ? 'task-item task-item--selected' : 'task-item'}>
      <div className="task-item__head">
        <div className="task-item__what">
          <span className="task-item__platform">{task.platformName}</span>
          <span className="task-item__target">{task.target || '(tanpa target)'}</span>
          {showOwner && task.owner ? <span className="muted">oleh {task.owner}</span> : null}
        </div>
        <Badge tone={task.state === 'completed' ? 'info' : 'neutral'}>
          {TASK_STATE_LABELS[task.state]}
        </Badge>
      </div>
      <ProgressBar
        label={`Item ditemukan: ${itemsFound}`}
        value={percentage}
        valueText={`${percentage}%, ${itemsFound} item ditemukan`}
      />
      <p className="task-item__result task-item__cost">
        {isFinalState(task.state) ? 'Biaya Apify' : 'Biaya Apify sejauh ini'}:{' '}
        <strong>{formatUsd(task.usageTotalUsd)}</strong>
      </p>
      {task.state === 'completed' && task.result ? (
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
        <p className="task-item__error">{task.error}</p>
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
        {canCancel(task.state) ? (
          <Button size="sm" loading={busy} aria-label={`Batalkan ${name}`} onClick={onCancel}>
            Batalkan
          </Button>
        ) : null}
        {canDelete(task.state) ? (
          <Button size="sm" variant="danger" aria-label={`Hapus ${name}`} onClick={onDelete}>
            Hapus
          </Button>
        ) : null}
      </div>
    </li>
  );
}
