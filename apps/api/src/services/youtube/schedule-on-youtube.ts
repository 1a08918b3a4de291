// videos.update for a scheduled video already on YouTube: moving its publish time, or dropping
// it (the video stays private). 50 units of the client's units bucket, counted before the call.
import { YOUTUBE_UNIT_COSTS } from '@scrapper/contracts/rules/youtube-quota';
import type { Database } from '@scrapper/db/client';
import { findClientSecret, findYouTubeAccount, markYouTubeAccountInvalid } from '@scrapper/db/queries/youtube';
import { exhaustQuotaToday, reserveUnits } from '@scrapper/db/queries/youtube-jobs';
import type { YouTubeUploadRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { toYouTubeError, updateVideoSchedule, type GoogleEndpoints } from '@scrapper/integrations/youtube';
import { AppError } from '../../lib/errors.ts';
import { openTokens, persistRefreshedTokens } from './accounts.ts';
import { googleFailure, isGrantLost, reauthRequired } from './google-failure.ts';

export interface ScheduleDeps {
  database: Database;
  secrets: SecretBox;
  google: GoogleEndpoints;
}

const NO_UNITS =
  'Kuota unit harian YouTube API client ini tidak cukup untuk mengubah jadwal (butuh 50 unit). Coba lagi setelah kuota direset, atau ubah jadwal lewat YouTube Studio.';

/** Sets the video's publish time on YouTube (null: no schedule, private). Throws AppErrors. */
export async function setScheduleOnYouTube(deps: ScheduleDeps, upload: YouTubeUploadRow, publishAt: Date | null): Promise<void> {
  const { database, secrets } = deps;
  const videoId = upload.youtubeVideoId;
  const account = await findYouTubeAccount(database.db, upload.accountId);
  const client = account?.clientSecretId ? await findClientSecret(database.db, account.clientSecretId) : undefined;
  if (!videoId || !account || !account.isValid || !client) throw reauthRequired();
  const cost = YOUTUBE_UNIT_COSTS['videos.update'];
  if (!(await reserveUnits(database.db, client.id, cost, client.quotaDailyUnits))) {
    throw new AppError(503, NO_UNITS, { 'retry-after': '3600' });
  }
  const tokens = openTokens(secrets, account);
  try {
    await updateVideoSchedule({
      client: { clientId: client.clientId, clientSecret: secrets.open(client.sealedClientSecret), redirectUri: client.redirectUri },
      endpoints: deps.google,
      tokens,
      onTokens: persistRefreshedTokens(database, secrets, account, tokens),
      videoId,
      publishAt,
      madeForKids: upload.madeForKids,
      containsSyntheticMedia: upload.containsSyntheticMedia,
    });
  } catch (raw) {
    const error = toYouTubeError(raw);
    // Google's count wins: the units bucket is empty for the rest of its quota day.
    if (error.kind === 'quotaExceeded') {
      await exhaustQuotaToday(database.db, client.id, 'units', client.quotaDailyUnits);
      throw new AppError(503, NO_UNITS, { 'retry-after': '3600' }, undefined, error.detail);
    }
    if (isGrantLost(error)) {
      await markYouTubeAccountInvalid(database.db, account.id);
      throw reauthRequired();
    }
    throw googleFailure(error);
  }
}
