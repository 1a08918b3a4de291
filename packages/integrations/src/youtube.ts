// The one home of googleapis and google-auth-library: Google OAuth for YouTube accounts and the
// few YouTube Data API v3 calls we publish with. Every call opens a short session (an
// OAuth2Client holding the stored tokens), so nothing here keeps state between calls; new tokens
// the client obtains on the way are handed to `onTokens` for the caller to store.
import { Readable, Transform } from 'node:stream';
import { youtube, type MethodOptions, type youtube_v3 } from '@googleapis/youtube';
import { OAuth2Client, type Credentials } from 'google-auth-library';
import { toYouTubeError, YouTubeError } from './youtube-errors.ts';

export { toYouTubeError, YouTubeError, type YouTubeErrorKind } from './youtube-errors.ts';

/** Where Google is; each undefined field means the real Google. */
export interface GoogleEndpoints {
  /** googleapis rootUrl, e.g. `https://youtube.googleapis.com/` (GOOGLE_API_ROOT_URL). */
  apiRootUrl?: string;
  /** GOOGLE_OAUTH_AUTH_URL, e.g. `https://accounts.google.com/o/oauth2/v2/auth`. */
  oauthAuthUrl?: string;
  /** GOOGLE_OAUTH_TOKEN_URL, e.g. `https://oauth2.googleapis.com/token`. */
  oauthTokenUrl?: string;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface YouTubeTokens {
  accessToken: string;
  /** Null when Google gave none (no offline access); the account then cannot refresh. */
  refreshToken: string | null;
  /** Epoch milliseconds; null when unknown. */
  expiryDate: number | null;
  /** Space-separated scopes Google granted. */
  scope: string | null;
}

/** Called with the full token set whenever the OAuth client got new tokens. */
export type OnTokens = (tokens: YouTubeTokens) => void | Promise<void>;

/**
 * `youtube` alone: it covers every call we make (channels.list and playlists.list mine=true,
 * videos.insert, thumbnails.set, playlistItems.insert). `youtube.upload` + `youtube.readonly`
 * would not do, as playlistItems.insert needs `youtube`, `youtube.force-ssl` or `youtubepartner`,
 * and each of those covers the rest anyway.
 */
export const YOUTUBE_SCOPES: string[] = ['https://www.googleapis.com/auth/youtube'];

export type PrivacyStatus = 'public' | 'private' | 'unlisted';

export interface VideoMetadata {
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: PrivacyStatus;
  /** Set: a scheduled video, uploaded private with status.publishAt (what YouTube requires). */
  publishAt: Date | null;
  madeForKids: boolean;
  /** Realistic altered or synthetic content ("Konten sintetis/diubah"), YouTube's label since 2024-10-30. */
  containsSyntheticMedia: boolean;
}

/** What YouTube answered to videos.insert. */
export interface UploadedVideo {
  videoId: string;
  /**
   * The privacy YouTube gave the video. Unaudited API projects get `private` whatever was
   * asked; null when the answer did not say.
   */
  privacyStatus: PrivacyStatus | null;
}

export interface AccountCall {
  client: OAuthClientConfig;
  endpoints: GoogleEndpoints;
  tokens: YouTubeTokens;
  onTokens?: OnTokens;
  signal?: AbortSignal;
}

export interface UploadVideoArgs extends AccountCall {
  metadata: VideoMetadata;
  media: NodeJS.ReadableStream | Readable;
  mimeType: string;
  /** The media's exact size in bytes: the session is opened for it, progress comes about every 1 %. */
  size: number;
  /** Media bytes handed to the connection so far; the last call carries the total. */
  onProgress?: (bytesSent: number) => void;
}

export interface SetThumbnailArgs extends AccountCall {
  videoId: string;
  media: NodeJS.ReadableStream | Readable;
  mimeType: string;
}

export interface AddToPlaylistArgs extends AccountCall {
  playlistId: string;
  videoId: string;
}

/** Reads are small; a stuck one should fail rather than hang a request. Uploads have no limit. */
const READ_TIMEOUT_MS = 60_000;
/** googleapis' own rootUrl for the YouTube Data API, used when none is configured. */
const GOOGLE_API_ROOT = 'https://youtube.googleapis.com/';
/** Pages of playlists.list read at most (50 each): 1,000 playlists. */
const MAX_PLAYLIST_PAGES = 20;

/**
 * The consent URL. `access_type=offline` + `prompt=consent` make Google hand out a refresh token
 * on every consent (without `prompt=consent` only the first consent of a user gets one).
 */
export function buildAuthUrl(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  state: string,
): string {
  return oauthClient(client, endpoints).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: true,
    scope: YOUTUBE_SCOPES,
    state,
  });
}

