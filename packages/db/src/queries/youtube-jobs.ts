// What the youtube.upload job reads and writes. The API's side lives in youtube.ts.
import { and, eq, sql } from 'drizzle-orm';
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
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} not in ('uploaded', 'failed')`));
}

/** Counts the attempt and marks the upload processing; undefined when it is final already. */
export async function startUploadAttempt(db: Db, uploadId: string): Promise<YouTubeUploadRow | undefined> {
  const [row] = await db
    .update(youtubeUploads)
    .set({ status: 'processing', attempts: sql`${youtubeUploads.attempts} + 1`, notBefore: null, updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} not in ('uploaded', 'failed')`))
    .returning();
  return row;
}

/** Recorded the moment YouTube answers, so a retry never inserts the video twice. */
export async function recordYouTubeVideoId(db: Db, uploadId: string, youtubeVideoId: string): Promise<void> {
  await db.update(youtubeUploads).set({ youtubeVideoId, updatedAt: new Date() }).where(eq(youtubeUploads.id, uploadId));
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
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} <> 'failed'`))
    .returning({ id: youtubeUploads.id });
  return rows.length > 0;
}

export async function failUpload(db: Db, uploadId: string, errorMessage: string): Promise<boolean> {
  const rows = await db
    .update(youtubeUploads)
    .set({ status: 'failed', stage: null, errorMessage, updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, uploadId), sql`${youtubeUploads.status} <> 'uploaded'`))
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

/** Google's quota day: the date in America/Los_Angeles (quota resets at Pacific midnight). */
export function quotaDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The first instant of the next quota day (Pacific midnight, daylight saving included). */
export function nextQuotaDayStart(at: Date = new Date()): Date {
  const today = quotaDay(at);
  // Step forward an hour at a time from now: the first hour whose Pacific date differs is
  // the day change (at most 25 steps, exact to the hour, which is how Pacific offsets move).
  let probe = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  for (let i = 0; i < 26 && quotaDay(probe) === today; i++) probe = new Date(probe.getTime() + 3_600_000);
  return probe;
}

/**
 * Reserves `units` of the client's quota for today. False (nothing reserved) when it would
 * go over the daily limit: the caller waits for the next quota day instead of failing.
 */
export async function reserveQuota(db: Db, clientSecretId: string, units: number, dailyLimit: number, at = new Date()): Promise<boolean> {
  const day = quotaDay(at);
  const rows = await db.execute<{ units_used: number }>(sql`
    insert into ${youtubeQuotaUsage} (client_secret_id, quota_day, units_used, uploads)
    select ${clientSecretId}::uuid, ${day}::date, ${units}::int, 1 where ${units}::int <= ${dailyLimit}::int
    on conflict (client_secret_id, quota_day) do update
      set units_used = ${youtubeQuotaUsage}.units_used + excluded.units_used,
          uploads = ${youtubeQuotaUsage}.uploads + 1
      where ${youtubeQuotaUsage}.units_used + excluded.units_used <= ${dailyLimit}::int
    returning units_used`);
  return rows.length > 0;
}

/** Adds units spent on smaller calls (thumbnail, playlist item) without a limit check. */
export async function addQuotaUnits(db: Db, clientSecretId: string, units: number, at = new Date()): Promise<void> {
  await db
    .insert(youtubeQuotaUsage)
    .values({ clientSecretId, quotaDay: quotaDay(at), unitsUsed: units, uploads: 0 })
    .onConflictDoUpdate({
      target: [youtubeQuotaUsage.clientSecretId, youtubeQuotaUsage.quotaDay],
      set: { unitsUsed: sql`${youtubeQuotaUsage.unitsUsed} + ${units}` },
    });
}

/** Google said the quota is gone although our count disagrees: believe Google for today. */
export async function exhaustQuotaToday(db: Db, clientSecretId: string, dailyLimit: number, at = new Date()): Promise<void> {
  await db
    .insert(youtubeQuotaUsage)
    .values({ clientSecretId, quotaDay: quotaDay(at), unitsUsed: dailyLimit, uploads: 0 })
    .onConflictDoUpdate({
      target: [youtubeQuotaUsage.clientSecretId, youtubeQuotaUsage.quotaDay],
      set: { unitsUsed: sql`greatest(${youtubeQuotaUsage.unitsUsed}, ${dailyLimit})` },
    });
}
