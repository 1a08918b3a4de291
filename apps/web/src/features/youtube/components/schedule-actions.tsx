import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { TextInput } from '@scrapper/ui/text-input';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorDetail } from '@/lib/api-error.ts';
import { cancelUpload, rescheduleUpload } from '../api.ts';
import { reasonOf } from '../utils/messages.ts';
import { toWibFields } from '../utils/upload-status.ts';

export interface ScheduleActionsProps {
  upload: Upload;
  /** The upload as the server answered after a change. */
  onChanged: (upload: Upload) => void;
}

type Failure = { message: string; detail: string | undefined };

/**
 * 'Ubah jadwal' (a new WIB date and time, as the upload form takes them) and 'Batalkan jadwal'
 * (asks first) for a scheduled upload, waiting here or already on YouTube.
 */
export function ScheduleActions({ upload, onChanged }: ScheduleActionsProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'move' | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [fields, setFields] = useState(() => toWibFields(upload.publishAt));
  const title = upload.title || '(tanpa judul)';
  const idBase = `yt-schedule-${upload.id}`;

  async function run(kind: 'cancel' | 'move', action: () => Promise<Upload>) {
    setBusy(kind);
    setFailure(null);
    try {
      const next = await action();
      setEditing(false);
      setConfirming(false);
      onChanged(next);
    } catch (error) {
      setConfirming(false);
      setFailure({
        message: `${kind === 'cancel' ? 'Gagal membatalkan jadwal' : 'Gagal mengubah jadwal'}: ${reasonOf(error)}`,
        detail: errorDetail(error),
      });
    } finally {
      setBusy(null);
    }
  }

  function submitMove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run('move', () => rescheduleUpload(upload.id, fields));
  }

  return (
    <div className="yt-schedule">
      {editing ? (
        // noValidate: the server's rule and words (at least 5 minutes ahead, in WIB), not the
        // browser's English bubble.
        <form
          className="yt-schedule__form"
          noValidate
          onSubmit={submitMove}
          aria-label={`Ubah jadwal ${title}`}
        >
          <TextInput
            id={`${idBase}-date`}
            type="date"
            label="Tanggal baru (WIB)"
            min={jakartaDate(new Date())}
            required
            value={fields.scheduleDate}
            onChange={(event) => setFields((f) => ({ ...f, scheduleDate: event.target.value }))}
          />
          <TextInput
            id={`${idBase}-time`}
            type="time"
            label="Waktu baru (WIB)"
            required
            value={fields.scheduleTime}
            onChange={(event) => setFields((f) => ({ ...f, scheduleTime: event.target.value }))}
          />
          <div className="yt-schedule__buttons">
            <Button type="submit" size="sm" variant="primary" loading={busy === 'move'}>
              Simpan jadwal
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Batal
            </Button>
          </div>
        </form>
      ) : (
        <div className="yt-schedule__buttons">
          <Button
            size="sm"
            onClick={() => {
              setFields(toWibFields(upload.publishAt));
              setFailure(null);
              setEditing(true);
            }}
            aria-label={`Ubah jadwal: ${title}`}
          >
            Ubah jadwal
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setConfirming(true)}
            aria-label={`Batalkan jadwal: ${title}`}
          >
            Batalkan jadwal
          </Button>
        </div>
      )}
      {failure ? (
        <Alert tone="danger" onDismiss={() => setFailure(null)}>
          <ErrorDetail message={failure.message} detail={failure.detail} />
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Batalkan jadwal?"
        message={
          upload.youtubeVideoId
            ? `"${title}" sudah ada di YouTube. Jadwal tayangnya dihapus dan video tetap Pribadi (tidak tayang).`
            : `"${title}" tidak akan diupload ke YouTube.`
        }
        confirmLabel="Batalkan jadwal"
        cancelLabel="Kembali"
        tone="danger"
        loading={busy === 'cancel'}
        onConfirm={() => void run('cancel', () => cancelUpload(upload.id))}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
