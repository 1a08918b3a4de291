import { randomBytes, randomInt, type Hash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../fake-apify/http-io.ts';

export type FakeTikTokEndpoint =
  | 'oauth.authorize'
  | 'oauth.consent'
  | 'oauth.token'
  | 'user.info'
  | 'post.creatorInfo'
  | 'post.videoInit'
  | 'post.inboxVideoInit'
  | 'post.upload'
  | 'post.statusFetch';

/** Trouble injected into the next `times` requests to one endpoint (after auth passed). */
export interface FakeTikTokFault {
  /** Answer with this status (default: the code's usual one, else 500). */
  status?: number;
  /** TikTok's error code (`rate_limit_exceeded`, `spam_risk_too_many_posts`, `internal_error`...). */
  code?: string;
  message?: string;
  /** Default 1. */
  times?: number;
  /** Wait this long first; alone, the request is then answered normally. */
  delayMs?: number;
  /** Cut the connection without an answer: a network error for the client. */
  resetConnection?: boolean;
}

export interface FakeTikTokClient {
  clientKey: string;
  clientSecret: string;
  /** When given, the authorize page and the token endpoint accept only these. */
  redirectUris?: string[];
}

export type FakeTikTokPrivacyLevel =
  'PUBLIC_TO_EVERYONE' | 'MUTUAL_FOLLOW_FRIENDS' | 'FOLLOWER_OF_CREATOR' | 'SELF_ONLY';

export interface FakeTikTokAccountInput {
  openId?: string;
  username: string;
  displayName: string;
  avatarUrl?: string;
  /** Default: public accounts PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY; private ones FOLLOWER_OF_CREATOR instead of PUBLIC_TO_EVERYONE. */
  privacyLevelOptions?: string[];
  /** Default false. */
  isPrivate?: boolean;
  /** Default 600. */
  maxVideoPostDurationSec?: number;
  commentDisabled?: boolean;
  duetDisabled?: boolean;
  stitchDisabled?: boolean;
}

export type FakeTikTokAccount = Required<FakeTikTokAccountInput>;

export type FakeTikTokPostStatus =
  | 'PROCESSING_UPLOAD'
  | 'PROCESSING_DOWNLOAD'
  | 'PUBLISH_COMPLETE'
  | 'SEND_TO_USER_INBOX'
  | 'FAILED';

/** One chunk PUT to an upload URL. */
export interface FakeTikTokPut {
  contentRange: string | undefined;
  /** Body bytes that arrived (all, or up to a cut). */
  bytes: number;
  /** The status answered; 0 when the connection was cut. */
  status: number;
  at: Date;
}

/** A post TikTok accepted at init, with what it has received since. */
export interface FakeTikTokPost {
  publishId: string;
  openId: string;
  username: string;
  clientKey: string;
  mode: 'direct' | 'inbox';
  /** `post_info` as sent (direct posts). */
  postInfo: Record<string, unknown> | undefined;
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
  uploadUrl: string;
  /** Bytes of whole chunks received in order (what `uploaded_bytes` says). */
  receivedBytes: number;
  chunksReceived: number;
  /** sha256 (hex) of the file once every chunk arrived. */
  sha256: string | undefined;
  status: FakeTikTokPostStatus;
  failReason: string | undefined;
  /** The id a published direct post gets (public ones are listed in the status). */
  postId: string | undefined;
  /** Set by `finishInboxDraft`: the creator posted or deleted the draft in the app. */
  draftHandled: boolean;
  puts: FakeTikTokPut[];
  createdAt: Date;
  uploadedAt: Date | undefined;
}

export interface FakeTikTokRequest {
  method: string;
  path: string;
  endpoint: FakeTikTokEndpoint | undefined;
  query: Record<string, string>;
  /** The status answered; 0 while in flight or when the connection was cut. */
  status: number;
  /** TikTok's error code when the answer was an error. */
  errorCode: string | undefined;
  at: Date;
}

export interface FakeTikTokAuthRequest {
  id: string;
  clientKey: string;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  responseType: string | undefined;
  openId: string | undefined;
  outcome: 'pending' | 'approved' | 'denied' | 'error';
  error: string | undefined;
  at: Date;
}

export interface Grant {
  clientKey: string;
  openId: string;
  scopes: string[];
}

export interface FakeTikTokRules {
  /** Unaudited clients: direct posts only SELF_ONLY to private accounts, 5 posting users a day. */
  unaudited: boolean;
  /** Direct posts per account in 24 h (TikTok: about 15). */
  dailyDirectPostCap: number;
  /** Inbox drafts waiting for the creator in 24 h (TikTok: 5). */
  pendingInboxCap: number;
  /** Distinct accounts an unaudited client may direct-post for in 24 h (TikTok: 5). */
  activeUserCap: number;
  /** Requests a minute per access token. */
  rateLimits: Record<
    'post.creatorInfo' | 'post.videoInit' | 'post.inboxVideoInit' | 'post.statusFetch',
    number
  >;
  /** Status answers with PROCESSING_DOWNLOAD once the bytes are in, before the final one. */
  processingStatusCalls: number;
  /** When set, processing ends this long after the last byte instead (whatever the calls). */
  processingDelayMs: number | undefined;
}

export const DEFAULT_RULES: FakeTikTokRules = {
  unaudited: true,
  dailyDirectPostCap: 15,
  pendingInboxCap: 5,
  activeUserCap: 5,
  rateLimits: {
    'post.creatorInfo': 20,
    'post.videoInit': 6,
    'post.inboxVideoInit': 6,
    'post.statusFetch': 30,
  },
  processingStatusCalls: 1,
  processingDelayMs: undefined,
};

export interface FakeTikTokState {
  origin: string;
  clients: Map<string, FakeTikTokClient>;
  accounts: Map<string, FakeTikTokAccount>;
  nextConsentOpenId: string | undefined;
  /** The scopes the member leaves ticked on the next consent (then cleared); all when unset. */
  nextConsentScopes: string[] | undefined;
  autoApprove: boolean;
  authRequests: FakeTikTokAuthRequest[];
  codes: Map<string, Grant & { redirectUri: string; used: boolean; expiresAt: number }>;
  refreshTokens: Map<string, Grant & { expiresAt: number }>;
  accessTokens: Map<string, Grant & { expiresAt: number }>;
  rules: FakeTikTokRules;
  /** Per `${endpoint} ${token}`: times of the calls in the last minute. */
  calls: Map<string, number[]>;
  faults: Map<FakeTikTokEndpoint, FakeTikTokFault[]>;
  posts: FakeTikTokPost[];
  /** Per publish id: upload token, running hash, hash of each chunk, processing answers given. */
  media: Map<
    string,
    { uploadToken: string; hash: Hash; chunkHashes: string[]; processingAnswers: number }
  >;
  /** The next post to finish uploading ends FAILED with this reason. */
  failNextPost: string | undefined;
  /** Per publish id: FAILED with this reason when its processing ends. */
  pendingFailures: Map<string, string>;
  /** The next chunk PUT (for that chunk, when given) is cut after this many of its bytes. */
  cutNextUpload: { afterBytes: number; chunk: number | undefined } | undefined;
  requests: FakeTikTokRequest[];
  /** Endpoints whose answers wait (their work done) until released. */
  holding: Set<FakeTikTokEndpoint>;
  held: { endpoint: FakeTikTokEndpoint; release: () => void }[];
  /** Called when an answer of their endpoint is held. */
  heldWaiters: { endpoint: FakeTikTokEndpoint; resolve: () => void }[];
  lifetime: AbortSignal;
}

export const ACCESS_TOKEN_LIFETIME_SECS = 7200;
export const REFRESH_TOKEN_LIFETIME_SECS = 180 * 24 * 3600;
export const DAY_MS = 24 * 3600 * 1000;

export function randomToken(prefix: string, bytes = 30): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** TikTok's log ids: a UTC timestamp and hex. */
export function logId(): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex').toUpperCase()}`;
}

