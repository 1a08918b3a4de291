// Personal API tokens (api_tokens). This module sees only hashes: the token itself is made
// and hashed by the API and never reaches the database.
import { and, count, desc, eq, getTableColumns, gt, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { apiTokens, type ApiTokenRow } from '../schema/api-tokens.ts';
import { users, type UserRow } from '../schema/users.ts';

/** The rate limit's window: requests are counted per token per this many seconds. */
export const API_TOKEN_WINDOW_SECONDS = 60;

export interface ApiTokenWrite {
  ownerId: string;
  name: string;
  scope: ApiTokenRow['scope'];
  tokenHash: string;
  prefix: string;
  expiresAt: Date | null;
}

/** Neither revoked nor past its expiry (`now` from the database unless given). */
function isLive(now: SQL | Date = sql`now()`): SQL {
  return and(
    isNull(apiTokens.revokedAt),
    or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
  ) as SQL;
}

/**
 * Inserts a token unless the owner already holds `maxLive` live ones (then undefined). The
 * owner's row is locked for the count and the insert, so two concurrent creations cannot both
 * pass the cap.
 */
export async function insertApiToken(db: Db, write: ApiTokenWrite, maxLive: number): Promise<ApiTokenRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, write.ownerId)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.ownerId, write.ownerId), isLive(), ne(apiTokens.scope, 'cookies')));
    if ((live?.n ?? 0) >= maxLive) return undefined;
    const [row] = await tx.insert(apiTokens).values(write).returning();
    return row;
  });
}

/**
 * Inserts a browser extension token (scope `cookies`) and revokes the owner's older live
 * extension tokens beyond `maxLive` (the new one counted), oldest first, in one transaction
 * under the owner's row lock. Answers the new row and how many were revoked.
 */
export async function insertExtensionToken(
  db: Db,
  write: Omit<ApiTokenWrite, 'scope'>,
  maxLive: number,
): Promise<{ row: ApiTokenRow; revoked: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, write.ownerId)).for('update');
    const [row] = await tx.insert(apiTokens).values({ ...write, scope: 'cookies' }).returning();
    if (!row) throw new Error('insert into api_tokens returned no row');
    const keep = tx
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.ownerId, write.ownerId), eq(apiTokens.scope, 'cookies'), isLive()))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(maxLive);
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.ownerId, write.ownerId),
          eq(apiTokens.scope, 'cookies'),
          isNull(apiTokens.revokedAt),
          notInArray(apiTokens.id, keep),
        ),
      )
      .returning({ id: apiTokens.id });
    return { row, revoked: revoked.length };
  });
}

export interface ApiTokenPage {
  offset: number;
  limit: number;
}

/** The owner's tokens that are not revoked (expired ones included, marked by the caller), newest first. */
export async function listOwnApiTokens(
  db: Db,
  ownerId: string,
  page: ApiTokenPage & { scope?: ApiTokenRow['scope'] | undefined },
): Promise<{ rows: ApiTokenRow[]; total: number }> {
  const where = and(
    eq(apiTokens.ownerId, ownerId),
    isNull(apiTokens.revokedAt),
    page.scope ? eq(apiTokens.scope, page.scope) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(apiTokens).where(where).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(apiTokens).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ApiTokenWithOwnerRow = ApiTokenRow & { ownerUsername: string };

/** Every member's tokens that are not revoked (or one member's), newest first, with the owner's name. */
export async function listApiTokens(
  db: Db,
  filter: ApiTokenPage & { ownerId?: string | undefined },
): Promise<{ rows: ApiTokenWithOwnerRow[]; total: number }> {
  const where = and(isNull(apiTokens.revokedAt), filter.ownerId ? eq(apiTokens.ownerId, filter.ownerId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(apiTokens), ownerUsername: users.username })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.ownerId))
      .where(where)
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(apiTokens).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Revokes a token that is not revoked yet: the owner's own when `ownerId` is given, any when
 * not (admins). Undefined when there is no such token (unknown, someone else's, already revoked).
 */
export async function revokeApiToken(db: Db, id: string, ownerId?: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt), ownerId ? eq(apiTokens.ownerId, ownerId) : undefined))
    .returning();
  return row;
}

/**
 * Revokes every live token of one member (a password change or reset): how many were live.
 * Revocation applies on the next request of every API process (each request checks the row).
 */
export async function revokeAllApiTokensOf(db: Db, ownerId: string): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.ownerId, ownerId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}

export interface ApiTokenUse {
  tokenId: string;
  scope: ApiTokenRow['scope'];
  /** Requests in the current window, this one included. */
  windowCount: number;
  windowStartedAt: Date;
  owner: UserRow;
}

/**
 * One request made with a token, in one statement: finds the live token by its hash, counts
 * the request in the token's current window (a new window when the last one is over), sets
 * last_used_at, and answers the owner's row. Undefined when no live token has this hash. Every
 * API process reads and writes the same row, so a revocation or the rate limit applies to all
 * of them at once.
 */
export async function useApiToken(db: Db, tokenHash: string): Promise<ApiTokenUse | undefined> {
  const windowOver = sql`(${apiTokens.windowStartedAt} is null or ${apiTokens.windowStartedAt} <= now() - make_interval(secs => ${API_TOKEN_WINDOW_SECONDS}))`;
  const [row] = await db
    .update(apiTokens)
    .set({
      windowStartedAt: sql`case when ${windowOver} then now() else ${apiTokens.windowStartedAt} end`,
      windowCount: sql`case when ${windowOver} then 1 else ${apiTokens.windowCount} + 1 end`,
      lastUsedAt: sql`now()`,
    })
    .from(users)
    .where(and(eq(apiTokens.tokenHash, tokenHash), eq(users.id, apiTokens.ownerId), isLive()))
    .returning({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      windowCount: apiTokens.windowCount,
      windowStartedAt: apiTokens.windowStartedAt,
      ...getTableColumns(users),
    });
  if (!row) return undefined;
  const { tokenId, scope, windowCount, windowStartedAt, ...owner } = row;
  return { tokenId, scope, windowCount, windowStartedAt: windowStartedAt ?? new Date(), owner };
}

/** Why a hash is not live: revoked, expired, or unknown (for the 401's message). */
export async function findApiTokenState(db: Db, tokenHash: string): Promise<'revoked' | 'expired' | 'unknown'> {
  const [row] = await db
    .select({ revokedAt: apiTokens.revokedAt, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, tokenHash));
  if (!row) return 'unknown';
  if (row.revokedAt) return 'revoked';
  return 'expired';
}

/**
 * The owner of a live token, read without counting a request (a live stream re-checks its
 * token on each heartbeat: GET /api/events). Undefined once revoked, expired or unknown.
 */
export async function findLiveApiTokenOwner(db: Db, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(getTableColumns(users))
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.ownerId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isLive()));
  return row;
}