/** Trades the code from the redirect for tokens. Codes are single-use: a second try is invalid_grant. */
export async function exchangeCode(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  code: string,
): Promise<YouTubeTokens> {
  try {
    const { tokens } = await oauthClient(client, endpoints).getToken({
      code,
      redirect_uri: client.redirectUri,
    });
    return mergeTokens(null, tokens);
  } catch (error) {
    throw toYouTubeError(error);
  }
}

export async function getOwnChannel(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  tokens: YouTubeTokens,
  onTokens?: OnTokens,
): Promise<{ channelId: string; title: string }> {
  return withSession({ client, endpoints, tokens, onTokens }, async (session) => {
    const res = await session.api.channels.list(
      { part: ['snippet'], mine: true },
      session.options({ timeout: READ_TIMEOUT_MS }),
    );
    const channel = res.data.items?.[0];
    if (!channel?.id) {
      throw new YouTubeError('notFound', 'This Google account has no YouTube channel', {
        status: res.status,
        userMessage:
          'Akun Google ini belum memiliki channel YouTube. Buat channel terlebih dahulu.',
      });
    }
    return { channelId: channel.id, title: channel.snippet?.title ?? '' };
  });
}

/** Every playlist of the account's channel, all pages. */
export async function listPlaylists(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  tokens: YouTubeTokens,
  onTokens?: OnTokens,
): Promise<{ id: string; title: string }[]> {
  return withSession({ client, endpoints, tokens, onTokens }, async (session) => {
    const playlists: { id: string; title: string }[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PLAYLIST_PAGES; page++) {
      const res = await session.api.playlists.list(
        { part: ['snippet'], mine: true, maxResults: 50, ...(pageToken ? { pageToken } : {}) },
        session.options({ timeout: READ_TIMEOUT_MS }),
      );
      for (const item of res.data.items ?? []) {
        if (item.id) playlists.push({ id: item.id, title: item.snippet?.title ?? '' });
      }
      pageToken = res.data.nextPageToken ?? undefined;
      if (!pageToken) break;
    }
    return playlists;
  });
}

/**
 * Refreshes the access token when it expires within `withinMs` (or its expiry is unknown);
 * null when it is still good. Throws YouTubeError `invalid_grant` when Google refuses the refresh
 * token (revoked, expired, or a Testing-mode app's 7 days are over): the account must reconnect.
 */
export async function refreshIfExpiring(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  tokens: YouTubeTokens,
  withinMs = 10 * 60_000,
): Promise<YouTubeTokens | null> {
  if (tokens.expiryDate !== null && tokens.expiryDate - Date.now() > withinMs) return null;
  if (!tokens.refreshToken) {
    throw new YouTubeError('invalid_grant', 'No refresh token stored for this account', {
      reason: 'invalid_grant',
    });
  }
  const auth = oauthClient(client, endpoints);
  auth.setCredentials(toCredentials(tokens));
  try {
    const { credentials } = await auth.refreshAccessToken();
    return mergeTokens(tokens, credentials);
  } catch (error) {
    throw toYouTubeError(error);
  }
}

/**
 * Uploads a whole video with YouTube's resumable protocol in one go: opens the session, then
 * sends every byte. `onSession` is awaited between the two, before any byte leaves, so a caller
 * can store the session URL and ask it later what YouTube got ({@link querySession}).
 */
export async function uploadVideo(
  args: UploadVideoArgs & { onSession?: (sessionUrl: string) => void | Promise<void> },
): Promise<UploadedVideo> {
  const sessionUrl = await startUploadSession(args);
  await args.onSession?.(sessionUrl);
  return sendUploadBytes({ ...args, sessionUrl, from: 0 });
}

export interface StartUploadSessionArgs extends AccountCall {
  metadata: VideoMetadata;
  mimeType: string;
  /** The exact number of bytes that will be sent: a resumed session is asked for them again. */
  size: number;
}

/**
 * Opens a resumable upload session: `POST upload/youtube/v3/videos?uploadType=resumable` with the
 * metadata as JSON and the media's length and type in `X-Upload-Content-*`. The answer's
 * `Location` is the session URL the bytes go to. This is the videos.insert Google counts (one of
 * the day's uploads); the PUTs to the session, and asking it for its state, are not.
 */
