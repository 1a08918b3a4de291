import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Playlist } from '@scrapper/contracts/http/youtube';
import type { Database } from '@scrapper/db/client';
import { findClientSecret, markYouTubeAccountInvalid } from '@scrapper/db/queries/youtube';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { listPlaylists as listGooglePlaylists, toYouTubeError, type GoogleEndpoints } from '@scrapper/integrations/youtube';
import { findAccountFor, openTokens, persistRefreshedTokens } from './accounts.ts';
import { googleFailure, isGrantLost, reauthRequired } from './google-failure.ts';

/** The channel's playlists, with the account's stored tokens (refreshed ones are kept). */
export async function listPlaylists(
  deps: { database: Database; secrets: SecretBox; google: GoogleEndpoints },
  user: SessionUser,
  accountId: string,
): Promise<Playlist[]> {
  const { database, secrets } = deps;
  const account = await findAccountFor(database, user, accountId, true);
  // Without its OAuth client the grant cannot be refreshed or used. A client switched off is
  // only closed to new connections: accounts it granted keep working (as in the worker).
  const client = account.clientSecretId ? await findClientSecret(database.db, account.clientSecretId) : undefined;
  if (!account.isValid || !client) throw reauthRequired();
  const config = { clientId: client.clientId, clientSecret: secrets.open(client.sealedClientSecret), redirectUri: client.redirectUri };
  const tokens = openTokens(secrets, account);
  try {
    const playlists = await listGooglePlaylists(config, deps.google, tokens, persistRefreshedTokens(database, secrets, account, tokens));
    return playlists.map((p) => ({ id: p.id, title: p.title }));
  } catch (raw) {
    const error = toYouTubeError(raw);
    if (isGrantLost(error)) {
      await markYouTubeAccountInvalid(database.db, account.id);
      throw reauthRequired();
    }
    throw googleFailure(error);
  }
}
