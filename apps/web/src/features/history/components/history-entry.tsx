import type { HistoryItem } from '@scrapper/contracts/http/media';
import { formatBytes } from '@scrapper/contracts/http/files';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Checkbox } from '@scrapper/ui/checkbox';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { Icon } from '@scrapper/ui/icon';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { VisuallyHidden } from '@scrapper/ui/visually-hidden';
import { Link } from 'react-router';
import { platformLabel } from '@scrapper/contracts/rules/platforms';
import { paths } from '@/config/paths.ts';
import { isActive } from '../utils/history-list.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import type { Redownload } from '../hooks/use-redownloads.ts';
import { displayTitle } from '@scrapper/contracts/rules/readable-file-name';

export interface HistoryEntryProps {
  item: HistoryItem;
  showUser: boolean;
  checked: boolean;
  downloading: boolean;
  onToggle: (id: string, checked: boolean) => void;
  onDownload: (item: HistoryItem) => void;
  /** "Unduh Ulang" when the file is gone: fetched again on the server. */
  onRedownload?: (item: HistoryItem) => void;
  /** The entry's re-download while it runs (or why it failed). */
  redownload?: Redownload;
}

function redownloadText(state: Redownload): string {
  if (state.status === 'starting' || state.status === 'queued') return 'Menunggu giliran unduh ulang...';
  if (state.held) return 'Menunggu batas laju platform...';
  if (state.status === 'running') return `Mengunduh ulang ${Math.round(state.progress)}%`;
  return '';
}

const QUALITY_LABELS: Record<HistoryItem['quality'], string> = {
  best: 'Terbaik',
  '1080p': '1080p',
  '720p': '720p',
  'audio-only': 'Audio saja',
};

const STATUS_LABELS: Record<HistoryItem['status'], string> = {
  queued: 'Menunggu',
  running: 'Sedang diunduh',
  completed: 'Selesai',
  failed: 'Gagal',
  cancelled: 'Dibatalkan',
};

function statusTone(status: HistoryItem['status']): 'info' | 'danger' | 'neutral' {
  if (status === 'completed') return 'info';
  if (status === 'failed') return 'danger';
  return 'neutral';
}

/** One download: what, from where, by whom (admins), when, its file, and 'Unduh'. */
export function HistoryEntry({
  item,
  showUser,
  checked,
  downloading,
  onToggle,
  onDownload,
  onRedownload,
  redownload,
}: HistoryEntryProps) {
  const refetching = redownload !== undefined && !redownload.error && redownload.status !== 'failed' && redownload.status !== 'cancelled';
  const title = displayTitle(item);
  const completed = item.status === 'completed';
  const active = isActive(item);
  const missing = completed && !item.fileExists;
  const meta = [
    platformLabel(item.platform),
    item.author,
    formatDateTime(item.createdAt),
    QUALITY_LABELS[item.quality],
    item.sizeBytes !== null ? formatBytes(item.sizeBytes) : '',
  ].filter(Boolean);

  return (
    <div className={checked ? 'list-entry history-entry--selected' : 'list-entry'}>
      <Checkbox
        label={`Pilih ${title}`}
        hideLabel
        checked={checked}
        onChange={(event) => onToggle(item.id, event.target.checked)}
        className="history-entry__check"
      />
      <div className="list-entry__body history-entry__body">
        <p className="list-entry__title" title={title}>
          {title}
        </p>
        <p className="list-entry__meta muted">{meta.join(' · ')}</p>
        {item.filename ? (
          <p className="list-entry__meta muted" title={item.filename}>
            File: {item.filename}
          </p>
        ) : null}
        {active ? (
          <div className="history-entry__progress">
            <ProgressBar
              label={
                <>
                  {`${STATUS_LABELS[item.status]}:`}
                  <VisuallyHidden> {title}</VisuallyHidden>
                </>
              }
              value={item.progress}
              valueText={`${Math.round(item.progress)}%`}
            />
          </div>
        ) : null}
        {showUser ? (
          <p className="list-entry__meta">
            Pengguna: <strong>{item.user.username}</strong>
          </p>
        ) : null}
        {item.error ? (
          <p className="history-entry__error">
            <ErrorDetail message={item.error} detail={item.errorDetail} />
          </p>
        ) : null}
        {redownload && refetching ? (
          <p className="list-entry__meta muted" role="status">
            {redownloadText(redownload)}
          </p>
        ) : null}
        {redownload?.error ? (
          <p className="history-entry__error" role="alert">
            <ErrorDetail message={`Unduh ulang gagal: ${redownload.error}`} detail={redownload.errorDetail} />
          </p>
        ) : null}
      </div>
      <div className="list-entry__side history-entry__side">
        {missing ? (
          <Badge tone="danger">File hilang</Badge>
        ) : (
          <Badge tone={statusTone(item.status)}>{STATUS_LABELS[item.status]}</Badge>
        )}
        {completed && item.fileExists ? (
          <Button
            size="sm"
            onClick={() => onDownload(item)}
            loading={downloading}
            aria-label={`Unduh ${title}`}
          >
            <Icon name="download" size={16} />
            Unduh
          </Button>
        ) : null}
        {completed && item.fileExists && item.quality !== 'audio-only' ? (
          <Link
            className="ui-button ui-button--secondary ui-button--sm"
            to={`${paths.youtube}?file=${encodeURIComponent(item.id)}`}
            aria-label={`Upload ke YouTube: ${title}`}
          >
            Upload ke YouTube
          </Link>
        ) : null}
        {completed && item.fileExists && item.quality !== 'audio-only' ? (
          <Link
            className="ui-button ui-button--secondary ui-button--sm"
            to={`${paths.publish}?file=${encodeURIComponent(item.id)}`}
            aria-label={`Publikasikan: ${title}`}
          >
            Publikasikan
          </Link>
        ) : null}
        {missing && onRedownload ? (
          <Button
            size="sm"
            onClick={() => onRedownload(item)}
            loading={refetching}
            disabled={refetching}
            aria-label={`Unduh Ulang ${title}`}
          >
            <Icon name="download" size={16} />
            Unduh Ulang
          </Button>
        ) : null}
      </div>
    </div>
  );
}
