import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { automationRuns } from './automations.ts';
import { downloads } from './downloads.ts';
import { users } from './users.ts';
import { oauthClientSecrets, youtubeAccounts, youtubeUploads } from './youtube.ts';

export type PublishAccountPlatform = 'tiktok' | 'instagram' | 'facebook';
export type PublishTargetPlatform = 'youtube' | PublishAccountPlatform;
export type PublishTargetStatus = 'queued' | 'uploading' | 'processing' | 'published' | 'sent_to_inbox' | 'failed' | 'cancelled';

/**
 * A TikTok account, Instagram professional account or Facebook Page a member connected (issue 33).
 * Tokens are sealed with SECRETS_KEY: TikTok `{ accessToken, refreshToken, accessExpiresAt,
 * refreshExpiresAt, scope }` (the refresh token rotates on every refresh and is saved at once);
 * Meta `{ pageToken, userToken, userTokenExpiresAt }` (an Instagram account posts with its Page's
 * token). One Meta connection makes one row per Page and per linked Instagram account, sharing
 * `connection_id`.
 */
export const publishAccounts = pgTable(
  'publish_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['tiktok', 'instagram', 'facebook'] }).notNull(),
    /** The app that granted the tokens; refreshes must use the same app. */
    clientSecretId: uuid('client_secret_id').references(() => oauthClientSecrets.id, { onDelete: 'set null' }),
    /** TikTok open_id, Instagram user id, Facebook Page id. */
    remoteId: text('remote_id').notNull(),
    name: text('name').notNull(),
    username: text('username'),
    /** Instagram: the Page it is linked to (id and name). */
    pageId: text('page_id'),
    pageName: text('page_name'),
    /** One Meta login: the Pages and Instagram accounts it gave. */
    connectionId: uuid('connection_id'),
    /**
     * Meta: the app-scoped id of the Facebook user who logged in, so Meta's data-deletion
     * callback (which names only that user) removes the connections that login gave.
     */
    metaUserId: text('meta_user_id'),
    sealedTokens: text('sealed_tokens').notNull(),
    /** When the access token stops working (TikTok: 2 hours). */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The refresh failed or the grant was revoked: the owner must connect again. */
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    reconnectReason: text('reconnect_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publish_accounts_user_remote_idx').on(t.userId, t.platform, t.remoteId),
    index('publish_accounts_user_idx').on(t.userId, t.createdAt),
    index('publish_accounts_meta_user_idx').on(t.metaUserId),
    check('publish_accounts_platform_check', sql`${t.platform} in ('tiktok', 'instagram', 'facebook')`),
  ],
);
export type PublishAccountRow = typeof publishAccounts.$inferSelect;

/** One video a member published (or scheduled) to a set of destinations, from one server file. */
export const publishPosts = pgTable(
  'publish_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The File Manager file (a finished download); null once that file was deleted. */
    serverFileId: uuid('server_file_id').references(() => downloads.id, { onDelete: 'set null' }),
    caption: text('caption').notNull(),
    title: text('title'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Made by an automation run (its summary notification covers it). */
    automationRunId: uuid('automation_run_id').references(() => automationRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publish_posts_user_idx').on(t.userId, t.createdAt)],
);
export type PublishPostRow = typeof publishPosts.$inferSelect;

/**
 * One destination of a post and its fate. `remote_id` (TikTok publish_id, Instagram container,
 * Facebook video_id) and `upload_url` are stored before the first byte is sent, so a retry or a
 * restarted worker reads the platform's status and continues instead of posting twice. A YouTube
 * destination is carried out by the YouTube upload pipeline: `youtube_upload_id` names its row.
 */
export const publishTargets = pgTable(
  'publish_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => publishPosts.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['youtube', 'tiktok', 'instagram', 'facebook'] }).notNull(),
    accountId: uuid('account_id').references(() => publishAccounts.id, { onDelete: 'cascade' }),
    youtubeAccountId: uuid('youtube_account_id').references(() => youtubeAccounts.id, { onDelete: 'cascade' }),
    youtubeUploadId: uuid('youtube_upload_id').references(() => youtubeUploads.id, { onDelete: 'set null' }),
    /** The destination's options as the member chose them (contracts' TikTokOptions...). */
    options: jsonb('options').notNull().default(sql`'{}'::jsonb`),
    status: text('status', {
      enum: ['queued', 'uploading', 'processing', 'published', 'sent_to_inbox', 'failed', 'cancelled'],
    })
      .notNull()
      .default('queued'),
    /**
     * When this destination publishes, if not the post's time: an automation's destination over
     * its daily budget rolls to a later day's slot while the others keep theirs.
     */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    remoteId: text('remote_id'),
    uploadUrl: text('upload_url'),
    uploadedBytes: bigint('uploaded_bytes', { mode: 'number' }).notNull().default(0),
    /** The published post's id (Instagram media id, TikTok post id) and address. */
    remotePostId: text('remote_post_id'),
    link: text('link'),
    converted: boolean('converted').notNull().default(false),
    reason: text('reason'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('publish_targets_post_idx').on(t.postId),
    index('publish_targets_account_idx').on(t.accountId, t.createdAt),
    check('publish_targets_platform_check', sql`${t.platform} in ('youtube', 'tiktok', 'instagram', 'facebook')`),
    check(
      'publish_targets_status_check',
      sql`${t.status} in ('queued', 'uploading', 'processing', 'published', 'sent_to_inbox', 'failed', 'cancelled')`,
    ),
    check(
      'publish_targets_destination_check',
      sql`(${t.platform} = 'youtube' and ${t.youtubeAccountId} is not null) or (${t.platform} <> 'youtube' and ${t.accountId} is not null)`,
    ),
  ],
);
export type PublishTargetRow = typeof publishTargets.$inferSelect;

/** Meta's data-deletion callbacks (a user removed the app): recorded, answered with a code. */
export const metaDeletionRequests = pgTable('meta_deletion_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientSecretId: uuid('client_secret_id').references(() => oauthClientSecrets.id, { onDelete: 'set null' }),
  /** The app-scoped Facebook user id from the signed_request. */
  metaUserId: text('meta_user_id').notNull(),
  confirmationCode: text('confirmation_code').notNull().unique(),
  /** received, then done once that user's connections and tokens were removed. */
  status: text('status', { enum: ['received', 'done'] }).notNull().default('received'),
  removedAccounts: bigint('removed_accounts', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MetaDeletionRequestRow = typeof metaDeletionRequests.$inferSelect;