/** A 19-digit post id (an int64 beyond JS numbers' exact range, as TikTok's are). */
export function postId(): string {
  return `7${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 9)).padStart(9, '0')}`;
}

const STATUS_BY_CODE: Record<string, number> = {
  ok: 200,
  invalid_params: 400,
  privacy_level_option_mismatch: 400,
  access_token_invalid: 401,
  scope_not_authorized: 401,
  spam_risk_too_many_posts: 403,
  spam_risk_too_many_pending_share: 403,
  spam_risk_user_banned_from_posting: 403,
  reached_active_user_cap: 403,
  unaudited_client_can_only_post_to_private_accounts: 403,
  url_ownership_unverified: 403,
  not_found: 404,
  rate_limit_exceeded: 429,
  internal_error: 500,
};

const MESSAGE_BY_CODE: Record<string, string> = {
  access_token_invalid: 'The access token is invalid or not found in the request.',
  scope_not_authorized:
    'The user did not authorize the scope required for completing this request.',
  rate_limit_exceeded: 'The API rate limit was exceeded. Please try again later.',
  spam_risk_too_many_posts: 'The daily post cap from the API is reached for the current user.',
  spam_risk_too_many_pending_share:
    'The number of pending shares has reached the limit of 5 within any 24-hour period.',
  spam_risk_user_banned_from_posting: 'The user is banned from making new posts.',
  reached_active_user_cap:
    'The daily quota for active publishing users from your client is reached.',
  unaudited_client_can_only_post_to_private_accounts:
    'Unaudited clients can only post to a private account.',
  privacy_level_option_mismatch:
    'privacy_level is not one of the privacy_level_options of the creator.',
  url_ownership_unverified:
    'To use a URL as the media source, verify the ownership of its URL prefix or domain.',
  internal_error: 'Something went wrong. Please try again later.',
};

export function statusOfCode(code: string): number {
  return STATUS_BY_CODE[code] ?? 500;
}

/** Every API answer: `{ data, error: { code, message, log_id } }`. */
export function sendApi(res: ServerResponse, data: unknown): void {
  sendJson(res, 200, { data, error: { code: 'ok', message: '', log_id: logId() } });
}

export function sendApiError(
  res: ServerResponse,
  code: string,
  message?: string,
  status?: number,
): void {
  res.setHeader('x-tt-error-code', code);
  sendJson(res, status ?? statusOfCode(code), {
    data: {},
    error: { code, message: message ?? MESSAGE_BY_CODE[code] ?? code, log_id: logId() },
  });
}

/** The token endpoint's errors: `{ error, error_description, log_id }`. */
export function sendOAuthError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
): void {
  res.setHeader('x-tt-error-code', error);
  sendJson(res, status, { error, error_description: description, log_id: logId() });
}

export function takeFault(
  state: FakeTikTokState,
  endpoint: FakeTikTokEndpoint,
): FakeTikTokFault | undefined {
  const queue = state.faults.get(endpoint);
  const fault = queue?.[0];
  if (!queue || !fault) return undefined;
  fault.times = (fault.times ?? 1) - 1;
  if (fault.times <= 0) queue.shift();
  return fault;
}
