// The one home of googleapis and google-auth-library: Google OAuth for YouTube accounts and the
// few YouTube Data API v3 calls we publish with. Every call opens a short session (session.ts),
// so nothing here keeps state between calls. The parts: oauth.ts (consent, code, refresh),
// channel.ts (the channel, playlists, a published video's thumbnail and schedule), upload.ts
// (the resumable upload), errors.ts (what a failure means).
export {
  addToPlaylist,
  getOwnChannel,
  listPlaylists,
  setThumbnail,
  updateVideoSchedule,
} from './channel.ts';
export { toYouTubeError, YouTubeError, type YouTubeErrorKind } from './errors.ts';
export { buildAuthUrl, exchangeCode, refreshIfExpiring } from './oauth.ts';
export type { AccountCall, GoogleEndpoints, OAuthClientConfig, YouTubeTokens } from './session.ts';
export {
  querySession,
  sendUploadBytes,
  startUploadSession,
  uploadVideo,
  type UploadedVideo,
  type VideoMetadata,
} from './upload.ts';
