import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Playlist } from '@scrapper/contracts/http/youtube-accounts';
import type { Database } from '@scrapper/db/client';
import { YOUTUBE_UNIT_COSTS } from '@scrapper/contracts/rules/youtube-quota';
import { chargeQuotaUnits, findClientSecret, markYouTubeAccountInvalid } from '@scrapper/db/queries/youtube';
import { exhaustQuotaToday } from '@scrapper/db/queries/youtube-jobs';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { listPlaylists as listGooglePlaylists, toYouTubeError, type GoogleEndpoints } from '@scrapper/integrations/youtube';
import { findAccountFor, openTokens, persistRefreshedTokens } from './accounts.ts';
import { googleFailure, isGrantLost, reauthRequired } from './google-failure.ts';

/** What one playlists.list page holds (the adapter asks for the most, 50). */
const PLAYLISTS_PER_PAGE = 50;

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
    // playlists.list costs 1 unit a page of 50 (the units bucket the uploads' extras draw on).
    const pages = Math.max(1, Math.ceil(playlists.length / PLAYLISTS_PER_PAGE));
    await chargeQuotaUnits(database.db, client.id, pages * YOUTUBE_UNIT_COSTS['playlists.list']);
    return playlists.map((p) => ({ id: p.id, title: p.title }));
  } catch (raw) {
    const error = toYouTubeError(raw);
    // Google's count wins: the units bucket is empty for the rest of its quota day.
    if (error.kind === 'quotaExceeded') await exhaustQuotaToday(database.db, client.id, 'units', client.quotaDailyUnits);
    if (isGrantLost(error)) {
      await markYouTubeAccountInvalid(database.db, account.id);
      throw reauthRequired();
    }
    throw googleFailure(error);
  }
}
