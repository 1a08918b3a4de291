import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import type { Database } from '@scrapper/db/client';
import {
  deleteYouTubeAccount,
  findYouTubeAccount,
  listYouTubeAccounts,
  updateYouTubeAccountTokens,
  type YouTubeAccountWithOwner,
} from '@scrapper/db/queries/youtube';
import type { YouTubeAccountRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { Storage } from '@scrapper/integrations/storage/storage';
import type { YouTubeTokens } from '@scrapper/integrations/youtube';
import { notFound } from '../../lib/errors.ts';
import { removeStoredFiles } from './stored-files.ts';
import { canReach, ownerScope } from '../../lib/owner-scope.ts';

export const ACCOUNT_NOT_FOUND = 'Akun YouTube tidak ditemukan.';

export function toAccountDto(row: YouTubeAccountRow, ownerUsername?: string): YouTubeAccount {
  return {
    id: row.id,
    accountName: row.accountName,
    channelId: row.channelId,
    clientSecretId: row.clientSecretId,
    isValid: row.isValid,
    createdAt: row.createdAt.toISOString(),
    lastValidated: row.lastValidated?.toISOString() ?? null,
    ...(ownerUsername !== undefined ? { username: ownerUsername } : {}),
  };
}

/** The caller's own channels; an admin asking for all gets everyone's, with usernames. */
export async function listAccounts(database: Database, user: SessionUser, all: boolean): Promise<YouTubeAccount[]> {
  // Only an admin asking for all is unscoped.
  const userId = all ? ownerScope(user) : user.id;
  const everyone = userId === null;
  const rows: YouTubeAccountWithOwner[] = await listYouTubeAccounts(database.db, userId);
  return rows.map((row) => toAccountDto(row, everyone ? row.ownerUsername : undefined));
}

/**
 * An account the caller may act on: their own, or any when `adminToo` and they are an admin.
 * Someone else's is "not found", never "forbidden": ids of other members' channels leak nothing.
 */
export async function findAccountFor(database: Database, user: SessionUser, id: string, adminToo: boolean): Promise<YouTubeAccountRow> {
  const row = await findYouTubeAccount(database.db, id);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  if (!(adminToo ? canReach(user, row.userId) : row.userId === user.id)) throw notFound(ACCOUNT_NOT_FOUND);
  return row;
}

/** Disconnects a channel: its upload records go with it, and so do their files. */
export async function deleteAccount(
  database: Database,
  storage: Storage,
  user: SessionUser,
  id: string,
): Promise<{ id: string; deletedUploads: number }> {
  await findAccountFor(database, user, id, true);
  const removed = await database.transaction(({ db }) => deleteYouTubeAccount(db, id));
  if (!removed) throw notFound(ACCOUNT_NOT_FOUND);
  await removeStoredFiles(storage, removed.storageKeys);
  return { id, deletedUploads: removed.deletedUploads };
}

export function sealTokens(box: SecretBox, tokens: YouTubeTokens): string {
  return box.seal(JSON.stringify(tokens));
}

export function openTokens(box: SecretBox, row: YouTubeAccountRow): YouTubeTokens {
  return JSON.parse(box.open(row.sealedTokens)) as YouTubeTokens;
}

export function expiryOf(tokens: YouTubeTokens): Date | null {
  return typeof tokens.expiryDate === 'number' ? new Date(tokens.expiryDate) : null;
}

/**
 * The `onTokens` callback for calls made with an account's tokens: refreshed tokens are stored
 * at once (sealed), keeping the refresh token when Google did not send a new one.
 */
export function persistRefreshedTokens(database: Database, box: SecretBox, row: YouTubeAccountRow, current: YouTubeTokens) {
  let latest = current;
  return async (next: YouTubeTokens): Promise<void> => {
    latest = { ...next, refreshToken: next.refreshToken ?? latest.refreshToken };
    await updateYouTubeAccountTokens(database.db, row.id, sealTokens(box, latest), expiryOf(latest));
  };
}
