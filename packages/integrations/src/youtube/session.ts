// One call on a YouTube account: an OAuth2Client holding the stored tokens and a googleapis client
// on it, opened for the call and dropped after it. New tokens the client obtains on the way are
// handed to `onTokens` for the caller to store.
import { Readable } from 'node:stream';
import { youtube, type MethodOptions, type youtube_v3 } from '@googleapis/youtube';
import { OAuth2Client, type Credentials } from 'google-auth-library';
import { toYouTubeError, YouTubeError } from './errors.ts';

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

export interface AccountCall {
  client: OAuthClientConfig;
  endpoints: GoogleEndpoints;
  tokens: YouTubeTokens;
  onTokens?: OnTokens;
  signal?: AbortSignal;
}

/** Reads are small; a stuck one should fail rather than hang a request. Uploads have no limit. */
export const READ_TIMEOUT_MS = 60_000;
/** googleapis' own rootUrl for the YouTube Data API, used when none is configured. */
const GOOGLE_API_ROOT = 'https://youtube.googleapis.com/';
export interface Session {
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
export async function withSession<T>(
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
export async function withMedia<T>(
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

export function oauthClient(client: OAuthClientConfig, endpoints: GoogleEndpoints): OAuth2Client {
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

export function toCredentials(tokens: YouTubeTokens): Credentials {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expiry_date: tokens.expiryDate,
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    token_type: 'Bearer',
  };
}

/** A refresh answer carries no refresh_token: the stored one stays. */
export function mergeTokens(previous: YouTubeTokens | null, fresh: Credentials): YouTubeTokens {
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

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function cancelled(signal: AbortSignal, cause?: unknown): YouTubeError {
  return new YouTubeError('cancelled', 'The YouTube request was cancelled', {
    cause: cause ?? signal.reason,
  });
}
