// The automation's destinations resolved to the owner's accounts (issue 33 item 7), and each
// one's publishing times already taken, for its daily budget.
import { PUBLISH_PLATFORM_LABELS, type PublishPlatformId } from '@scrapper/contracts/rules/publish-destinations';
import { findPublishAccount } from '@scrapper/db/queries/publish-accounts';
import { listDestinationPublishTimes } from '@scrapper/db/queries/publish-posts';
import { findClientSecret, findYouTubeAccount } from '@scrapper/db/queries/youtube';
import type { OAuthClientSecretRow, PublishAccountRow, YouTubeAccountRow } from '@scrapper/db/schema';
import type { Tx } from '../types.ts';

export type Destination =
  | { platform: 'youtube'; label: string; channel: YouTubeAccountRow; client: OAuthClientSecretRow }
  | { platform: Exclude<PublishPlatformId, 'youtube'>; label: string; account: PublishAccountRow; used: Date[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every destination of the list, the owner's and usable; otherwise the sentence that says which
 * one is not (the run fails with it: the videos are downloaded, nothing is posted).
 */
export async function resolveDestinations(tx: Tx, ownerId: string, ids: readonly string[], now: Date): Promise<Destination[] | string> {
  const out: Destination[] = [];
  for (const id of ids) {
    const account = await findPublishAccount(tx.db, id, ownerId);
    if (account) {
      const label = `${PUBLISH_PLATFORM_LABELS[account.platform]} "${account.name}"`;
      if (account.needsReconnect) return `Akun ${label} perlu dihubungkan ulang; video sudah diunduh, tetapi belum dipublikasikan.`;
      const used = await listDestinationPublishTimes(tx.db, { accountId: account.id }, new Date(now.getTime() - DAY_MS));
      out.push({ platform: account.platform, label, account, used });
      continue;
    }
    const channel = await findYouTubeAccount(tx.db, id);
    const client = channel?.clientSecretId ? await findClientSecret(tx.db, channel.clientSecretId) : undefined;
    if (!channel || channel.userId !== ownerId || !client) {
      return 'Akun tujuan otomasi ini tidak ditemukan atau perlu dihubungkan ulang; video sudah diunduh, tetapi belum dipublikasikan.';
    }
    out.push({ platform: 'youtube', label: `YouTube "${channel.accountName}"`, channel, client });
  }
  return out;
}
