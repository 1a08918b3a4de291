// A usable TikTok access token for an account, refreshing it when it is (nearly) expired: one
// refresh at a time per account (the caller's lock), and the rotated refresh token saved before
// anything else, because TikTok refuses the old one from the moment it answered. Shared by the
// API (creator info) and the worker (posting); the storage is passed in.
import { isPublishError, PublishError } from '../publish-error.ts';
import { refreshTikTokToken, type TikTokClientCall } from './oauth.ts';

/** What a TikTok publish account keeps, sealed (publish_accounts.sealed_tokens). */
export interface StoredTikTokTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO times. */
  accessExpiresAt: string;
  refreshExpiresAt: string;
  scope: string;
}

export interface TikTokTokenStore {
  /**
   * Runs `fn` with the account's current tokens while holding the account's lock (a row lock or
   * an advisory lock), and saves what `fn` answers as `save` before releasing it.
   */
  withLockedTokens<T>(fn: (tokens: StoredTikTokTokens) => Promise<{ save?: StoredTikTokTokens; result: T }>): Promise<T>;
  /** The refresh token was refused: mark the account for reconnecting and tell its owner. */
  markReconnect(reason: string): Promise<void>;
}

/** Refresh this long before the access token expires, so a post that starts now does not die midway. */
export const TIKTOK_REFRESH_MARGIN_MS = 5 * 60_000;

export function toStoredTikTokTokens(tokens: {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
  scopes: readonly string[];
}): StoredTikTokTokens {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
    refreshExpiresAt: tokens.refreshTokenExpiresAt.toISOString(),
    scope: tokens.scopes.join(','),
  };
}

export async function freshTikTokAccessToken(
  client: TikTokClientCall,
  store: TikTokTokenStore,
  options: { now?: () => number; marginMs?: number; force?: boolean } = {},
): Promise<string> {
  const now = options.now ?? Date.now;
  const margin = options.marginMs ?? TIKTOK_REFRESH_MARGIN_MS;
  let refused: PublishError | null = null;
  const token = await store.withLockedTokens(async (tokens) => {
    // Under the lock: another process may have refreshed already; its tokens are the ones read here.
    if (!options.force && Date.parse(tokens.accessExpiresAt) - margin > now()) return { result: tokens.accessToken };
    try {
      const fresh = toStoredTikTokTokens(await refreshTikTokToken({ ...client, refreshToken: tokens.refreshToken }));
      return { save: fresh, result: fresh.accessToken };
    } catch (error) {
      if (isPublishError(error) && error.reconnect) {
        refused = error;
        return { result: null };
      }
      throw error;
    }
  });
  if (token !== null) return token;
  const error = refused as PublishError | null;
  await store.markReconnect(error?.userMessage ?? 'Akun TikTok ini perlu dihubungkan ulang.');
  throw error ?? new PublishError('tiktok', 'refresh refused', { reconnect: true, userMessage: 'Akun TikTok ini perlu dihubungkan ulang.' });
}

/**
 * Runs `call` with a fresh access token. When TikTok answers `access_token_invalid` although the
 * token had not expired by its clock (revoked early, a clock that drifted), the token is
 * refreshed once, forced, and `call` runs again; only a refresh TikTok refuses marks the account
 * for reconnecting. `call` must be one TikTok did not act on when it refused the token (a status
 * read, an init refused at the door), which is what an invalid token gets.
 */
export async function withTikTokAccessToken<T>(
  client: TikTokClientCall,
  store: TikTokTokenStore,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(await freshTikTokAccessToken(client, store));
  } catch (error) {
    if (!isPublishError(error) || error.code !== 'access_token_invalid') throw error;
    return call(await freshTikTokAccessToken(client, store, { force: true }));
  }
}
