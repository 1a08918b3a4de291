// PATCH /youtube/videos/:id: a scheduled upload moves to another time (WIB, as the form takes
// it). Still waiting: the worker sends the new time. Already on YouTube: videos.update first.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { CANCEL_NOT_SCHEDULED_MESSAGE, type RescheduleUploadBody, type Upload } from '@scrapper/contracts/http/youtube-uploads';
import { updateUploadPublishAt } from '@scrapper/db/queries/youtube';
import { conflict } from '../../lib/errors.ts';
import { UPLOAD_IN_PROGRESS_MESSAGE, scheduleState } from './cancel-upload.ts';
import { schedulePublishAt } from './create-upload.ts';
import { findOwnUpload } from './find-own-upload.ts';
import { setScheduleOnYouTube, type ScheduleDeps } from './schedule-on-youtube.ts';
import { toUploadDto } from './to-upload-dto.ts';
import { ownerNameFor } from '../../lib/owner-scope.ts';

export const RESCHEDULE_NOT_SCHEDULED_MESSAGE = CANCEL_NOT_SCHEDULED_MESSAGE.replace('dibatalkan', 'diubah');

export async function rescheduleUpload(deps: ScheduleDeps, user: SessionUser, id: string, body: RescheduleUploadBody): Promise<Upload> {
  const row = await findOwnUpload(deps.database, user, id);
  const state = scheduleState(row);
  if (state === 'busy') throw conflict(UPLOAD_IN_PROGRESS_MESSAGE);
  if (state === 'none') throw conflict(RESCHEDULE_NOT_SCHEDULED_MESSAGE);
  // The form's rules: at least 5 minutes ahead (the past is a 400), at most half a year.
  const publishAt = schedulePublishAt(body);
  if (state === 'on-youtube') await setScheduleOnYouTube(deps, row, publishAt);
  const moved = await updateUploadPublishAt(deps.database.db, row.id, publishAt, state === 'queued' ? 'scheduled' : 'uploaded');
  if (!moved) throw conflict(UPLOAD_IN_PROGRESS_MESSAGE);
  return toUploadDto({ ...row, ...moved }, row.accountName, ownerNameFor(user, row.userId, row.ownerUsername));
}
