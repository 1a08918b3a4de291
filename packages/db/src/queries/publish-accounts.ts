// Publish accounts (TikTok, Instagram, Facebook destinations, issue 33). Tokens stay sealed here:
// the callers seal and open them.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publishAccounts, type PublishAccountRow } from '../schema/publish.ts';

export async function findPublishAccount(db: Db, id: string, userId?: string): Promise<PublishAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(publishAccounts)
    .where(and(eq(publishAccounts.id, id), userId ? eq(publishAccounts.userId, userId) : undefined));
  return row;
}

export async function listPublishAccountsOf(db: Db, userId: string): Promise<PublishAccountRow[]> {
  return db.select().from(publishAccounts).where(eq(publishAccounts.userId, userId)).orderBy(asc(publishAccounts.createdAt), asc(publishAccounts.id));
}

/**
 * Runs `fn` with the account's sealed tokens while holding its row lock (`for update`), and saves
 * the sealed tokens `fn` answers before the lock is released: one refresh at a time per account,
 * across every API and worker process, and a rotated refresh token stored in the same
 * transaction that read the old one. Undefined when there is no such account.
 */
export async function withLockedPublishTokens<T>(
  db: Db,
  id: string,
  fn: (sealedTokens: string) => Promise<{ save?: { sealedTokens: string; tokenExpiresAt: Date | null }; result: T }>,
): Promise<{ result: T } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sealedTokens: publishAccounts.sealedTokens })
      .from(publishAccounts)
      .where(eq(publishAccounts.id, id))
      .for('update');
    if (!row) return undefined;
    const { save, result } = await fn(row.sealedTokens);
    if (save) {
      await tx
        .update(publishAccounts)
        .set({ sealedTokens: save.sealedTokens, tokenExpiresAt: save.tokenExpiresAt, needsReconnect: false, reconnectReason: null, updatedAt: sql`now()` })
        .where(eq(publishAccounts.id, id));
    }
    return { result };
  });
}

/** The connection stopped working: the owner must connect the account again. */
export async function markPublishAccountForReconnect(db: Db, id: string, reason: string): Promise<PublishAccountRow | undefined> {
  const [row] = await db
    .update(publishAccounts)
    .set({ needsReconnect: true, reconnectReason: reason, updatedAt: sql`now()` })
    .where(eq(publishAccounts.id, id))
    .returning();
  return row;
}

export interface PublishAccountValues {
  userId: string;
  platform: 'tiktok' | 'instagram' | 'facebook';
  clientSecretId: string;
  remoteId: string;
  name: string;
  username: string | null;
  pageId?: string | null;
  pageName?: string | null;
  connectionId?: string | null;
  metaUserId?: string | null;
  sealedTokens: string;
  tokenExpiresAt: Date | null;
}

/**
 * Stores a connected destination: a new row, or the member's existing row for the same remote
 * account with the new grant (a reconnect clears the reconnect mark). One row per member,
 * platform and remote id.
 */
export async function upsertPublishAccount(db: Db, values: PublishAccountValues): Promise<PublishAccountRow> {
  const grant = {
    clientSecretId: values.clientSecretId,
    name: values.name,
    username: values.username,
    pageId: values.pageId ?? null,
    pageName: values.pageName ?? null,
    connectionId: values.connectionId ?? null,
    metaUserId: values.metaUserId ?? null,
    sealedTokens: values.sealedTokens,
    tokenExpiresAt: values.tokenExpiresAt,
    needsReconnect: false,
    reconnectReason: null,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(publishAccounts)
    .values({ userId: values.userId, platform: values.platform, remoteId: values.remoteId, ...grant })
    .onConflictDoUpdate({ target: [publishAccounts.userId, publishAccounts.platform, publishAccounts.remoteId], set: grant })
    .returning();
  if (!row) throw new Error('upsert into publish_accounts returned no row');
  return row;
}

/** Removes one of the member's destinations; its targets go with it (cascade). */
export async function deletePublishAccount(db: Db, id: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(publishAccounts)
    .where(and(eq(publishAccounts.id, id), eq(publishAccounts.userId, userId)))
    .returning({ id: publishAccounts.id });
  return removed.length > 0;
}

/**
 * Removes every destination a Meta login of this app-scoped user gave through this app
 * (Meta's data-deletion callback); answers how many went.
 */
export async function deleteMetaUserAccounts(db: Db, metaUserId: string, clientSecretId: string): Promise<number> {
  const removed = await db
    .delete(publishAccounts)
    .where(and(eq(publishAccounts.metaUserId, metaUserId), eq(publishAccounts.clientSecretId, clientSecretId)))
    .returning({ id: publishAccounts.id });
  return removed.length;
}
