// What YouTube made of the privacy we asked for. Uploads from API projects created after
// 2020-07-28 that have not passed Google's audit are locked to private: the videos.insert
// answer says `private` although public or unlisted was asked. A scheduled upload is sent
// private (with status.publishAt) by design, so its private answer says nothing.

export type RequestedPrivacy = 'public' | 'private' | 'unlisted';

/**
 * A schedule is kept only when its time is still this far ahead when the video is sent; a
 * schedule that passed while the upload waited (quota, an outage) is published at once.
 */
export const SCHEDULE_KEEP_MS = 60_000;

/** Whether a scheduled time still goes to YouTube as status.publishAt when sent at `sentAt`. */
export function keepsSchedule(publishAt: Date | null, sentAt: Date): boolean {
  return publishAt !== null && publishAt.getTime() > sentAt.getTime() + SCHEDULE_KEEP_MS;
}

/** YouTube answered private although public or unlisted was asked, without a schedule. */
export function isLockedPrivate(upload: {
  requested: RequestedPrivacy;
  sentScheduled: boolean;
  answered: string | null;
}): boolean {
  return !upload.sentScheduled && upload.requested !== 'private' && upload.answered === 'private';
}

/**
 * For a stored upload, whether its schedule went to YouTube: a scheduled upload sent while its
 * time was still ahead. `sentAt` is when it was uploaded (its uploadedAt, or its last update
 * while it is still finishing); it is off by the seconds the thumbnail and playlist took.
 */
export function wasSentScheduled(upload: {
  publishType: 'now' | 'schedule';
  publishAt: Date | null;
  sentAt: Date;
}): boolean {
  return upload.publishType === 'schedule' && keepsSchedule(upload.publishAt, upload.sentAt);
}
