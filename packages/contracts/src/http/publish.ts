// Publishing everywhere (issue 33): members connect TikTok and Meta (Instagram professional
// accounts and Facebook Pages) beside their YouTube channels, and publish one server file to any
// set of destinations in one post, each destination a target with its own status. Facts about
// the platforms: ../shared/notes/outside-services.md, "Publishing beyond YouTube".
import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, pageQueryShape, PaginationSchema, UuidSchema } from '../common.ts';
import {
  CONNECT_PLATFORMS,
  PUBLISH_PLATFORMS,
  PUBLISH_TEXT_LIMITS,
  TIKTOK_PRIVACY_LEVELS,
} from '../rules/publish-destinations.ts';
import { BLOB } from './media.ts';
import { defineEndpoint } from './endpoint.ts';
import { AuthCallbackQuerySchema } from './youtube-accounts.ts';
import { PrivacyStatusSchema } from './youtube-uploads.ts';

export const PublishPlatformSchema = z.enum(PUBLISH_PLATFORMS, {
  message: 'Platform harus youtube, tiktok, instagram atau facebook.',
});
export type PublishPlatform = z.infer<typeof PublishPlatformSchema>;

export const ConnectPlatformParamsSchema = z.object({
  platform: z.enum(CONNECT_PLATFORMS, { message: 'Platform harus tiktok atau meta.' }),
});

export const PublishAuthUrlQuerySchema = z.object({
  clientSecretId: UuidSchema,
});

/** A destination the member can post to: a YouTube channel, a TikTok account, an Instagram professional account or a Facebook Page. */
export const PublishAccountSchema = z.object({
  /** For YouTube the channel's account id (as in /api/youtube/accounts); else a publish account id. */
  id: UuidSchema,
  platform: PublishPlatformSchema,
  name: z.string(),
  /** @handle where the platform has one. */
  username: z.string().nullable(),
  /** Instagram: the Facebook Page it is linked to (both come from one Meta connection). */
  pageName: z.string().nullable(),
  /** The connection no longer works (refresh refused, grant revoked): connect again. */
  needsReconnect: z.boolean(),
  /** Why, in Indonesian, when needsReconnect. */
  reconnectReason: z.string().nullable(),
  clientSecretId: UuidSchema.nullable(),
  connectedAt: IsoDateTimeSchema,
});
export type PublishAccount = z.infer<typeof PublishAccountSchema>;

/** TikTok's creator info, read when the composer opens (posting guidelines). */
export const CreatorInfoSchema = z.object({
  nickname: z.string(),
  username: z.string().nullable(),
  privacyLevelOptions: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  maxVideoPostDurationSec: z.number().int(),
});
export type CreatorInfo = z.infer<typeof CreatorInfoSchema>;

/** An Instagram account's `content_publishing_limit`, as Meta reports it (read, not assumed). */
export const PublishingLimitSchema = z.object({
  /** Reels published in the window. */
  used: z.number().int(),
  /** What the window allows (50 in Meta's reference). */
  total: z.number().int(),
  /** The window's length (a rolling 24 hours in the reference). */
  windowHours: z.number().int(),
});
export type PublishingLimit = z.infer<typeof PublishingLimitSchema>;

// ---------------------------------------------------------------------------------------
// Posts and targets
// ---------------------------------------------------------------------------------------

const flag = (field: string) => z.boolean({ message: `${field} harus true atau false.` });

/**
 * TikTok: an inbox draft (`video.upload`, the default: the creator finishes it in the app) or a
 * direct post (`video.publish`, the member's explicit choice). Interactions are off unless the
 * member turns them on; a direct post needs a privacy level the account offers, chosen (no
 * default).
 */
export const TikTokOptionsSchema = z.strictObject({
  mode: z.enum(['inbox', 'direct'], { message: "Mode TikTok harus 'inbox' atau 'direct'." }).default('inbox'),
  privacyLevel: z.enum(TIKTOK_PRIVACY_LEVELS, { message: 'Tingkat privasi TikTok tidak dikenal.' }).optional(),
  disableComment: flag('disableComment').default(true),
  disableDuet: flag('disableDuet').default(true),
  disableStitch: flag('disableStitch').default(true),
  /** Commercial content: promoting the creator's own brand. */
  brandOrganic: flag('brandOrganic').default(false),
  /** Commercial content: branded content for a third party (paid partnership). */
  brandContent: flag('brandContent').default(false),
});
export type TikTokOptions = z.infer<typeof TikTokOptionsSchema>;

export const InstagramOptionsSchema = z.strictObject({
  /** Also show the reel in the profile's feed grid. */
  shareToFeed: flag('shareToFeed').default(true),
});

export const FacebookOptionsSchema = z.strictObject({});

export const YouTubeOptionsSchema = z.strictObject({
  privacyStatus: PrivacyStatusSchema.default('public'),
  madeForKids: flag('madeForKids').default(false),
  categoryId: z.string().regex(/^\d{1,3}$/, 'categoryId harus angka kategori YouTube.').default('22'),
});

