import { randomBytes, type Hash } from 'node:crypto';

export type FakeGoogleEndpoint =
  | 'oauth.authorize'
  | 'oauth.approve'
  | 'oauth.token'
  | 'channels.list'
  | 'playlists.list'
  | 'videos.insert'
  | 'videos.insert.upload'
  | 'videos.update'
  | 'thumbnails.set'
  | 'playlistItems.insert'
  | 'gemini.generateContent'
  | 'gemini.countTokens'
  | 'gemini.listModels';

/** Trouble injected into the next `times` requests to one endpoint (after auth passed). */
export interface FakeGoogleFault {
  /** Answer with this status in the endpoint's error shape (default from `reason`). */
  status?: number;
  /** YouTube error reason (`quotaExceeded`, `uploadLimitExceeded`, `forbidden`...). */
  reason?: string;
  message?: string;
  /** Default 1. */
  times?: number;
  /** Wait this long first; alone, the request is then answered normally. */
  delayMs?: number;
  /** Cut the connection without an answer: a network error for the client. */
  resetConnection?: boolean;
}

export interface FakeOAuthClient {
  clientId: string;
  clientSecret: string;
  /** When given, the authorize page and the token endpoint accept only these. */
  redirectUris?: string[];
}

export interface FakePlaylist {
  id: string;
  title: string;
}

export interface FakeChannel {
  id: string;
  title: string;
  playlists: FakePlaylist[];
}

export interface FakeChannelInput {
  id?: string;
  title: string;
  playlists?: { id?: string; title: string }[];
}

/** One visit of the authorize page, valid or not. */
export interface FakeAuthRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scope: string;
  accessType: string | undefined;
  prompt: string | undefined;
  includeGrantedScopes: string | undefined;
  responseType: string | undefined;
  /** The channel this consent grants (undefined when the request was refused). */
  channelId: string | undefined;
  /** pending until the page's Allow or Cancel; `error` when the request was refused. */
  outcome: 'pending' | 'approved' | 'denied' | 'error';
  error: string | undefined;
  at: Date;
}

export interface FakeMediaInfo {
  sha256: string;
  size: number;
  mimeType: string;
  /** The bytes, when they fit in `maxKeptUploadBytes`. */
  bytes: Buffer | undefined;
}

export interface FakeUpload extends FakeMediaInfo {
  id: string;
  channelId: string;
  /** The OAuth client whose token sent it (its quota paid for it). */
  clientId: string;
  /** The `part` parameter as sent. */
  part: string[];
  snippet: Record<string, unknown>;
  status: Record<string, unknown>;
  /** The privacy the answer gave: `private` for an unaudited project, else what was asked. */
  answeredPrivacyStatus: string;
  notifySubscribers: string | undefined;
  receivedAt: Date;
}

/** One `PUT` to a resumable session: a status query (`bytes *\/N`, no body) or bytes. */
export interface FakeUploadSessionPut {
  /** The Content-Range header as sent (undefined: none, the whole media from byte 0). */
  contentRange: string | undefined;
  /** Media bytes of this PUT that reached the session (all of them, or up to a cut). */
  bytes: number;
  /** The status answered; 0 when the connection was cut. */
  status: number;
  at: Date;
}

/** A resumable upload session (`uploadType=resumable`), as YouTube keeps it for about a week. */
export interface FakeUploadSession {
  id: string;
  /** The session URL answered in `Location`. */
  url: string;
  channelId: string;
  clientId: string;
  part: string[];
  snippet: Record<string, unknown>;
  status: Record<string, unknown>;
  notifySubscribers: string | undefined;
  /** X-Upload-Content-Length (or the total of the first Content-Range). */
  size: number | undefined;
  /** X-Upload-Content-Type. */
  mimeType: string;
  /** Media bytes the session holds (the next byte expected is this one). */
  received: number;
  /** The video once the last byte arrived. */
  videoId: string | undefined;
  /** Expired sessions answer 404. */
  expired: boolean;
  puts: FakeUploadSessionPut[];
  createdAt: Date;
}

export interface FakeThumbnail extends FakeMediaInfo {
  videoId: string;
  channelId: string;
  receivedAt: Date;
}

export interface FakePlaylistItem {
  id: string;
  playlistId: string;
  videoId: string;
  channelId: string;
  position: number;
}

export interface FakeGeminiReply {
  text?: string;
  /** STOP by default; SAFETY, RECITATION or LANGUAGE make the SDK's `text()` throw. */
  finishReason?: string;
  /** The prompt itself blocked: no candidates, `promptFeedback.blockReason`. */
  blockReason?: string;
}

export interface FakeGeminiCall {
  endpoint: 'gemini.generateContent' | 'gemini.countTokens';
  model: string;
  apiKey: string;
  /** The text parts of the request, joined by newlines. */
  prompt: string;
  generationConfig: unknown;
  at: Date;
}

