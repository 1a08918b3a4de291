import { randomBytes, randomInt, type Hash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export type FakeMetaEndpoint =
  | 'dialog.oauth'
  | 'dialog.approve'
  | 'oauth.accessToken'
  | 'oauth.exchangeToken'
  | 'me'
  | 'me.accounts'
  | 'ig.media.create'
  | 'ig.upload'
  | 'ig.container.status'
  | 'ig.media.publish'
  | 'ig.publishingLimit'
  | 'ig.media.get'
  | 'ig.media.list'
  | 'fb.reels.start'
  | 'fb.upload'
  | 'fb.reels.finish'
  | 'fb.video.status';

/** Trouble injected into the next `times` requests to one endpoint (after the token passed). */
export interface FakeMetaFault {
  /** HTTP status; default 400 (500 when `code` is 1 or 2). */
  status?: number;
  /** Graph `error.code` (190, 4, 9007...); default 1 ("An unknown error occurred"). */
  code?: number;
  /** Graph `error.error_subcode` (463, 2207027...). */
  subcode?: number;
  message?: string;
  type?: string;
  /** Default 1. */
  times?: number;
  /** Wait this long first; alone, the request is then answered normally. */
  delayMs?: number;
  /** Cut the connection without an answer: a network error for the client. */
  resetConnection?: boolean;
}

export interface FakeMetaApp {
  appId: string;
  appSecret: string;
  /** When given, the dialog and the code exchange accept only these. */
  redirectUris?: string[];
}

export interface FakeInstagramAccount {
  id: string;
  username: string;
}

export interface FakePage {
  id: string;
  name: string;
  instagram: FakeInstagramAccount | undefined;
}

export interface FakeMetaUser {
  id: string;
  name: string;
  pages: FakePage[];
}

export interface FakeMetaUserInput {
  id?: string;
  name: string;
  pages?: { id?: string; name: string; instagram?: { id?: string; username: string } }[];
}

export type TokenKind = 'user' | 'page';

export interface TokenGrant {
  kind: TokenKind;
  appId: string;
  userId: string;
  /** For Page tokens: the Page. */
  pageId: string | undefined;
  scopes: Set<string>;
  /** Epoch ms; undefined: never (Page tokens from a long-lived user token). */
  expiresAt: number | undefined;
  longLived: boolean;
  /** Set by expireTokens(): answered as 190 with this subcode from then on. */
  dead: number | undefined;
}

export interface CodeGrant {
  appId: string;
  userId: string;
  redirectUri: string;
  scopes: Set<string>;
  used: boolean;
  expiresAt: number;
}

/** One visit of the login dialog, valid or not. */
export interface FakeMetaAuthRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scope: string;
  userId: string | undefined;
  outcome: 'pending' | 'approved' | 'denied' | 'error';
  error: string | undefined;
  at: Date;
}

export type FakePostState =
  | 'uploading'
  | 'processing'
  | 'finished'
  | 'published'
  | 'scheduled'
  | 'draft'
  | 'error'
  | 'expired';

/** An Instagram Reel container or a Facebook Page Reel, as the fake received it. */
export interface FakeMetaPost {
  platform: 'instagram' | 'facebook';
  /** The Instagram account id or the Page id. */
  target: string;
  /** The container id (Instagram) or the video id (Facebook). */
  remoteId: string;
  /** The published Instagram media id (Instagram, once published). */
  mediaId: string | undefined;
  caption: string;
  shareToFeed: boolean | undefined;
  /** How the bytes came: rupload (`upload_type=resumable` / video_reels) or `video_url`. */
  source: 'upload' | 'video_url';
  /** file_size announced by the first upload request (undefined before). */
  size: number | undefined;
  /** Bytes received so far (the next offset expected). */
  bytes: number;
  /** sha256 hex of the whole file, once every byte arrived. */
  sha256: string | undefined;
  state: FakePostState;
  /** For ERROR: the 2207xxx subcode (Instagram) or the processing error (Facebook). */
  errorSubcode: number | undefined;
  /** Facebook: video_state asked at finish; scheduled_publish_time (epoch s) when SCHEDULED. */
  videoState: string | undefined;
  scheduledPublishTime: number | undefined;
  permalink: string | undefined;
  /** Status reads still answered "in progress" after the last byte arrived. */
  processingReadsLeft: number;
  /** Each rupload POST: offset and file_size headers, bytes that reached the fake, status. */
  uploads: { offset: number; fileSize: number; bytes: number; status: number }[];
  createdAt: Date;
  publishedAt: Date | undefined;
}

