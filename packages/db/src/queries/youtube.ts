// What the API reads and writes for YouTube publishing: OAuth clients, connected channels,
// single-use OAuth states and upload records. The worker's side lives in youtube-jobs.ts.
import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publishAccounts } from '../schema/publish.ts';
import { users } from '../schema/users.ts';
import {
  oauthClientSecrets,
  oauthStates,
  youtubeAccounts,
  youtubeQuotaUsage,
  youtubeUploads,
  type OAuthClientSecretRow,
  type OAuthStateRow,
  type YouTubeAccountRow,
  type YouTubeUploadRow,
} from '../schema/youtube.ts';
import { quotaDay } from '@scrapper/contracts/rules/youtube-quota';

// ---------------------------------------------------------------------------------------
// OAuth clients
// ---------------------------------------------------------------------------------------

/** What a client used of its two buckets in one quota day. */
export interface QuotaUsage {
  unitsUsed: number;
  uploads: number;
}

export type ClientSecretWithUsage = OAuthClientSecretRow & { usageToday: QuotaUsage };

/** Every client, oldest first, with what it used in the current quota day (Pacific date). */
export async function listClientSecretsWithUsage(db: Db, at: Date = new Date()): Promise<ClientSecretWithUsage[]> {
  const rows = await db
    .select({
      client: oauthClientSecrets,
      unitsUsed: youtubeQuotaUsage.unitsUsed,
      uploads: youtubeQuotaUsage.uploads,
    })
    .from(oauthClientSecrets)
    .leftJoin(
      youtubeQuotaUsage,
      and(eq(youtubeQuotaUsage.clientSecretId, oauthClientSecrets.id), eq(youtubeQuotaUsage.quotaDay, quotaDay(at))),
    )
    .orderBy(asc(oauthClientSecrets.createdAt), asc(oauthClientSecrets.id));
  return rows.map((r) => ({ ...r.client, usageToday: { unitsUsed: r.unitsUsed ?? 0, uploads: r.uploads ?? 0 } }));
}

/** One client's use of its buckets in the quota day of `at` (zeros when nothing was used). */
export async function findQuotaUsage(db: Db, clientSecretId: string, at: Date = new Date()): Promise<QuotaUsage> {
  const [row] = await db
    .select({ unitsUsed: youtubeQuotaUsage.unitsUsed, uploads: youtubeQuotaUsage.uploads })
    .from(youtubeQuotaUsage)
    .where(and(eq(youtubeQuotaUsage.clientSecretId, clientSecretId), eq(youtubeQuotaUsage.quotaDay, quotaDay(at))))
    .limit(1);
  return row ?? { unitsUsed: 0, uploads: 0 };
}

/**
 * Counts units the API spent on small reads (channels.list at connect, playlists.list on the
 * upload page). Never refused locally: Google answers quotaExceeded itself when they are gone.
 */
export async function chargeQuotaUnits(db: Db, clientSecretId: string, units: number, at: Date = new Date()): Promise<void> {
  await db
    .insert(youtubeQuotaUsage)
    .values({ clientSecretId, quotaDay: quotaDay(at), unitsUsed: units, uploads: 0 })
    .onConflictDoUpdate({
      target: [youtubeQuotaUsage.clientSecretId, youtubeQuotaUsage.quotaDay],
      set: { unitsUsed: sql`${youtubeQuotaUsage.unitsUsed} + ${units}::int` },
    });
}

export async function findClientSecret(db: Db, id: string): Promise<OAuthClientSecretRow | undefined> {
  const [row] = await db.select().from(oauthClientSecrets).where(eq(oauthClientSecrets.id, id)).limit(1);
  return row;
}

