// TikTok Login Kit v2 and Content Posting API with global fetch (no SDK). Every call takes the
// base URLs from the product's settings (TIKTOK_AUTH_URL, TIKTOK_API_BASE_URL) and throws
// PublishError (platform 'tiktok') when TikTok refuses or cannot be reached.

export {
  buildTikTokAuthUrl,
  exchangeTikTokCode,
  fetchTikTokUser,
  refreshTikTokToken,
  TIKTOK_DEFAULT_API_BASE_URL,
  TIKTOK_DEFAULT_AUTH_URL,
  TIKTOK_DEFAULT_SCOPES,
  type TikTokAuthUrlOptions,
  type TikTokClientCall,
  type TikTokTokens,
  type TikTokUser,
} from './oauth.ts';
export type { TikTokAuthorizedCall } from './api.ts';
export {
  fetchTikTokCreatorInfo,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
} from './creator-info.ts';
export {
  planTikTokChunks,
  tiktokChunkIndexOf,
  tiktokChunkRange,
  TIKTOK_DEFAULT_CHUNK_BYTES,
  TIKTOK_MAX_CHUNK_BYTES,
  TIKTOK_MAX_CHUNKS,
  TIKTOK_MAX_LAST_CHUNK_BYTES,
  TIKTOK_MAX_VIDEO_BYTES,
  TIKTOK_MIN_CHUNK_BYTES,
  type TikTokChunkPlan,
  type TikTokChunkRange,
} from './chunks.ts';
export {
  fetchTikTokPostStatus,
  initTikTokPost,
  isTikTokStatusFinal,
  tiktokPostUrl,
  uploadTikTokFile,
  type TikTokDirectPostInfo,
  type TikTokPostInit,
  type TikTokPostStarted,
  type TikTokPostStatus,
  type TikTokPostStatusName,
  type TikTokUploadOptions,
} from './post.ts';
export {
  tiktokErrorFieldsOf,
  tiktokErrorFromAnswer,
  tiktokFailedPostError,
  tiktokNetworkError,
  tiktokUploadError,
  type TikTokErrorFields,
} from './errors.ts';
export {
  freshTikTokAccessToken,
  withTikTokAccessToken,
  toStoredTikTokTokens,
  TIKTOK_REFRESH_MARGIN_MS,
  type StoredTikTokTokens,
  type TikTokTokenStore,
} from './fresh-token.ts';
export { sealedTikTokTokenStore, type SealedTokenRow } from './sealed-token-store.ts';
