// TikTok Login Kit v2 for the web: the authorize URL, the code exchange, the refresh (which
// rotates the refresh token: store the new one at once, the old one is dead) and the user's
// profile for naming the connected account.

import {
  callTikTokApi,
  numberField,
  stringField,
  tiktokRequest,
  tiktokUrl,
  type TikTokAuthorizedCall,
} from './api.ts';
import { isRecord, tiktokErrorFieldsOf, tiktokErrorFromAnswer } from './errors.ts';

export const TIKTOK_DEFAULT_AUTH_URL = 'https://www.tiktok.com/v2/auth/authorize/';
export const TIKTOK_DEFAULT_API_BASE_URL = 'https://open.tiktokapis.com';
export const TIKTOK_TOKEN_PATH = '/v2/oauth/token/';

/**
 * What a connection asks for: the profile (name, avatar, username), inbox drafts
 * (`video.upload`) and direct posts (`video.publish`, which creator info needs too).
 */
export const TIKTOK_DEFAULT_SCOPES: readonly string[] = [
  'user.info.basic',
  'user.info.profile',
  'video.upload',
  'video.publish',
];

export interface TikTokAuthUrlOptions {
  /** TIKTOK_AUTH_URL: `https://www.tiktok.com/v2/auth/authorize/` or a fake's. */
  authUrl: string;
  clientKey: string;
  redirectUri: string;
  /** Opaque value checked on the callback (CSRF). */
  state: string;
  scopes?: readonly string[];
}

/** Where to send the member's browser to connect a TikTok account. */
export function buildTikTokAuthUrl(options: TikTokAuthUrlOptions): string {
  const url = new URL(options.authUrl);
  url.searchParams.set('client_key', options.clientKey);
  // TikTok separates scopes with commas.
  url.searchParams.set('scope', (options.scopes ?? TIKTOK_DEFAULT_SCOPES).join(','));
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('state', options.state);
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

export interface TikTokTokens {
  accessToken: string;
  /** Seconds (TikTok: 7200). */
  expiresIn: number;
  accessTokenExpiresAt: Date;
  openId: string;
  /** Seconds (TikTok since Nov 2026: 180 days). */
  refreshExpiresIn: number;
  refreshTokenExpiresAt: Date;
  /** A new one on every refresh: the one used to refresh stops working at once. */
  refreshToken: string;
  scopes: string[];
  tokenType: string;
}

export interface TikTokClientCall {
  /** TIKTOK_API_BASE_URL. */
  apiBaseUrl: string;
  clientKey: string;
  clientSecret: string;
  signal?: AbortSignal;
}

/** The callback's `code` exchanged for tokens (the code is single-use). */
export async function exchangeTikTokCode(
  call: TikTokClientCall & { code: string; redirectUri: string },
): Promise<TikTokTokens> {
  return tokenRequest('TikTok code exchange', call, {
    grant_type: 'authorization_code',
    code: call.code,
    redirect_uri: call.redirectUri,
  });
}

/**
 * New tokens for an account. The answer's refresh token replaces the one sent, which TikTok
 * refuses from now on: save it before anything else, and refresh one at a time per account.
 */
export async function refreshTikTokToken(
  call: TikTokClientCall & { refreshToken: string },
): Promise<TikTokTokens> {
  return tokenRequest('TikTok token refresh', call, {
    grant_type: 'refresh_token',
    refresh_token: call.refreshToken,
  });
}

async function tokenRequest(
  what: string,
  call: TikTokClientCall,
  fields: Record<string, string>,
): Promise<TikTokTokens> {
  const form = new URLSearchParams({
    client_key: call.clientKey,
    client_secret: call.clientSecret,
    ...fields,
  });
  const answer = await tiktokRequest(what, tiktokUrl(call.apiBaseUrl, TIKTOK_TOKEN_PATH), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cache-control': 'no-cache',
    },
    body: form.toString(),
    signal: call.signal,
  });
  const body = answer.body;
  if (answer.status !== 200 || tiktokErrorFieldsOf(body) || !isRecord(body)) {
    throw tiktokErrorFromAnswer(answer.status, body, what);
  }
  const accessToken = stringField(body, 'access_token');
  const refreshToken = stringField(body, 'refresh_token');
  if (!accessToken || !refreshToken) {
    throw tiktokErrorFromAnswer(502, body, `${what} (no tokens in the answer)`);
  }
  const now = Date.now();
  const expiresIn = numberField(body, 'expires_in') ?? 0;
  const refreshExpiresIn = numberField(body, 'refresh_expires_in') ?? 0;
  return {
    accessToken,
    expiresIn,
    accessTokenExpiresAt: new Date(now + expiresIn * 1000),
    openId: stringField(body, 'open_id'),
    refreshExpiresIn,
    refreshTokenExpiresAt: new Date(now + refreshExpiresIn * 1000),
    refreshToken,
    scopes: stringField(body, 'scope')
      .split(/[,\s]+/)
      .filter(Boolean),
    tokenType: stringField(body, 'token_type') || 'Bearer',
  };
}

export interface TikTokUser {
  openId: string;
  displayName: string;
  /** Needs `user.info.profile`; '' when not asked for. */
  username: string;
  avatarUrl: string;
}

/** `GET /v2/user/info/`: who the connected account is. */
export async function fetchTikTokUser(
  call: TikTokAuthorizedCall & { fields?: readonly string[] },
): Promise<TikTokUser> {
  const fields = call.fields ?? ['open_id', 'avatar_url', 'display_name', 'username'];
  const query = new URLSearchParams({ fields: fields.join(',') });
  const data = await callTikTokApi('TikTok user info', call, `/v2/user/info/?${query}`);
  const user = isRecord(data.user) ? data.user : {};
  return {
    openId: stringField(user, 'open_id'),
    displayName: stringField(user, 'display_name'),
    username: stringField(user, 'username'),
    avatarUrl: stringField(user, 'avatar_url'),
  };
}
