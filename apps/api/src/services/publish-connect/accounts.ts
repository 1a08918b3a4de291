// The member's destinations: YouTube channels (youtube_accounts) and the TikTok accounts,
// Instagram accounts and Facebook Pages they connected (publish_accounts), one owner-scoped list.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { PublishAccount } from '@scrapper/contracts/http/publish';
import { REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import type { Database } from '@scrapper/db/client';
import { deletePublishAccount, findPublishAccount, listPublishAccountsOf } from '@scrapper/db/queries/publish-accounts';
import { listYouTubeAccounts } from '@scrapper/db/queries/youtube';
import type { PublishAccountRow } from '@scrapper/db/schema';
import { notFound } from '../../lib/errors.ts';

export const PUBLISH_ACCOUNT_NOT_FOUND = 'Akun tujuan publikasi tidak ditemukan.';

export function toPublishAccountDto(row: PublishAccountRow): PublishAccount {
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    username: row.username,
    pageName: row.platform === 'instagram' ? row.pageName : null,
    needsReconnect: row.needsReconnect,
    reconnectReason: row.needsReconnect ? row.reconnectReason : null,
    clientSecretId: row.clientSecretId,
    connectedAt: row.createdAt.toISOString(),
  };
}

/** Every destination of the caller (never another member's, admins included): YouTube first. */
export async function listPublishAccounts(database: Database, user: SessionUser): Promise<{ accounts: PublishAccount[] }> {
  const [channels, others] = await Promise.all([listYouTubeAccounts(database.db, user.id), listPublishAccountsOf(database.db, user.id)]);
  const youtube: PublishAccount[] = channels.map((row) => ({
    id: row.id,
    platform: 'youtube',
    name: row.accountName,
    username: null,
    pageName: null,
    needsReconnect: !row.isValid,
    reconnectReason: row.isValid ? null : REAUTH_MESSAGE,
    clientSecretId: row.clientSecretId,
    connectedAt: row.createdAt.toISOString(),
  }));
  return { accounts: [...youtube, ...others.map(toPublishAccountDto)] };
}

/** One of the caller's TikTok, Instagram or Facebook destinations; another member's is not found. */
export async function findOwnPublishAccount(database: Database, user: SessionUser, id: string): Promise<PublishAccountRow> {
  const row = await findPublishAccount(database.db, id, user.id);
  if (!row) throw notFound(PUBLISH_ACCOUNT_NOT_FOUND);
  return row;
}

export async function removePublishAccount(database: Database, user: SessionUser, id: string): Promise<{ id: string }> {
  if (!(await deletePublishAccount(database.db, id, user.id))) throw notFound(PUBLISH_ACCOUNT_NOT_FOUND);
  return { id };
}
