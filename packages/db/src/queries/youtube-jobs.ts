// What the youtube.upload job reads and writes. The API's side lives in youtube.ts.
import { and, eq, sql } from 'drizzle-orm';
import { quotaDay, UPLOAD_BUCKET_COST } from '@scrapper/contracts/rules/youtube-quota';
import type { Db } from '../client.ts';
import {
  oauthClientSecrets,
  youtubeAccounts,
  youtubeQuotaUsage,
  youtubeUploads,
  type OAuthClientSecretRow,
  type YouTubeAccountRow,
  type YouTubeUploadRow,
} from '../schema/youtube.ts';

export interface UploadJobRows {
  upload: YouTubeUploadRow;
  account: YouTubeAccountRow;
  client: OAuthClientSecretRow | null;
}

/** The upload with its account and OAuth client, or undefined when the record is gone. */
export async function loadUploadForJob(db: Db, uploadId: string): Promise<UploadJobRows | undefined> {
  const [row] = await db
    .select({ upload: youtubeUploads, account: youtubeAccounts, client: oauthClientSecrets })
    .from(youtubeUploads)
    .innerJoin(youtubeAccounts, eq(youtubeAccounts.id, youtubeUploads.accountId))
    .leftJoin(oauthClientSecrets, eq(oauthClientSecrets.id, youtubeAccounts.clientSecretId))
    .where(eq(youtubeUploads.id, uploadId));
  return row;
}

export interface UploadProgressPatch {
  status?: YouTubeUploadRow['status'];
  progress?: number;
  stage?: string | null;
  errorMessage?: string | null;
  notBefore?: Date | null;
}

/** Writes progress unless the upload already reached a final state. */
export async function updateUploadProgress(db: Db, uploadId: string, patch: UploadProgressPatch): Promise<void> {
  await db
    .update(youtubeUploads)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} not in ('uploaded', 'failed', 'cancelled')`));
}

/** Counts the attempt and marks the upload processing; undefined when it is final already. */
export async function startUploadAttempt(db: Db, uploadId: string): Promise<YouTubeUploadRow | undefined> {
  const [row] = await db
    .update(youtubeUploads)
    .set({ status: 'processing', attempts: sql`${youtubeUploads.attempts} + 1`, notBefore: null, updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} not in ('uploaded', 'failed', 'cancelled')`))
    .returning();
  return row;
}

/**
 * Recorded the moment YouTube answers, with the privacy YouTube gave it (unaudited API projects
 * get private whatever was asked). The upload session is done with: its columns are cleared.
 */
export async function recordYouTubeVideoId(
  db: Db,
  uploadId: string,
  youtubeVideoId: string,
  youtubePrivacyStatus: YouTubeUploadRow['youtubePrivacyStatus'],
): Promise<void> {
  await db
    .update(youtubeUploads)
    .set({
      youtubeVideoId,
      youtubePrivacyStatus,
      uploadSessionUrl: null,
      uploadSessionStartedAt: null,
      uploadSessionBytes: null,
      updatedAt: new Date(),
    })
    .where(eq(youtubeUploads.id, uploadId));
}

/**
 * The resumable session YouTube opened for this upload, stored before any byte is sent: a retry
 * asks it what YouTube has (the finished video, or where to resume) instead of inserting again.
 */
export async function saveUploadSession(db: Db, uploadId: string, sessionUrl: string, bytes: number): Promise<void> {
  await db
    .update(youtubeUploads)
    .set({ uploadSessionUrl: sessionUrl, uploadSessionStartedAt: new Date(), uploadSessionBytes: bytes, updatedAt: new Date() })
    .where(eq(youtubeUploads.id, uploadId));
}

/** The session expired or cannot be resumed with the same bytes: the next attempt opens a new one. */
export async function clearUploadSession(db: Db, uploadId: string): Promise<void> {
  await db
    .update(youtubeUploads)
    .set({ uploadSessionUrl: null, uploadSessionStartedAt: null, uploadSessionBytes: null, updatedAt: new Date() })
    .where(eq(youtubeUploads.id, uploadId));
}

/** Where the rendered video (effect or remix applied) is kept while its session is open; null once removed. */
export async function setRenderedStorageKey(db: Db, uploadId: string, key: string | null): Promise<void> {
  await db.update(youtubeUploads).set({ renderedStorageKey: key, updatedAt: new Date() }).where(eq(youtubeUploads.id, uploadId));
}

export async function markThumbnailSet(db: Db, uploadId: string): Promise<void> {
  await db.update(youtubeUploads).set({ thumbnailSet: true, updatedAt: new Date() }).where(eq(youtubeUploads.id, uploadId));
}

export async function markPlaylistAdded(db: Db, uploadId: string): Promise<void> {
  await db.update(youtubeUploads).set({ playlistAdded: true, updatedAt: new Date() }).where(eq(youtubeUploads.id, uploadId));
}

