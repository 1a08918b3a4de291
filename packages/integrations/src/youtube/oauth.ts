// Google OAuth for YouTube accounts: the consent URL, the code traded for tokens, and a refresh.
import { YouTubeError, toYouTubeError } from './errors.ts';
import {
  mergeTokens,
  oauthClient,
  toCredentials,
  type GoogleEndpoints,
  type OAuthClientConfig,
  type YouTubeTokens,
} from './session.ts';

/**
 * `youtube` alone: it covers every call we make (channels.list and playlists.list mine=true,
 * videos.insert, thumbnails.set, playlistItems.insert). `youtube.upload` + `youtube.readonly`
 * would not do, as playlistItems.insert needs `youtube`, `youtube.force-ssl` or `youtubepartner`,
 * and each of those covers the rest anyway.
 */
export const YOUTUBE_SCOPES: string[] = ['https://www.googleapis.com/auth/youtube'];

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
