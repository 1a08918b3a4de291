import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type YouTubeUploadStatus = 'scheduled' | 'processing' | 'uploaded' | 'failed' | 'cancelled';
export type YouTubePrivacyStatus = 'public' | 'private' | 'unlisted';
export type YouTubePublishType = 'now' | 'schedule';
export type YouTubeUploadSourceKind = 'file' | 'url' | 'server';

/**
 * An OAuth client registered with Google by an operator. Its secret is sealed with
 * SECRETS_KEY. Quota figures are per client (Google counts quota per API project).
 */
export const oauthClientSecrets = pgTable(
  'oauth_client_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    sealedClientSecret: text('sealed_client_secret').notNull(),
    /** What the client is shown of the secret. */
    secretLastFour: text('secret_last_four').notNull(),
    platform: text('platform').notNull().default('youtube'),
    redirectUri: text('redirect_uri').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Daily units of the project for every call but videos.insert (Google's default since
     * 2026-06-01: 10,000; thumbnails.set and playlistItems.insert cost 50, channels.list 1).
     */
    quotaDailyUnits: integer('quota_daily_units').notNull().default(10_000),
    /** videos.insert calls a day: its own bucket since 2026-06-01, 1 unit each (default 100). */
    quotaDailyUploads: integer('quota_daily_uploads').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oauth_client_secrets_active_idx').on(t.isActive, t.createdAt),
    check('oauth_client_secrets_platform_check', sql`${t.platform} in ('youtube', 'tiktok', 'meta')`),
    check('oauth_client_secrets_quota_check', sql`${t.quotaDailyUnits} > 0 and ${t.quotaDailyUploads} > 0`),
  ],
);
export type OAuthClientSecretRow = typeof oauthClientSecrets.$inferSelect;

/**
 * Quota units used per client and quota day. Google resets quota at midnight Pacific time,
 * so quotaDay is the date in America/Los_Angeles.
 */