export interface FakeMetaRequest {
  method: string;
  path: string;
  endpoint: FakeMetaEndpoint | undefined;
  query: Record<string, string>;
  /** The status answered; 0 while in flight or when the connection was cut. */
  status: number;
  at: Date;
}

export interface ContainerOutcome {
  /** ERROR with this 2207xxx subcode instead of FINISHED. */
  errorSubcode: number;
  message?: string;
}

export interface FakeMetaState {
  version: string;
  apps: Map<string, FakeMetaApp>;
  users: Map<string, FakeMetaUser>;
  nextConsentUserId: string | undefined;
  autoApprove: boolean;
  authRequests: FakeMetaAuthRequest[];
  codes: Map<string, CodeGrant>;
  tokens: Map<string, TokenGrant>;
  faults: Map<FakeMetaEndpoint, FakeMetaFault[]>;
  /** Endpoints whose next answer is lost: the call takes effect, the connection is cut. */
  loseAnswers: Set<FakeMetaEndpoint>;
  /** Endpoints whose next answer is held (the call takes effect, no answer comes): told when it did. */
  holdAnswers: Map<FakeMetaEndpoint, () => void>;
  posts: FakeMetaPost[];
  /** Running hashes of posts still receiving bytes, by remote id. */
  hashes: Map<string, Hash>;
  /** Scripted outcomes for the next containers (consumed when their bytes are complete). */
  containerOutcomes: ContainerOutcome[];
  /** Status reads answered "in progress" after the last byte (then FINISHED / ready). */
  processingReads: number;
  /** The next rupload POST breaks after this many of its bytes (they are kept). */
  cutNextUploadAfter: number | undefined;
  /** Publishing limits per Instagram account / Page id; defaults 50 and 30. */
  limits: Map<string, number>;
  /** Extra publishes counted as if done in the last 24 h, per target. */
  usedBefore: Map<string, number[]>;
  requests: FakeMetaRequest[];
  pageSize: number;
  lifetime: AbortSignal;
}

/** Every permission the fake knows; a Login for Business configuration (config_id) grants them. */
export const ALL_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'instagram_basic',
  'instagram_content_publish',
  'business_management',
];

export const INSTAGRAM_DAILY_LIMIT = 50;
export const FACEBOOK_REELS_DAILY_LIMIT = 30;
export const DAY_MS = 86_400_000;

export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(30).toString('base64url')}`;
}

/** A numeric id as Meta's (15-17 digits). */
export function numericId(digits = 17): string {
  let id = String(randomInt(1, 10));
  while (id.length < digits) id += String(randomInt(0, 10));
  return id;
}

/** The next fault queued for an endpoint, counted down (gone after its last time). */
export function takeFault(
  state: FakeMetaState,
  endpoint: FakeMetaEndpoint,
): FakeMetaFault | undefined {
  const fault = state.faults.get(endpoint)?.[0];
  if (fault === undefined) return undefined;
  fault.times = (fault.times ?? 1) - 1;
  if (fault.times <= 0) state.faults.get(endpoint)?.shift();
  return fault;
}

/** Lets a delay end early when the fake closes. */
export async function pause(state: FakeMetaState, ms: number): Promise<void> {
  if (ms > 0) await sleep(ms, undefined, { signal: state.lifetime }).catch(() => undefined);
}

/** A post as the first call of its kind makes it: no bytes yet. */
export function newPost(
  platform: FakeMetaPost['platform'],
  target: string,
  fields: Partial<FakeMetaPost> = {},
): FakeMetaPost {
  return {
    platform,
    target,
    remoteId: numericId(platform === 'instagram' ? 17 : 16),
    mediaId: undefined,
    caption: '',
    shareToFeed: undefined,
    source: 'upload',
    size: undefined,
    bytes: 0,
    sha256: undefined,
    state: 'uploading',
    errorSubcode: undefined,
    videoState: undefined,
    scheduledPublishTime: undefined,
    permalink: undefined,
    processingReadsLeft: 0,
    uploads: [],
    createdAt: new Date(),
    publishedAt: undefined,
    ...fields,
  };
}

/** Publishes counted against a target in the rolling 24 hours ending now. */
export function usageOf(state: FakeMetaState, target: string): number {
  const since = Date.now() - DAY_MS;
  const published = state.posts.filter(
    (post) =>
      post.target === target &&
      post.publishedAt !== undefined &&
      post.publishedAt.getTime() > since,
  ).length;
  const earlier = (state.usedBefore.get(target) ?? []).filter((at) => at > since).length;
  return published + earlier;
}
