import type { PublishAccount } from '@scrapper/contracts/http/publish';
import {
  PUBLISH_PLATFORM_LABELS,
  type PublishPlatformId,
} from '@scrapper/contracts/rules/publish-destinations';

// An automation's destinations (issue 33): grouped by platform in the form, named on its card.

/** The accounts by platform, in the order the API lists them. */
export function destinationGroups(
  accounts: readonly PublishAccount[],
): Record<PublishPlatformId, PublishAccount[]> {
  const groups: Record<PublishPlatformId, PublishAccount[]> = {
    youtube: [],
    tiktok: [],
    instagram: [],
    facebook: [],
  };
  for (const account of accounts) groups[account.platform].push(account);
  return groups;
}

/**
 * "YouTube: Dapur Channel · TikTok: dapurku (draf)" for the card; an id not among the viewer's
 * accounts (removed since, or another member's seen by an admin) is said as such.
 */
export function destinationsSummary(ids: readonly string[], accounts: readonly PublishAccount[]): string {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return ids
    .map((id) => {
      const account = byId.get(id);
      if (!account) return 'tujuan di luar daftar akun Anda';
      const draft = account.platform === 'tiktok' ? ' (draf)' : '';
      return `${PUBLISH_PLATFORM_LABELS[account.platform]}: ${account.name}${draft}`;
    })
    .join(' · ');
}