export async function startUploadSession(args: StartUploadSessionArgs): Promise<string> {
  return withSession(args, async (session) => {
    const res = await session.auth.request<unknown>({
      url: `${session.rootUrl}upload/youtube/v3/videos`,
      method: 'POST',
      params: { uploadType: 'resumable', part: 'snippet,status' },
      headers: {
        'Content-Type': 'application/json; charset=UTF-8',
        'X-Upload-Content-Length': String(args.size),
        'X-Upload-Content-Type': args.mimeType,
      },
      data: videoResource(args.metadata),
      responseType: 'text',
      timeout: READ_TIMEOUT_MS,
      ...session.signalOption,
    });
    const location = res.headers.get('location');
    if (!location) {
      throw new YouTubeError('other', 'YouTube opened no upload session (no Location header)', { status: res.status });
    }
    return location;
  });
}

/** What a resumable session holds, as `PUT` with `Content-Range: bytes *\/N` tells. */
export type UploadSessionState =
  /** Every byte arrived and the video exists: nothing more is sent. */
  | { kind: 'finished'; video: UploadedVideo }
  /** YouTube has the first `received` bytes (308 Resume Incomplete): send the rest. */
  | { kind: 'incomplete'; received: number }
  /** The session is gone (404/410; sessions live about a week): a new one is needed. */
  | { kind: 'expired' };

export interface QuerySessionArgs extends AccountCall {
  sessionUrl: string;
  size: number;
}

/** Asks a resumable session for its state with an empty `PUT` (`Content-Range: bytes *\/size`). */
export async function querySession(args: QuerySessionArgs): Promise<UploadSessionState> {
  return withSession(args, async (session) => {
    const res = await session.auth.request<unknown>({
      url: args.sessionUrl,
      method: 'PUT',
      headers: { 'Content-Range': `bytes */${args.size}` },
      data: '',
      responseType: 'text',
      timeout: READ_TIMEOUT_MS,
      validateStatus: (status) => (status >= 200 && status < 300) || status === 308 || status === 404 || status === 410,
      ...session.signalOption,
    });
    if (res.status === 404 || res.status === 410) return { kind: 'expired' };
    if (res.status === 308) return { kind: 'incomplete', received: receivedOf(res.headers.get('range')) };
    return { kind: 'finished', video: uploadedOf(res.data) };
  });
}

export interface SendUploadBytesArgs extends AccountCall {
  sessionUrl: string;
  /** The whole media's size, as the session was opened for. */
  size: number;
  /** The first byte to send (what the session already holds); `media` starts at this byte. */
  from: number;
  media: NodeJS.ReadableStream | Readable;
  mimeType: string;
  /** Media bytes handed to the connection so far, counted from byte 0 of the whole media. */
  onProgress?: (bytesSent: number) => void;
}

/**
 * Sends bytes `from`..`size - 1` to the session in one `PUT` (`Content-Range: bytes
 * from-(size-1)/size`), streamed from `media` and never held whole. The answer to the last byte is
 * the video resource. A 308 here means YouTube kept less than was sent: retryable, and the retry
 * asks the session where to go on from.
 */
export async function sendUploadBytes(args: SendUploadBytesArgs): Promise<UploadedVideo> {
  const progress = progressReporter(args.onProgress, args.size);
  return withMedia(args, async (session, body) => {
    let sent = args.from;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sent += chunk.length;
          progress.report(sent);
          done(null, chunk);
        },
      }),
    );
    body.once('error', (error) => counted.destroy(error));
    const res = await session.auth.request<unknown>({
      url: args.sessionUrl,
      method: 'PUT',
      headers: {
        'Content-Type': args.mimeType,
        'Content-Range': args.size > 0 ? `bytes ${args.from}-${args.size - 1}/${args.size}` : 'bytes */0',
      },
      data: counted,
      responseType: 'text',
      validateStatus: (status) => (status >= 200 && status < 300) || status === 308,
      ...session.signalOption,
    });
    progress.finish();
    if (res.status === 308) {
      throw new YouTubeError('server', `YouTube kept ${receivedOf(res.headers.get('range'))} of ${args.size} bytes`, {
        status: 308,
      });
    }
    return uploadedOf(res.data);
  });
}

/** `Range: bytes=0-K` of a 308: K + 1 bytes arrived; no header: none did. */
function receivedOf(range: string | null): number {
  const match = /^bytes=0-(\d+)$/.exec(range?.trim() ?? '');
  return match ? Number(match[1]) + 1 : 0;
}

function uploadedOf(data: unknown): UploadedVideo {
  let video: youtube_v3.Schema$Video = {};
  try {
    video = (typeof data === 'string' ? JSON.parse(data) : data) as youtube_v3.Schema$Video;
  } catch {
    // not JSON: no id below
  }
  const videoId = video.id;
  if (!videoId) throw new YouTubeError('other', 'YouTube answered the upload without a video id');
  return { videoId, privacyStatus: privacyOf(video.status?.privacyStatus) };
}