/** Active clients, of one platform when given (`youtube`, `tiktok`, `meta`). */
export async function listActiveClientSecrets(db: Db, platform?: ClientSecretPlatform): Promise<OAuthClientSecretRow[]> {
  return db
    .select()
    .from(oauthClientSecrets)
    .where(and(eq(oauthClientSecrets.isActive, true), platform ? eq(oauthClientSecrets.platform, platform) : undefined))
    .orderBy(asc(oauthClientSecrets.createdAt), asc(oauthClientSecrets.id));
}

export type ClientSecretPlatform = 'youtube' | 'tiktok' | 'meta';

export interface ClientSecretValues {
  /** Set on create only (default youtube); a client's platform never changes. */
  platform?: ClientSecretPlatform;
  name: string;
  clientId: string;
  sealedClientSecret: string;
  secretLastFour: string;
  redirectUri: string;
  isActive: boolean;
  quotaDailyUnits?: number;
  quotaDailyUploads?: number;
}

export async function insertClientSecret(db: Db, values: ClientSecretValues): Promise<OAuthClientSecretRow> {
  const [row] = await db.insert(oauthClientSecrets).values(values).returning();
  if (!row) throw new Error('insert into oauth_client_secrets returned no row');
  return row;
}

/** Changes a client; a patch without the sealed secret keeps the stored one. */
export async function updateClientSecret(
  db: Db,
  id: string,
  patch: Omit<ClientSecretValues, 'sealedClientSecret' | 'secretLastFour' | 'platform'> &
    Partial<Pick<ClientSecretValues, 'sealedClientSecret' | 'secretLastFour'>>,
): Promise<OAuthClientSecretRow | undefined> {
  const [row] = await db
    .update(oauthClientSecrets)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(oauthClientSecrets.id, id))
    .returning();
  return row;
}

/**
 * Deletes a client. Its accounts stay (the foreign key becomes null) but can no longer refresh
 * their tokens, so they are marked as needing a new connection first. Call inside a transaction.
 */
export async function deleteClientSecret(db: Db, id: string): Promise<boolean> {
  await db
    .update(youtubeAccounts)
    .set({ isValid: false, updatedAt: new Date() })
    .where(eq(youtubeAccounts.clientSecretId, id));
  await db
    .update(publishAccounts)
    .set({ needsReconnect: true, reconnectReason: 'Aplikasi (client secret) yang menghubungkan akun ini telah dihapus admin. Hubungkan ulang akun.', updatedAt: new Date() })
    .where(eq(publishAccounts.clientSecretId, id));
  const removed = await db.delete(oauthClientSecrets).where(eq(oauthClientSecrets.id, id)).returning({ id: oauthClientSecrets.id });
  return removed.length > 0;
}

// ---------------------------------------------------------------------------------------
// OAuth states
// ---------------------------------------------------------------------------------------

export async function insertOAuthState(
  db: Db,
  values: { userId: string; clientSecretId: string; accountId: string | null; expiresAt: Date },
): Promise<OAuthStateRow> {
  const [row] = await db.insert(oauthStates).values(values).returning();
  if (!row) throw new Error('insert into oauth_states returned no row');
  return row;
}

/**
 * Spends a state: the one statement that sets usedAt only when it is unused and unexpired,
 * so two callbacks racing with the same state cannot both get it.
 */
export async function consumeOAuthState(db: Db, id: string): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oauthStates.id, id), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** States are worthless an hour after they expire; this keeps the table small. */
export async function deleteStaleOAuthStates(db: Db): Promise<number> {
  const removed = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ id: oauthStates.id });
  return removed.length;
}

// ---------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------

export type YouTubeAccountWithOwner = YouTubeAccountRow & { ownerUsername: string };

const accountWithOwner = { a: youtubeAccounts, ownerUsername: users.username };

/** One user's accounts, or everyone's when userId is null; oldest first. */
export async function listYouTubeAccounts(db: Db, userId: string | null): Promise<YouTubeAccountWithOwner[]> {
  const rows = await db
    .select(accountWithOwner)
    .from(youtubeAccounts)
    .innerJoin(users, eq(users.id, youtubeAccounts.userId))
    .where(userId ? eq(youtubeAccounts.userId, userId) : undefined)
    .orderBy(asc(youtubeAccounts.createdAt), asc(youtubeAccounts.id));
  return rows.map((r) => ({ ...r.a, ownerUsername: r.ownerUsername }));
}

