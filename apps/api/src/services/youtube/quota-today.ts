// Today's quota of an OAuth client as the admin list and the upload page show it: both
// buckets, what is left of each, and when Google resets them (midnight Pacific time).
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { AccountQuota, QuotaToday } from '@scrapper/contracts/http/youtube-accounts';
import { nextQuotaDayStart, quotaDay, quotaRemaining } from '@scrapper/contracts/rules/youtube-quota';
import type { Database } from '@scrapper/db/client';
import { findClientSecret, findQuotaUsage, type QuotaUsage } from '@scrapper/db/queries/youtube';
import type { OAuthClientSecretRow } from '@scrapper/db/schema';
import { findAccountFor } from './accounts.ts';

export function toQuotaToday(
  client: Pick<OAuthClientSecretRow, 'quotaDailyUploads' | 'quotaDailyUnits'>,
  usage: QuotaUsage,
  at: Date = new Date(),
): QuotaToday {
  return {
    quotaDay: quotaDay(at),
    resetsAt: nextQuotaDayStart(at).toISOString(),
    uploadsLimit: client.quotaDailyUploads,
    uploadsUsed: usage.uploads,
    uploadsRemaining: quotaRemaining(client.quotaDailyUploads, usage.uploads),
    unitsLimit: client.quotaDailyUnits,
    unitsUsed: usage.unitsUsed,
    unitsRemaining: quotaRemaining(client.quotaDailyUnits, usage.unitsUsed),
  };
}

/**
 * The quota of the client an account uploads through. Members reach only their own accounts
 * (someone else's is "not found"); admins any. A switched-off client still counts: accounts it
 * granted keep uploading through it.
 */
export async function getAccountQuota(database: Database, user: SessionUser, accountId: string): Promise<AccountQuota> {
  const account = await findAccountFor(database, user, accountId, true);
  const client = account.clientSecretId ? await findClientSecret(database.db, account.clientSecretId) : undefined;
  if (!client) return { accountId: account.id, clientSecretId: null, quotaToday: null };
  const at = new Date();
  const usage = await findQuotaUsage(database.db, client.id, at);
  return { accountId: account.id, clientSecretId: client.id, quotaToday: toQuotaToday(client, usage, at) };
}
