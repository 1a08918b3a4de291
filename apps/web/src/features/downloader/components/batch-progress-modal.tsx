import { Button } from '@scrapper/ui/button';
import { Modal } from '@scrapper/ui/modal';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import type { BatchProgress } from '../hooks/use-batch-download.ts';
import { progressText } from '../utils/batch-result.ts';

export interface BatchProgressModalProps {
  progress: BatchProgress;
  onCancel: () => void;
}

/**
 * The progress overlay of a batch download: 'Selesai mengunduh N dari M item' while the
 * server downloads, then the browser saving the files; 'Batalkan' stops it. Escape and the
 * backdrop do not close it: the work goes on until it ends or is cancelled.
 */
export function BatchProgressModal({ progress, onCancel }: BatchProgressModalProps) {
  if (progress.phase === 'idle') return null;
  const saving = progress.phase === 'saving';
  const done = saving ? progress.saved : progress.done;
  const label = saving
    ? `Menyimpan file ke perangkat: ${progress.saved} dari ${progress.total}`
    : progressText(progress.done, progress.total);
  return (
    <Modal
      open
      title={saving ? 'Menyimpan File' : 'Mengunduh Video'}
      onClose={onCancel}
      dismissible={false}
      showCloseButton={false}
      footer={
        <Button variant="danger" onClick={onCancel} loading={progress.cancelling}>
          {progress.cancelling ? 'Membatalkan...' : 'Batalkan'}
        </Button>
      }
    >
      <div aria-live="polite">
        <ProgressBar
          label={label}
          value={done}
          max={Math.max(progress.total, 1)}
          valueText={label}
        />
      </div>
      <p className="muted batch-progress__note">
        {saving
          ? 'File yang sudah selesai disimpan satu per satu oleh browser.'
          : 'Server sedang mengunduh video. Halaman ini boleh tetap terbuka.'}
      </p>
    </Modal>
  );
}