/** Final success; `warning` keeps a non-fatal problem (a thumbnail or playlist refused). */
export async function completeUpload(db: Db, uploadId: string, warning: string | null): Promise<boolean> {
  const rows = await db
    .update(youtubeUploads)
    .set({ status: 'uploaded', progress: 100, stage: null, errorMessage: warning, uploadedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} not in ('failed', 'cancelled')`))
    .returning({ id: youtubeUploads.id });
  return rows.length > 0;
}

/**
 * Final failure: `errorMessage` is the member's sentence, `errorDetail` the service's own words
 * (Google's, yt-dlp's), shown under "Detail".
 */
export async function failUpload(db: Db, uploadId: string, errorMessage: string, errorDetail: string | null = null): Promise<boolean> {
  const rows = await db
    .update(youtubeUploads)
    .set({ status: 'failed', stage: null, errorMessage, errorDetail, updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} not in ('uploaded', 'cancelled')`))
    .returning({ id: youtubeUploads.id });
  return rows.length > 0;
}

/** Stores refreshed tokens (sealed by the caller). */
export async function saveAccountTokens(
  db: Db,
  accountId: string,
  sealedTokens: string,
  tokenExpiresAt: Date | null,
): Promise<void> {
  await db
    .update(youtubeAccounts)
    .set({ sealedTokens, tokenExpiresAt, isValid: true, lastValidated: new Date(), updatedAt: new Date() })
    .where(eq(youtubeAccounts.id, accountId));
}

/** Google refused the grant: the account shows "Perlu Refresh" until the member reconnects. */
export async function markAccountNeedsReauth(db: Db, accountId: string): Promise<void> {
  await db
    .update(youtubeAccounts)
    .set({ isValid: false, lastValidated: new Date(), updatedAt: new Date() })
    .where(eq(youtubeAccounts.id, accountId));
}

/**
 * Takes one videos.insert from the client's upload bucket for today. False (nothing taken)
 * when the bucket is empty: the caller waits for the next quota day instead of failing.
 */
export async function reserveUpload(db: Db, clientSecretId: string, dailyUploads: number, at = new Date()): Promise<boolean> {
  const day = quotaDay(at);
  const rows = await db.execute<{ uploads: number }>(sql`
    insert into ${youtubeQuotaUsage} (client_secret_id, quota_day, units_used, uploads)
    select ${clientSecretId}::uuid, ${day}::date, 0, ${UPLOAD_BUCKET_COST}::int where ${UPLOAD_BUCKET_COST}::int <= ${dailyUploads}::int
    on conflict (client_secret_id, quota_day) do update
      set uploads = ${youtubeQuotaUsage}.uploads + excluded.uploads
      where ${youtubeQuotaUsage}.uploads + excluded.uploads <= ${dailyUploads}::int
    returning uploads`);
  return rows.length > 0;
}

/**
 * Takes `units` from the client's units bucket for today (thumbnails.set, playlistItems.insert).
 * False (nothing taken) when they do not fit: the caller skips the optional call.
 */
export async function reserveUnits(db: Db, clientSecretId: string, units: number, dailyUnits: number, at = new Date()): Promise<boolean> {
  const day = quotaDay(at);
  const rows = await db.execute<{ units_used: number }>(sql`
    insert into ${youtubeQuotaUsage} (client_secret_id, quota_day, units_used, uploads)
    select ${clientSecretId}::uuid, ${day}::date, ${units}::int, 0 where ${units}::int <= ${dailyUnits}::int
    on conflict (client_secret_id, quota_day) do update
      set units_used = ${youtubeQuotaUsage}.units_used + excluded.units_used
      where ${youtubeQuotaUsage}.units_used + excluded.units_used <= ${dailyUnits}::int
    returning units_used`);
  return rows.length > 0;
}

/** Google said a bucket is empty although our count disagrees: believe Google for today. */
export async function exhaustQuotaToday(
  db: Db,
  clientSecretId: string,
  bucket: 'uploads' | 'units',
  limit: number,
  at = new Date(),
): Promise<void> {
  const set =
    bucket === 'uploads'
      ? { uploads: sql`greatest(${youtubeQuotaUsage.uploads}, ${limit}::int)` }
      : { unitsUsed: sql`greatest(${youtubeQuotaUsage.unitsUsed}, ${limit}::int)` };
  await db
    .insert(youtubeQuotaUsage)
    .values({ clientSecretId, quotaDay: quotaDay(at), unitsUsed: bucket === 'units' ? limit : 0, uploads: bucket === 'uploads' ? limit : 0 })
    .onConflictDoUpdate({ target: [youtubeQuotaUsage.clientSecretId, youtubeQuotaUsage.quotaDay], set });
}
