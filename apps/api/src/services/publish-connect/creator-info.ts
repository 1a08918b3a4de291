// TikTok's creator info for the composer (posting guidelines), with the account's token kept
// fresh: one refresh at a time per account under its row lock, the rotated refresh token saved
// in that transaction; a refused refresh marks the account for reconnecting and tells its owner.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { CreatorInfo } from '@scrapper/contracts/http/publish';
import { TIKTOK_PRIVACY_LEVELS, type TikTokPrivacyLevel } from '@scrapper/contracts/rules/publish-destinations';
import type { Database } from '@scrapper/db/client';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { markPublishAccountForReconnect, withLockedPublishTokens } from '@scrapper/db/queries/publish-accounts';
import { findClientSecret } from '@scrapper/db/queries/youtube';
import type { PublishAccountRow } from '@scrapper/db/schema';
import { isPublishError, type PublishError } from '@scrapper/integrations/publish-error';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { fetchTikTokCreatorInfo, sealedTikTokTokenStore, type TikTokTokenStore, withTikTokAccessToken } from '@scrapper/integrations/tiktok';
import { AppError, conflict } from '../../lib/errors.ts';
import { findOwnPublishAccount } from './accounts.ts';

export const NOT_TIKTOK = 'Info kreator hanya ada untuk akun TikTok. Akun ini bukan akun TikTok.';
const RECONNECT_FIRST = 'Akun TikTok ini perlu dihubungkan ulang sebelum dapat dipakai. Hubungkan ulang akun di halaman Publikasikan.';

/** The store freshTikTokAccessToken keeps the account's tokens in: its row, locked (the shared
 *  sealed store); an account disconnected meanwhile is a 409, a refused refresh tells its owner. */
export function tiktokTokenStore(database: Database, secrets: SecretBox, account: PublishAccountRow): TikTokTokenStore {
  return sealedTikTokTokenStore(secrets, {
    async withLockedSealed(fn) {
      const answer = await withLockedPublishTokens(database.db, account.id, fn);
      if (!answer) throw conflict('Akun TikTok ini sudah diputuskan.');
      return answer;
    },
    async markReconnect(reason) {
      const row = await markPublishAccountForReconnect(database.db, account.id, reason);
      if (!row) return;
      await notifyUser(database.db, account.userId, {
        kind: 'publish.reconnect',
        message: `Akun TikTok "${account.name}" perlu dihubungkan ulang: ${reason}`,
        dedupeKey: `publish.reconnect:${account.id}:${row.updatedAt.toISOString()}`,
      });
    },
  });
}

/** A platform's refusal (TikTok's, Meta's) as the API's answer: its sentence, its own words under "Detail". */
export function publishFailure(error: PublishError): AppError {
  if (error.reconnect) return new AppError(409, error.userMessage, {}, undefined, error.detail);
  if (error.status === 429) return new AppError(429, error.userMessage, { 'retry-after': '60' }, undefined, error.detail);
  if (error.retryable || error.status === null || error.status >= 500) return new AppError(502, error.userMessage, {}, undefined, error.detail);
  return new AppError(409, error.userMessage, {}, undefined, error.detail);
}

const PRIVACY = new Set<string>(TIKTOK_PRIVACY_LEVELS);

export async function getCreatorInfo(
  deps: { database: Database; secrets: SecretBox; tiktok: { apiBaseUrl: string } },
  user: SessionUser,
  accountId: string,
): Promise<CreatorInfo> {
  const { database, secrets } = deps;
  const account = await findOwnPublishAccount(database, user, accountId);
  if (account.platform !== 'tiktok') throw conflict(NOT_TIKTOK);
  if (account.needsReconnect) throw conflict(account.reconnectReason ?? RECONNECT_FIRST);
  const client = account.clientSecretId ? await findClientSecret(database.db, account.clientSecretId) : undefined;
  if (!client || client.platform !== 'tiktok') throw conflict(RECONNECT_FIRST);
  const call = { apiBaseUrl: deps.tiktok.apiBaseUrl, clientKey: client.clientId, clientSecret: secrets.open(client.sealedClientSecret) };
  const store = tiktokTokenStore(database, secrets, account);
  try {
    // TikTok ended the access token before its time: one forced refresh, then one more try.
    const info = await withTikTokAccessToken(call, store, (accessToken) => fetchTikTokCreatorInfo({ apiBaseUrl: deps.tiktok.apiBaseUrl, accessToken }));
    return {
      nickname: info.nickname || account.name,
      username: info.username || account.username,
      privacyLevelOptions: info.privacyLevelOptions.filter((o): o is TikTokPrivacyLevel => PRIVACY.has(o)),
      commentDisabled: info.commentDisabled,
      duetDisabled: info.duetDisabled,
      stitchDisabled: info.stitchDisabled,
      // TikTok's own ceiling when it names none (10 minutes for most creators).
      maxVideoPostDurationSec: Math.floor(info.maxVideoPostDurationSec ?? 600),
    };
  } catch (error) {
    if (isPublishError(error)) throw publishFailure(error);
    throw error;
  }
}