export async function setThumbnail(args: SetThumbnailArgs): Promise<void> {
  await withMedia(args, async (session, body) => {
    await session.api.thumbnails.set(
      { videoId: args.videoId, media: { mimeType: args.mimeType, body } },
      session.options({}),
    );
  });
}

export async function addToPlaylist(args: AddToPlaylistArgs): Promise<void> {
  await withSession(args, async (session) => {
    await session.api.playlistItems.insert(
      {
        part: ['snippet'],
        requestBody: {
          snippet: {
            playlistId: args.playlistId,
            resourceId: { kind: 'youtube#video', videoId: args.videoId },
          },
        },
      },
      session.options({ timeout: READ_TIMEOUT_MS }),
    );
  });
}

export interface UpdateScheduleArgs extends AccountCall {
  videoId: string;
  /** The new publish time; null drops the schedule and leaves the video private. */
  publishAt: Date | null;
  /** status.selfDeclaredMadeForKids and containsSyntheticMedia, sent again: videos.update replaces the whole status part. */
  madeForKids: boolean;
  containsSyntheticMedia: boolean;
}

/**
 * videos.update with `part=status` (50 units): a scheduled video moved to another time, or
 * left private without one (a cancelled schedule). The status part is replaced whole, so the
 * other status fields the product sets go along.
 */
export async function updateVideoSchedule(args: UpdateScheduleArgs): Promise<void> {
  await withSession(args, async (session) => {
    await session.api.videos.update(
      {
        part: ['status'],
        requestBody: {
          id: args.videoId,
          status: {
            privacyStatus: 'private',
            ...(args.publishAt ? { publishAt: args.publishAt.toISOString() } : {}),
            selfDeclaredMadeForKids: args.madeForKids,
            containsSyntheticMedia: args.containsSyntheticMedia,
          },
        },
      },
      session.options({ timeout: READ_TIMEOUT_MS }),
    );
  });
}

/** The Video resource for videos.insert. Scheduling forces private: YouTube requires it. */
export function videoResource(metadata: VideoMetadata): youtube_v3.Schema$Video {
  const scheduled = metadata.publishAt !== null;
  return {
    snippet: {
      title: metadata.title,
      description: metadata.description,
      tags: metadata.tags,
      categoryId: metadata.categoryId,
    },
    status: {
      privacyStatus: scheduled ? 'private' : metadata.privacyStatus,
      ...(metadata.publishAt ? { publishAt: metadata.publishAt.toISOString() } : {}),
      selfDeclaredMadeForKids: metadata.madeForKids,
      containsSyntheticMedia: metadata.containsSyntheticMedia,
    },
  };
}

function privacyOf(value: string | null | undefined): PrivacyStatus | null {
  return value === 'public' || value === 'private' || value === 'unlisted' ? value : null;
}

interface Session {
  api: youtube_v3.Youtube;
  /** The authorized client, for the raw calls of the resumable protocol (it adds the token and refreshes). */
  auth: OAuth2Client;
  /** The API root with a trailing slash (Google's unless configured). */
  rootUrl: string;
  /** The abort signal, as request options. */
  signalOption: { signal?: AbortSignal };
  /**
   * Per-call options: rootUrl on every call (googleapis applies the client-level one to all but
   * media uploads, which go to Google unless told otherwise) and the abort signal.
   */
  options(extra: MethodOptions): MethodOptions;
}

/**
 * Runs `work` with an API client on the account's tokens. New tokens (an implicit refresh) go to
 * `onTokens`, which is awaited before this returns; its failure is not ours to report, and must
 * not turn a finished upload into a failed one, so it is ignored here (the caller logs inside it).
 */
