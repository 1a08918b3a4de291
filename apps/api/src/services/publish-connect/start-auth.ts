// The consent URL of TikTok's Login Kit or Facebook Login for Business for a member, through an
// active client of that platform, with a signed single-use state (oauth_states, as YouTube's).
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import type { Database } from '@scrapper/db/client';
import { deleteStaleOAuthStates, insertOAuthState } from '@scrapper/db/queries/youtube';
import { buildMetaAuthUrl, type MetaEndpoints } from '@scrapper/integrations/meta';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { buildTikTokAuthUrl } from '@scrapper/integrations/tiktok';
import { findUsableClient } from '../youtube/client-secrets.ts';
import type { StateSigner } from '../youtube/oauth-state.ts';
import { STATE_TTL_MS } from '../youtube/start-auth.ts';

export interface ConnectDeps {
  database: Database;
  secrets: SecretBox;
  signer: StateSigner;
  tiktok: { authUrl: string; apiBaseUrl: string };
  meta: MetaEndpoints;
}

/** What a member sees when the platform's app is missing or switched off. */
export const CONNECT_CLIENT_NOT_CONFIGURED: Record<ConnectPlatform, string> = {
  tiktok: 'Aplikasi TikTok (client key) belum dikonfigurasi atau tidak aktif. Silakan hubungi administrator.',
  meta: 'Aplikasi Meta (app id) belum dikonfigurasi atau tidak aktif. Silakan hubungi administrator.',
};

export async function startPublishAuth(
  deps: ConnectDeps,
  user: SessionUser,
  platform: ConnectPlatform,
  clientSecretId: string,
): Promise<{ authUrl: string }> {
  const { database } = deps;
  const client = await findUsableClient(database, deps.secrets, clientSecretId, platform, CONNECT_CLIENT_NOT_CONFIGURED[platform]);
  await deleteStaleOAuthStates(database.db);
  const stateRow = await insertOAuthState(database.db, {
    userId: user.id,
    clientSecretId: client.row.id,
    accountId: null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const state = deps.signer.sign(stateRow.id);
  if (platform === 'tiktok') {
    return {
      authUrl: buildTikTokAuthUrl({
        authUrl: deps.tiktok.authUrl,
        clientKey: client.config.clientId,
        redirectUri: client.config.redirectUri,
        state,
      }),
    };
  }
  return { authUrl: buildMetaAuthUrl(deps.meta, { appId: client.config.clientId, redirectUri: client.config.redirectUri }, state) };
}