export const PublishDestinationSchema = z.strictObject({
  accountId: UuidSchema,
  youtube: YouTubeOptionsSchema.optional(),
  tiktok: TikTokOptionsSchema.optional(),
  instagram: InstagramOptionsSchema.optional(),
  facebook: FacebookOptionsSchema.optional(),
});
export type PublishDestination = z.infer<typeof PublishDestinationSchema>;

export const CreatePostBodySchema = z
  .strictObject({
    /** A file in the member's File Manager (GET /api/files). */
    serverFileId: UuidSchema,
    caption: z
      .string({ message: 'Caption wajib diisi.' })
      .trim()
      .max(PUBLISH_TEXT_LIMITS.captionMaxLength, `Caption maksimal ${PUBLISH_TEXT_LIMITS.captionMaxLength} karakter.`),
    /** YouTube's title (required when a YouTube channel is among the destinations). */
    title: z
      .string()
      .trim()
      .max(PUBLISH_TEXT_LIMITS.youtubeTitleMaxLength, `Judul YouTube maksimal ${PUBLISH_TEXT_LIMITS.youtubeTitleMaxLength} karakter.`)
      .optional(),
    /** When to publish; absent: now. Must be in the future. */
    scheduledAt: z.iso
      .datetime({ offset: true, message: 'Waktu jadwal tidak valid (format ISO 8601).' })
      .refine((v) => Date.parse(v) > Date.now(), 'Waktu jadwal harus di masa depan.')
      .optional(),
    destinations: z
      .array(PublishDestinationSchema, { message: 'Pilih minimal satu tujuan.' })
      .min(1, 'Pilih minimal satu tujuan.')
      .max(PUBLISH_TEXT_LIMITS.destinationsMax, `Maksimal ${PUBLISH_TEXT_LIMITS.destinationsMax} tujuan per posting.`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.destinations.forEach((d, i) => {
      if (seen.has(d.accountId))
        ctx.addIssue({ code: 'custom', path: ['destinations', i, 'accountId'], message: 'Tujuan yang sama dipilih dua kali.' });
      seen.add(d.accountId);
      if (d.tiktok?.mode === 'direct' && !d.tiktok.privacyLevel)
        ctx.addIssue({
          code: 'custom',
          path: ['destinations', i, 'tiktok', 'privacyLevel'],
          message: 'Posting langsung ke TikTok perlu tingkat privasi yang dipilih sendiri (tidak ada bawaan).',
        });
    });
  });
export type CreatePostBody = z.infer<typeof CreatePostBodySchema>;

export const TARGET_STATUSES = [
  'queued',
  'uploading',
  'processing',
  'published',
  'sent_to_inbox',
  'failed',
  'cancelled',
] as const;
export const TargetStatusSchema = z.enum(TARGET_STATUSES);
export type TargetStatus = z.infer<typeof TargetStatusSchema>;
/** A target in one of these will not change again. */
export const FINAL_TARGET_STATUSES: ReadonlySet<TargetStatus> = new Set(['published', 'sent_to_inbox', 'failed', 'cancelled']);

export const PostTargetSchema = z.object({
  id: UuidSchema,
  accountId: UuidSchema,
  platform: PublishPlatformSchema,
  accountName: z.string(),
  status: TargetStatusSchema,
  /** Failed: what happened and what to do, in Indonesian. */
  reason: z.string().nullable(),
  /** Failed: the platform's own words ("Detail"). */
  detail: z.string().nullable(),
  /** TikTok publish_id, Instagram container / media id, Facebook video_id, YouTube video id. */
  remoteId: z.string().nullable(),
  link: z.string().nullable(),
  /** The file was converted with ffmpeg to fit this destination (else sent byte for byte). */
  converted: z.boolean(),
  /** TikTok only: inbox draft or direct post. */
  mode: z.enum(['inbox', 'direct']).nullable(),
  /** When this destination goes out, if not at the post's time (an automation's destination over its daily budget rolls to a later slot). */
  scheduledAt: IsoDateTimeSchema.nullable(),
  updatedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type PostTarget = z.infer<typeof PostTargetSchema>;

export const PostSchema = z.object({
  id: UuidSchema,
  serverFileId: UuidSchema.nullable(),
  fileName: z.string().nullable(),
  caption: z.string(),
  title: z.string().nullable(),
  scheduledAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  targets: z.array(PostTargetSchema),
});
export type Post = z.infer<typeof PostSchema>;

export const ListPostsQuerySchema = z.object(pageQueryShape(100, 20));
export const TargetParamsSchema = z.object({ id: UuidSchema, targetId: UuidSchema });

/** Meta's data-deletion callback: a form post with `signed_request`. */
export const MetaDataDeletionBodySchema = z.object({ signed_request: z.string().min(1).max(10_000) });
export const MetaDataDeletionResponseSchema = z.object({ url: z.string(), confirmation_code: z.string() });

/** Connections: apps' consent, callbacks, Meta's data deletion, the destinations. */
export const publishConnectEndpoints = {
  authUrl: defineEndpoint({
    method: 'GET',
    path: '/api/publish/:platform/auth/url',
    access: 'user',
    summary: "Consent URL of TikTok's Login Kit or Facebook Login for Business, with a signed single-use state valid 10 minutes.",
    tags: ['publish'],
    params: ConnectPlatformParamsSchema,
    query: PublishAuthUrlQuerySchema,
    response: z.object({ authUrl: z.string() }),
    errors: [404],
  }),
  tiktokCallback: defineEndpoint({
    method: 'GET',
    path: '/api/publish/tiktok/auth/callback',
    access: 'public',
    summary: 'TikTok redirect URI: exchanges the code, stores the account, closes the popup (HTML).',
    tags: ['publish'],
    query: AuthCallbackQuerySchema,
    response: BLOB,
    produces: { contentTypes: ['text/html'], description: 'A small page that tells the opener window and closes itself.', errorPages: true },
    errors: [404, 409],
  }),
  metaCallback: defineEndpoint({
    method: 'GET',
    path: '/api/publish/meta/auth/callback',
    access: 'public',
    summary: "Meta redirect URI: exchanges the code for a long-lived token, stores the member's Pages and their Instagram accounts, closes the popup (HTML).",
    tags: ['publish'],
    query: AuthCallbackQuerySchema.extend({ error_reason: z.string().max(200).optional(), error_description: z.string().max(1000).optional() }),
    response: BLOB,
    produces: { contentTypes: ['text/html'], description: 'A small page that tells the opener window and closes itself.', errorPages: true },
    errors: [404, 409],
  }),
  metaDataDeletion: defineEndpoint({
    method: 'POST',
    path: '/api/publish/meta/data-deletion',
    access: 'public',
    summary: "Meta's data-deletion callback: verifies the signed_request with the app secret, records the request, answers { url, confirmation_code }.",
    tags: ['publish'],
    body: MetaDataDeletionBodySchema,
    response: MetaDataDeletionResponseSchema,
    errors: [400],
  }),
  accounts: defineEndpoint({
    method: 'GET',
    path: '/api/publish/accounts',
    access: 'user',
    summary: "Every destination the caller can post to: YouTube channels, TikTok accounts, Instagram accounts, Facebook Pages.",
    tags: ['publish'],
    response: z.object({ accounts: z.array(PublishAccountSchema) }),
  }),
  removeAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/publish/accounts/:id',
    access: 'user',
    summary: "Disconnect one of the caller's TikTok, Instagram or Facebook destinations (YouTube: DELETE /api/youtube/accounts/:id).",
    tags: ['publish'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  creatorInfo: defineEndpoint({
    method: 'GET',
    path: '/api/publish/accounts/:id/creator-info',
    access: 'user',
    summary: "TikTok's creator info for one of the caller's TikTok accounts (privacy options, interaction switches, maximum duration).",
    tags: ['publish'],
    params: IdParamsSchema,
    response: CreatorInfoSchema,
    errors: [409, 429, 502],
  }),
  publishingLimit: defineEndpoint({
    method: 'GET',
    path: '/api/publish/accounts/:id/publishing-limit',
    access: 'user',
    summary: "Instagram's content_publishing_limit for one of the caller's Instagram accounts: reels published in its rolling window and what the window allows.",
    tags: ['publish'],
    params: IdParamsSchema,
    response: PublishingLimitSchema,
    errors: [409, 429, 502],
  }),
};

/** Posts: one server file to a set of destinations, each a target with its own status. */
export const publishPostEndpoints = {
  createPost: defineEndpoint({
    method: 'POST',
    path: '/api/publish/posts',
    access: 'user',
    summary: 'Publish one server file to a set of destinations, now or at a time: one target per destination.',
    tags: ['publish'],
    body: CreatePostBodySchema,
    response: z.object({ id: UuidSchema, targets: z.array(PostTargetSchema) }),
    successStatus: 202,
    errors: [404, 409],
  }),
  listPosts: defineEndpoint({
    method: 'GET',
    path: '/api/publish/posts',
    access: 'user',
    summary: "The caller's posts, newest first, with their targets.",
    tags: ['publish'],
    query: ListPostsQuerySchema,
    response: z.object({ posts: z.array(PostSchema), pagination: PaginationSchema }),
  }),
  getPost: defineEndpoint({
    method: 'GET',
    path: '/api/publish/posts/:id',
    access: 'user',
    summary: "One of the caller's posts with each target's status, remote id and link.",
    tags: ['publish'],
    params: IdParamsSchema,
    response: PostSchema,
  }),
  cancelTarget: defineEndpoint({
    method: 'POST',
    path: '/api/publish/posts/:id/targets/:targetId/cancel',
    access: 'user',
    summary: 'Cancel a target that has not started sending (409 once bytes left).',
    tags: ['publish'],
    params: TargetParamsSchema,
    response: PostTargetSchema,
    errors: [409],
  }),
};
