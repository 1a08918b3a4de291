// POST /youtube/videos/:id/cancel: a scheduled upload is called off. Still waiting: it is
// never sent. Already on YouTube with a publish time ahead: it stays private without one
// (videos.update). Anything else (published, not scheduled, finished) is a 409, unchanged.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { CANCEL_NOT_SCHEDULED_MESSAGE, type Upload } from '@scrapper/contracts/http/youtube-uploads';
import { cancelQueuedUpload, markUploadedScheduleCancelled } from '@scrapper/db/queries/youtube';
import { conflict } from '../../lib/errors.ts';
import { findOwnUpload } from './find-own-upload.ts';
import { setScheduleOnYouTube, type ScheduleDeps } from './schedule-on-youtube.ts';
import { toUploadDto } from './to-upload-dto.ts';
import { ownerNameFor } from '../../lib/owner-scope.ts';

export const UPLOAD_IN_PROGRESS_MESSAGE =
  'Video ini sedang diupload ke YouTube. Tunggu sampai selesai, lalu ubah atau batalkan jadwalnya.';

/** The upload's place for schedule changes: waiting here, scheduled on YouTube, busy, or neither. */
export function scheduleState(row: { publishType: string; status: string; youtubeVideoId: string | null; publishAt: Date | null }, now = new Date()) {
  if (row.publishType !== 'schedule') return 'none' as const;
  if (row.status === 'scheduled' && !row.youtubeVideoId) return 'queued' as const;
  if (row.status === 'processing') return 'busy' as const;
  if (row.status === 'uploaded' && row.youtubeVideoId && row.publishAt && row.publishAt.getTime() > now.getTime()) return 'on-youtube' as const;
  return 'none' as const;
}

export async function cancelUpload(deps: ScheduleDeps, user: SessionUser, id: string): Promise<Upload> {
  const row = await findOwnUpload(deps.database, user, id);
  const names = (r: typeof row) => toUploadDto(r, row.accountName, ownerNameFor(user, row.userId, row.ownerUsername));
  const state = scheduleState(row);
  if (state === 'busy') throw conflict(UPLOAD_IN_PROGRESS_MESSAGE);
  if (state === 'none') throw conflict(CANCEL_NOT_SCHEDULED_MESSAGE);
  if (state === 'queued') {
    const cancelled = await cancelQueuedUpload(deps.database.db, row.id);
    // The worker took it between the read and the write.
    if (!cancelled) throw conflict(UPLOAD_IN_PROGRESS_MESSAGE);
    return names({ ...row, ...cancelled });
  }
  await setScheduleOnYouTube(deps, row, null);
  const cancelled = await markUploadedScheduleCancelled(deps.database.db, row.id);
  if (!cancelled) throw conflict(CANCEL_NOT_SCHEDULED_MESSAGE);
  return names({ ...row, ...cancelled });
}