export const youtubeQuotaUsage = pgTable(
  'youtube_quota_usage',
  {
    clientSecretId: uuid('client_secret_id')
      .notNull()
      .references(() => oauthClientSecrets.id, { onDelete: 'cascade' }),
    quotaDay: date('quota_day', { mode: 'string' }).notNull(),
    /** Units of the shared bucket (every call but videos.insert). */
    unitsUsed: integer('units_used').notNull().default(0),
    /** videos.insert calls (the upload bucket). */
    uploads: integer('uploads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientSecretId, t.quotaDay] })],
);
export type YouTubeQuotaUsageRow = typeof youtubeQuotaUsage.$inferSelect;

/** A YouTube channel a member connected through OAuth. Tokens are sealed with SECRETS_KEY. */
export const youtubeAccounts = pgTable(
  'youtube_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The OAuth client that granted the tokens; refreshes must use the same client. */
    clientSecretId: uuid('client_secret_id').references(() => oauthClientSecrets.id, { onDelete: 'set null' }),
    channelId: text('channel_id').notNull(),
    accountName: text('account_name').notNull(),
    /** JSON {accessToken, refreshToken, expiryDate, scope}, sealed. */
    sealedTokens: text('sealed_tokens').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** false: the grant was revoked or expired; the member must connect again ("Perlu Refresh"). */
    isValid: boolean('is_valid').notNull().default(true),
    lastValidated: timestamp('last_validated', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('youtube_accounts_user_channel_idx').on(t.userId, t.channelId),
    index('youtube_accounts_user_idx').on(t.userId, t.createdAt),
  ],
);
export type YouTubeAccountRow = typeof youtubeAccounts.$inferSelect;

/**
 * A single-use OAuth state. The state sent to Google is `<id>.<hmac>`; the callback checks
 * the signature, the expiry and sets usedAt exactly once.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientSecretId: uuid('client_secret_id')
      .notNull()
      .references(() => oauthClientSecrets.id, { onDelete: 'cascade' }),
    /** Set when re-authenticating an existing account. */
    accountId: uuid('account_id').references(() => youtubeAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** One video a member asked to publish: every payload field, its files in storage and its fate. */
export const youtubeUploads = pgTable(
  'youtube_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => youtubeAccounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    categoryId: text('category_id').notNull().default('22'),
    privacyStatus: text('privacy_status').$type<YouTubePrivacyStatus>().notNull().default('public'),
    publishType: text('publish_type').$type<YouTubePublishType>().notNull().default('now'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    madeForKids: boolean('made_for_kids').notNull().default(false),
    /** "Konten sintetis/diubah": sent as status.containsSyntheticMedia. */
    containsSyntheticMedia: boolean('contains_synthetic_media').notNull().default(false),
    videoEffect: text('video_effect').notNull().default('none'),
    playlistId: text('playlist_id'),
    sourceKind: text('source_kind').$type<YouTubeUploadSourceKind>().notNull(),
    /** The scraped video's page (sourceKind url). */
    sourceUrl: text('source_url'),
    sourceItemId: text('source_item_id'),
    /** sourceKind server: the member's downloaded file (`GET /api/files` id) the video comes from. */
    sourceDownloadId: uuid('source_download_id'),
    /** When the member cancelled a scheduled upload. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The member's file (sourceKind file), as stored. */
    videoStorageKey: text('video_storage_key'),
    videoFileName: text('video_file_name'),
    videoMime: text('video_mime'),
    videoSizeBytes: bigint('video_size_bytes', { mode: 'number' }),
    thumbnailStorageKey: text('thumbnail_storage_key'),
    thumbnailMime: text('thumbnail_mime'),
    audioStorageKey: text('audio_storage_key'),
    audioRemixUrl: text('audio_remix_url'),
    audioStartTime: real('audio_start_time').notNull().default(0),
    /** null: the remix follows the video's duration. */
    audioEndTime: real('audio_end_time'),
    audioVolume: real('audio_volume').notNull().default(1),
    videoVolume: real('video_volume').notNull().default(0.5),
    status: text('status').$type<YouTubeUploadStatus>().notNull(),
    progress: integer('progress').notNull().default(0),
    /** What the worker is doing, for the history ("Mengunduh video", "Menerapkan efek", ...). */
    stage: text('stage'),
    youtubeVideoId: text('youtube_video_id'),
    /**
     * YouTube's resumable upload session (`uploadType=resumable`), stored before any byte is sent.
     * A retry asks the session for its state: finished gives the video id back, 308 resumes.
     */
    uploadSessionUrl: text('upload_session_url'),
    uploadSessionStartedAt: timestamp('upload_session_started_at', { withTimezone: true }),
    /** The exact size of the bytes the session was opened for. */
    uploadSessionBytes: bigint('upload_session_bytes', { mode: 'number' }),
    /**
     * The rendered video (effect or remix applied) kept in storage while a session is open, so a
     * resume sends the same bytes; removed once the video is on YouTube.
     */
    renderedStorageKey: text('rendered_storage_key'),
    /**
     * The privacy YouTube answered to videos.insert. Unaudited API projects get `private` whatever
     * was asked; the history explains it when this differs from what the member chose.
     */
    youtubePrivacyStatus: text('youtube_privacy_status').$type<YouTubePrivacyStatus>(),
    thumbnailSet: boolean('thumbnail_set').notNull().default(false),
    playlistAdded: boolean('playlist_added').notNull().default(false),
    errorMessage: text('error_message'),
    /** The service's own words (Google's or yt-dlp's message), shown under "Detail". */
    errorDetail: text('error_detail'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job may run next (quota waits push this to the next quota day). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [
    index('youtube_uploads_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('youtube_uploads_account_idx').on(t.accountId, t.status),
    index('youtube_uploads_created_idx').on(t.createdAt.desc()),
    check('youtube_uploads_status_check', sql`${t.status} in ('scheduled', 'processing', 'uploaded', 'failed', 'cancelled')`),
    check('youtube_uploads_privacy_check', sql`${t.privacyStatus} in ('public', 'private', 'unlisted')`),
    check('youtube_uploads_publish_type_check', sql`${t.publishType} in ('now', 'schedule')`),
    check('youtube_uploads_source_check', sql`${t.sourceKind} in ('file', 'url', 'server')`),
    check('youtube_uploads_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
export type YouTubeUploadRow = typeof youtubeUploads.$inferSelect;
