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
