import { PRIVACY_LOCKED_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { Badge } from '@scrapper/ui/badge';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { VisuallyHidden } from '@scrapper/ui/visually-hidden';
import { UPLOAD_STATUS_LABELS, uploadStatusTone } from '@/lib/youtube-choices.ts';
import {
  PRIVACY_LABELS,
  PUBLISH_TYPE_LABELS,
  canChangeSchedule,
  formatWib,
  youtubeWatchUrl,
} from '../utils/upload-status.ts';
import { ScheduleActions } from './schedule-actions.tsx';

/**
 * One upload: title, status, account, publish type and time, YouTube link, the privacy YouTube
 * gave it (explained when an unaudited project locked it to private), the synthetic content
 * declaration, its error or warning (the service's own words under "Detail"), and the schedule's
 * 'Ubah jadwal' and 'Batalkan jadwal' while it can still change.
 */
export function UploadHistoryItem({
  upload,
  onChanged,
}: {
  upload: Upload;
  onChanged: (upload: Upload) => void;
}) {
  const title = upload.title || '(tanpa judul)';
  const publishAt = formatWib(upload.publishAt);
  const cancelledAt = formatWib(upload.cancelledAt);
  return (
    <li className="yt-history-item">
      <div className="yt-history-item__head">
        <p className="yt-history-item__title">{title}</p>
        <Badge tone={uploadStatusTone(upload.status)}>{UPLOAD_STATUS_LABELS[upload.status]}</Badge>
      </div>
      <dl className="yt-history-item__meta">
        <div>
          <dt>Akun</dt>
          <dd>{upload.account.accountName}</dd>
        </div>
        <div>
          <dt>Publikasi</dt>
          <dd>{PUBLISH_TYPE_LABELS[upload.publishType]}</dd>
        </div>
        {upload.sourceKind === 'server' && upload.videoFileName ? (
          <div>
            <dt>File di server</dt>
            <dd>{upload.videoFileName}</dd>
          </div>
        ) : null}
        {cancelledAt ? (
          <div>
            <dt>Jadwal dibatalkan</dt>
            <dd>
              <time dateTime={upload.cancelledAt ?? undefined}>{cancelledAt}</time>
            </dd>
          </div>
        ) : null}
        {publishAt && upload.status !== 'cancelled' ? (
          <div>
            <dt>Waktu tayang</dt>
            <dd>
              <time dateTime={upload.publishAt ?? undefined}>{publishAt}</time>
            </dd>
          </div>
        ) : null}
        {upload.youtubePrivacyStatus ? (
          <div>
            <dt>Privasi di YouTube</dt>
            <dd>
              {PRIVACY_LABELS[upload.youtubePrivacyStatus]}
              {upload.privacyLocked ? ' (dikunci YouTube)' : ''}
            </dd>
          </div>
        ) : null}
        {upload.containsSyntheticMedia ? (
          <div>
            <dt>Konten sintetis/diubah</dt>
            <dd>Ya</dd>
          </div>
        ) : null}
        {upload.youtubeVideoId ? (
          <div>
            <dt>Video YouTube</dt>
            <dd>
              <a
                href={youtubeWatchUrl(upload.youtubeVideoId)}
                target="_blank"
                rel="noreferrer noopener"
              >
                {upload.youtubeVideoId}
                <VisuallyHidden> (buka di YouTube, tab baru)</VisuallyHidden>
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {upload.status === 'processing' ? (
        <ProgressBar
          label={upload.stage ? `Diproses: ${upload.stage}` : 'Sedang diproses'}
          value={upload.progress}
        />
      ) : null}
      {upload.privacyLocked ? (
        <p className="yt-history-item__notice">
          <strong>Diupload sebagai Pribadi, bukan {PRIVACY_LABELS[upload.privacyStatus]}.</strong>{' '}
          {PRIVACY_LOCKED_MESSAGE}
        </p>
      ) : null}
      {upload.errorMessage ? (
        <div className="yt-history-item__error">
          <ErrorDetail message={upload.errorMessage} detail={upload.errorDetail} />
        </div>
      ) : null}
      {canChangeSchedule(upload, new Date()) ? (
        <ScheduleActions upload={upload} onChanged={onChanged} />
      ) : null}
    </li>
  );
}