export interface FakeGoogleRequest {
  method: string;
  path: string;
  endpoint: FakeGoogleEndpoint | undefined;
  query: Record<string, string>;
  /** The status answered; 0 while in flight or when the connection was cut. */
  status: number;
  at: Date;
}

export interface FakeGoogleStats {
  /** refresh_token grants answered, successful or not. */
  refreshes: number;
  /** authorization_code grants answered, successful or not. */
  codeExchanges: number;
  /** Media bytes received by videos.insert so far, counted as they arrive. */
  uploadBytesReceived: number;
  /** videos.insert requests cut off by the client before the body ended. */
  abortedUploads: number;
  /** The most videos.insert requests ever in flight at once for one channel. */
  maxConcurrentUploadsPerChannel: number;
}

export interface Grant {
  clientId: string;
  channelId: string;
  scope: string;
}

export interface CodeGrant extends Grant {
  redirectUri: string;
  accessType: string | undefined;
  prompt: string | undefined;
  used: boolean;
  expiresAt: number;
}

export interface RefreshGrant extends Grant {
  revoked: boolean;
}

export interface AccessGrant extends Grant {
  expiresAt: number;
}

/** Daily limits of the two quota buckets, per OAuth client. */
export interface FakeQuotaLimits {
  /** videos.insert calls a day (1 each). */
  dailyUploads: number;
  /** Units a day for every other call. */
  dailyUnits: number;
}

export interface FakeQuotaUsage {
  uploads: number;
  units: number;
}

export interface FakeGoogleState {
  clients: Map<string, FakeOAuthClient>;
  channels: Map<string, FakeChannel>;
  nextConsentChannelId: string | undefined;
  autoApprove: boolean;
  accessTokenLifetimeSecs: number;
  authRequests: FakeAuthRequest[];
  codes: Map<string, CodeGrant>;
  refreshTokens: Map<string, RefreshGrant>;
  accessTokens: Map<string, AccessGrant>;
  /** clientId + channelId pairs that consented once: without prompt=consent no new refresh token. */
  consented: Set<string>;
  pendingRefreshFailures: string[];
  faults: Map<FakeGoogleEndpoint, FakeGoogleFault[]>;
  uploadDelayMs: number;
  maxKeptUploadBytes: number;
  maxUploadBytes: number;
  uploads: FakeUpload[];
  uploadSessions: FakeUploadSession[];
  /** Per session id: the running hash and the bytes kept (up to maxKeptUploadBytes). */
  sessionMedia: Map<string, { hash: Hash; kept: Buffer[]; keptBytes: number }>;
  /** The next PUT with bytes is cut (connection destroyed) after this many of its bytes. */
  cutNextUploadAfter: { bytes: number; thenExpire: boolean } | undefined;
  /** The next PUT that completes a video has its answer lost (connection destroyed). */
  loseNextUploadAnswer: boolean;
  /** While set, a PUT that completed a video waits before answering (until released). */
  holdUploadAnswers: boolean;
  heldUploadAnswers: Array<() => void>;
  thumbnails: FakeThumbnail[];
  playlistItems: FakePlaylistItem[];
  inFlightUploads: Map<string, number>;
  quota: {
    limits: FakeQuotaLimits;
    /** By `${clientId}|${Pacific date}`. */
    usage: Map<string, FakeQuotaUsage>;
  };
  /** true: every client's project is unaudited; a set: those client ids'. */
  unaudited: boolean | Set<string>;
  stats: FakeGoogleStats;
  geminiKeys: Set<string>;
  geminiReply: FakeGeminiReply | undefined;
  geminiCalls: FakeGeminiCall[];
  requests: FakeGoogleRequest[];
  /** Aborted when the fake closes: pending delays end at once. */
  lifetime: AbortSignal;
}

export function emptyStats(): FakeGoogleStats {
  return {
    refreshes: 0,
    codeExchanges: 0,
    uploadBytesReceived: 0,
    abortedUploads: 0,
    maxConcurrentUploadsPerChannel: 0,
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Random characters from YouTube's id alphabet (base64url). */
export function randomId(length: number): string {
  return Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % 64]).join('');
}

export const channelId = (): string => `UC${randomId(22)}`;
export const playlistId = (): string => `PL${randomId(32)}`;
export const videoId = (): string => randomId(11);

export function takeFault(
  state: FakeGoogleState,
  endpoint: FakeGoogleEndpoint,
): FakeGoogleFault | undefined {
  const queue = state.faults.get(endpoint);
  const fault = queue?.[0];
  if (!queue || !fault) return undefined;
  fault.times = (fault.times ?? 1) - 1;
  if (fault.times <= 0) queue.shift();
  return fault;
}

/** Lets a delay end early when the fake closes. */
export async function pause(state: FakeGoogleState, ms: number): Promise<void> {
  if (ms <= 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      state.lifetime.removeEventListener('abort', done);
      resolve();
    }
    state.lifetime.addEventListener('abort', done, { once: true });
  });
}