export async function findYouTubeAccount(db: Db, id: string): Promise<YouTubeAccountRow | undefined> {
  const [row] = await db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, id)).limit(1);
  return row;
}

export async function findYouTubeAccountByChannel(db: Db, userId: string, channelId: string): Promise<YouTubeAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(youtubeAccounts)
    .where(and(eq(youtubeAccounts.userId, userId), eq(youtubeAccounts.channelId, channelId)))
    .limit(1);
  return row;
}

export interface AccountGrant {
  clientSecretId: string;
  accountName: string;
  sealedTokens: string;
  tokenExpiresAt: Date | null;
}

/** A new channel for the user, or fresh tokens for the one they had connected already. */
export async function upsertYouTubeAccount(
  db: Db,
  values: AccountGrant & { userId: string; channelId: string },
): Promise<YouTubeAccountRow> {
  const now = new Date();
  const [row] = await db
    .insert(youtubeAccounts)
    .values({ ...values, isValid: true, lastValidated: now })
    .onConflictDoUpdate({
      target: [youtubeAccounts.userId, youtubeAccounts.channelId],
      set: {
        clientSecretId: values.clientSecretId,
        accountName: values.accountName,
        sealedTokens: values.sealedTokens,
        tokenExpiresAt: values.tokenExpiresAt,
        isValid: true,
        lastValidated: now,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('upsert into youtube_accounts returned no row');
  return row;
}

/** Re-authentication of one account: new tokens, valid again. */
export async function updateYouTubeAccountGrant(db: Db, id: string, grant: AccountGrant): Promise<YouTubeAccountRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(youtubeAccounts)
    .set({ ...grant, isValid: true, lastValidated: now, updatedAt: now })
    .where(eq(youtubeAccounts.id, id))
    .returning();
  return row;
}

/** Tokens the Google client refreshed while it worked for the API. */
export async function updateYouTubeAccountTokens(db: Db, id: string, sealedTokens: string, tokenExpiresAt: Date | null): Promise<void> {
  await db
    .update(youtubeAccounts)
    .set({ sealedTokens, tokenExpiresAt, updatedAt: new Date() })
    .where(eq(youtubeAccounts.id, id));
}

export async function markYouTubeAccountInvalid(db: Db, id: string): Promise<void> {
  await db
    .update(youtubeAccounts)
    .set({ isValid: false, lastValidated: new Date(), updatedAt: new Date() })
    .where(eq(youtubeAccounts.id, id));
}

/**
 * Deletes an account and (by cascade) its upload records; returns the storage keys those
 * records held so the caller can remove the files. Call inside a transaction.
 */
export async function deleteYouTubeAccount(db: Db, id: string): Promise<{ deletedUploads: number; storageKeys: string[] } | undefined> {
  const uploads = await db
    .select({
      video: youtubeUploads.videoStorageKey,
      thumbnail: youtubeUploads.thumbnailStorageKey,
      audio: youtubeUploads.audioStorageKey,
    })
    .from(youtubeUploads)
    .where(eq(youtubeUploads.accountId, id))
    .for('update');
  const removed = await db.delete(youtubeAccounts).where(eq(youtubeAccounts.id, id)).returning({ id: youtubeAccounts.id });
  if (removed.length === 0) return undefined;
  const storageKeys = uploads.flatMap((u) => [u.video, u.thumbnail, u.audio]).filter((k): k is string => Boolean(k));
  return { deletedUploads: uploads.length, storageKeys };
}

// ---------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------

export type NewYouTubeUpload = typeof youtubeUploads.$inferInsert & { id: string; userId: string; accountId: string };

export async function insertYouTubeUpload(db: Db, values: NewYouTubeUpload): Promise<YouTubeUploadRow> {
  const [row] = await db.insert(youtubeUploads).values(values).returning();
  if (!row) throw new Error('insert into youtube_uploads returned no row');
  return row;
}

export type YouTubeUploadWithNames = YouTubeUploadRow & { accountName: string; ownerUsername: string };

const uploadWithNames = { u: youtubeUploads, accountName: youtubeAccounts.accountName, ownerUsername: users.username };

export async function findYouTubeUpload(db: Db, id: string): Promise<YouTubeUploadWithNames | undefined> {
  const [row] = await db
    .select(uploadWithNames)
    .from(youtubeUploads)
    .innerJoin(youtubeAccounts, eq(youtubeAccounts.id, youtubeUploads.accountId))
    .innerJoin(users, eq(users.id, youtubeUploads.userId))
    .where(eq(youtubeUploads.id, id))
    .limit(1);
  return row ? { ...row.u, accountName: row.accountName, ownerUsername: row.ownerUsername } : undefined;
}

/**
 * Cancels an upload still waiting for its turn (nothing on YouTube yet): the job finds it
 * cancelled and does nothing. Undefined when the worker took it meanwhile.
 */
export async function cancelQueuedUpload(db: Db, id: string, at = new Date()): Promise<YouTubeUploadRow | undefined> {
  const [row] = await db
    .update(youtubeUploads)
    .set({ status: 'cancelled', cancelledAt: at, stage: null, notBefore: null, updatedAt: at })
    .where(and(eq(youtubeUploads.id, id), eq(youtubeUploads.status, 'scheduled'), isNull(youtubeUploads.youtubeVideoId)))
    .returning();
  return row;
}

/** A video already on YouTube whose schedule was dropped there (it stays private). */
export async function markUploadedScheduleCancelled(db: Db, id: string, at = new Date()): Promise<YouTubeUploadRow | undefined> {
  const [row] = await db
    .update(youtubeUploads)
    .set({ status: 'cancelled', cancelledAt: at, youtubePrivacyStatus: 'private', updatedAt: at })
    .where(and(eq(youtubeUploads.id, id), eq(youtubeUploads.status, 'uploaded')))
    .returning();
  return row;
}

/**
 * A new publish time, while the upload is still waiting (`scheduled`) or already on YouTube
 * (`uploaded`, after videos.update). Undefined when it moved on meanwhile.
 */
export async function updateUploadPublishAt(
  db: Db,
  id: string,
  publishAt: Date,
  expected: 'scheduled' | 'uploaded',
): Promise<YouTubeUploadRow | undefined> {
  const [row] = await db
    .update(youtubeUploads)
    .set({ publishAt, updatedAt: new Date() })
    .where(and(eq(youtubeUploads.id, id), eq(youtubeUploads.status, expected)))
    .returning();
  return row;
}

/** One user's uploads, or everyone's when userId is null; newest first, with the total. */
export async function listYouTubeUploads(
  db: Db,
  filter: { userId: string | null; limit: number; offset: number },
): Promise<{ rows: YouTubeUploadWithNames[]; total: number }> {
  const where = filter.userId ? eq(youtubeUploads.userId, filter.userId) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(uploadWithNames)
      .from(youtubeUploads)
      .innerJoin(youtubeAccounts, eq(youtubeAccounts.id, youtubeUploads.accountId))
      .innerJoin(users, eq(users.id, youtubeUploads.userId))
      .where(where)
      // The indexes' nulls order (`desc nulls last`, youtube_uploads_user_created_idx and
      // youtube_uploads_created_idx); a plain `desc` (nulls first) made it sort every row.
      .orderBy(sql`${youtubeUploads.createdAt} desc nulls last`, desc(youtubeUploads.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(youtubeUploads).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.u, accountName: r.accountName, ownerUsername: r.ownerUsername })),
    total: totalRow?.n ?? 0,
  };
}
