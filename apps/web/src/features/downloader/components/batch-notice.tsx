import { Alert } from '@scrapper/ui/alert';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import type { BatchNotice as BatchNoticeData } from '../utils/batch-result.ts';

export interface BatchNoticeProps {
  notice: BatchNoticeData;
  onDismiss: () => void;
}

/** The result of the last batch (or why nothing started), with each failure's reason. */
export function BatchNotice({ notice, onDismiss }: BatchNoticeProps) {
  return (
    <Alert tone={notice.tone} onDismiss={onDismiss} dismissLabel="Tutup pesan unduhan">
      <p className="batch-notice__message">{notice.message}</p>
      {notice.failures.length > 0 ? (
        <ul className="batch-notice__failures" aria-label="Item yang gagal">
          {notice.failures.map((failure, index) => (
            <li key={`${failure.title}:${index}`}>
              <strong>{failure.title}</strong>:{' '}
              <ErrorDetail message={failure.reason} detail={failure.detail} />
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
