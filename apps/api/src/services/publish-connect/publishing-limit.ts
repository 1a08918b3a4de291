// Instagram's publishing budget for the composer (issue 33 item 6): the account's
// content_publishing_limit read from Meta when the composer asks, as the worker reads it again
// before each post. Meta's page token is long-lived: nothing to refresh here.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { PublishingLimit } from '@scrapper/contracts/http/publish';
import type { Database } from '@scrapper/db/client';
import { readPublishingLimit, type MetaEndpoints } from '@scrapper/integrations/meta';
import { isPublishError } from '@scrapper/integrations/publish-error';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { conflict } from '../../lib/errors.ts';
import { findOwnPublishAccount } from './accounts.ts';
import { publishFailure } from './creator-info.ts';

export const NOT_INSTAGRAM = 'Batas publikasi hanya dibaca untuk akun Instagram. Akun ini bukan akun Instagram.';
const RECONNECT_FIRST = 'Akun Instagram ini perlu dihubungkan ulang sebelum dapat dipakai. Hubungkan ulang akun di halaman Publikasikan.';

export async function getPublishingLimit(
  deps: { database: Database; secrets: SecretBox; meta: MetaEndpoints },
  user: SessionUser,
  accountId: string,
): Promise<PublishingLimit> {
  const account = await findOwnPublishAccount(deps.database, user, accountId);
  if (account.platform !== 'instagram') throw conflict(NOT_INSTAGRAM);
  if (account.needsReconnect) throw conflict(account.reconnectReason ?? RECONNECT_FIRST);
  const { pageToken } = JSON.parse(deps.secrets.open(account.sealedTokens)) as { pageToken: string };
  try {
    const limit = await readPublishingLimit(deps.meta, account.remoteId, pageToken);
    return { used: limit.used, total: limit.total, windowHours: Math.max(1, Math.round(limit.windowSecs / 3600)) };
  } catch (error) {
    if (isPublishError(error)) throw publishFailure(error);
    throw error;
  }
}
