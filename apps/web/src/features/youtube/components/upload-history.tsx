import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ListState } from '@/components/list-state.tsx';
import type { HistoryStatus } from '../hooks/use-upload-history.ts';
import { TEXT } from '../utils/messages.ts';
import { UploadHistoryItem } from './upload-history-item.tsx';

export interface UploadHistoryProps {
  uploads: Upload[];
  status: HistoryStatus;
  /** Something is scheduled or processing: the list refreshes itself. */
  pending: boolean;
  onReload: () => void;
  /** An upload changed by the member (schedule moved or cancelled). */
  onChanged: (upload: Upload) => void;
}

/** 'Video Terjadwal & Riwayat': the member's uploads, newest first. */
export function UploadHistory({
  uploads,
  status,
  pending,
  onReload,
  onChanged,
}: UploadHistoryProps) {
  return (
    <Card
      title="Video Terjadwal & Riwayat"
      actions={
        <Button size="sm" onClick={onReload} loading={status === 'loading'}>
          Muat Ulang
        </Button>
      }
    >
      {pending ? (
        <p className="muted yt-history__note">
          Diperbarui otomatis setiap 5 detik selama ada video yang diproses.
        </p>
      ) : null}
      <ListState
        list={{ status, data: uploads, reload: onReload }}
        loadingLabel="Memuat riwayat upload..."
        failed={TEXT.historyFailed}
        empty="Belum ada video yang diupload atau dijadwalkan."
      >
        <ul className="yt-history" aria-label="Daftar upload YouTube">
          {uploads.map((upload) => (
            <UploadHistoryItem key={upload.id} upload={upload} onChanged={onChanged} />
          ))}
        </ul>
      </ListState>
    </Card>
  );
}