async function withSession<T>(
  call: AccountCall,
  work: (session: Session) => Promise<T>,
  requestSignal: AbortSignal | undefined = call.signal,
): Promise<T> {
  const auth = oauthClient(call.client, call.endpoints);
  auth.setCredentials(toCredentials(call.tokens));
  let current = call.tokens;
  const saving: Promise<void>[] = [];
  auth.on('tokens', (fresh) => {
    current = mergeTokens(current, fresh);
    const snapshot = current;
    const onTokens = call.onTokens;
    if (onTokens) saving.push(Promise.resolve().then(() => onTokens(snapshot)));
  });
  const rootUrl = normalizeRootUrl(call.endpoints.apiRootUrl);
  const api = youtube({ version: 'v3', auth, ...(rootUrl ? { rootUrl } : {}) });
  const session: Session = {
    api,
    auth,
    rootUrl: rootUrl ?? GOOGLE_API_ROOT,
    signalOption: requestSignal ? { signal: requestSignal } : {},
    options: (extra) => ({
      ...extra,
      ...(rootUrl ? { rootUrl } : {}),
      ...(requestSignal ? { signal: requestSignal } : {}),
    }),
  };
  try {
    if (call.signal?.aborted) throw cancelled(call.signal);
    return await work(session);
  } catch (error) {
    if (call.signal?.aborted) throw cancelled(call.signal, error);
    throw toYouTubeError(error);
  } finally {
    await Promise.allSettled(saving);
  }
}

/**
 * A session for a media upload. googleapis pipes the media with `pipe()`, which does not pass a
 * read error on: the request body would never end and the upload would hang. So a read error
 * aborts the request here. The stream is ours once handed over: closed when the call ends.
 */
async function withMedia<T>(
  call: AccountCall & { media: NodeJS.ReadableStream | Readable },
  work: (session: Session, body: Readable) => Promise<T>,
): Promise<T> {
  const body = asReadable(call.media);
  const readFailure = new AbortController();
  const onError = (error: unknown): void => readFailure.abort(error);
  body.on('error', onError);
  const signal = call.signal
    ? AbortSignal.any([call.signal, readFailure.signal])
    : readFailure.signal;
  try {
    return await withSession(call, (session) => work(session, body), signal);
  } catch (error) {
    if (readFailure.signal.aborted && !call.signal?.aborted) {
      const reason: unknown = readFailure.signal.reason;
      throw new YouTubeError('other', `Reading the media failed: ${messageOf(reason)}`, {
        userMessage: 'File tidak dapat dibaca untuk diupload ke YouTube.',
        cause: reason,
      });
    }
    throw error;
  } finally {
    body.off('error', onError);
    if (!body.readableEnded) body.destroy();
  }
}

function oauthClient(client: OAuthClientConfig, endpoints: GoogleEndpoints): OAuth2Client {
  // Only the overridden endpoints: an undefined value would replace Google's default.
  return new OAuth2Client({
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: client.redirectUri,
    endpoints: {
      ...(endpoints.oauthAuthUrl ? { oauth2AuthBaseUrl: endpoints.oauthAuthUrl } : {}),
      ...(endpoints.oauthTokenUrl ? { oauth2TokenUrl: endpoints.oauthTokenUrl } : {}),
    },
  });
}

function toCredentials(tokens: YouTubeTokens): Credentials {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expiry_date: tokens.expiryDate,
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    token_type: 'Bearer',
  };
}

/** A refresh answer carries no refresh_token: the stored one stays. */
function mergeTokens(previous: YouTubeTokens | null, fresh: Credentials): YouTubeTokens {
  const accessToken = fresh.access_token ?? previous?.accessToken;
  if (!accessToken) throw new YouTubeError('other', 'Google answered without an access token');
  return {
    accessToken,
    refreshToken: fresh.refresh_token ?? previous?.refreshToken ?? null,
    expiryDate: fresh.access_token ? (fresh.expiry_date ?? null) : (previous?.expiryDate ?? null),
    scope: fresh.scope ?? previous?.scope ?? null,
  };
}

function normalizeRootUrl(rootUrl: string | undefined): string | undefined {
  if (!rootUrl) return undefined;
  return rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
}

/** googleapis streams only real Readables (it checks `_read` and `_readableState`). */
function asReadable(media: NodeJS.ReadableStream | Readable): Readable {
  return media instanceof Readable ? media : new Readable().wrap(media);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function cancelled(signal: AbortSignal, cause?: unknown): YouTubeError {
  return new YouTubeError('cancelled', 'The YouTube request was cancelled', {
    cause: cause ?? signal.reason,
  });
}

/** Progress at most about every 1 % (or 1 MiB without a size), and always the final count. */
function progressReporter(
  onProgress: ((bytesSent: number) => void) | undefined,
  size: number | undefined,
): { report(bytes: number): void; finish(): void } {
  const step = size && size > 0 ? Math.max(64 * 1024, Math.floor(size / 100)) : 1024 * 1024;
  let last = 0;
  let latest = 0;
  return {
    report(bytes) {
      latest = bytes;
      if (bytes - last < step) return;
      last = bytes;
      onProgress?.(bytes);
    },
    finish() {
      if (latest !== last) onProgress?.(latest);
      last = latest;
    },
  };
}
