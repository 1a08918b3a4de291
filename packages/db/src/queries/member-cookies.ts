// A member's own platform cookies (member_cookies): the values arrive sealed; this module never
// sees them open.
import { and, asc, eq, isNotNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { memberCookies, type MemberCookiesRow } from '../schema/member-cookies.ts';

export interface MemberCookiesWrite {
  ownerId: string;
  platform: string;
  sealedCookies: string;
  cookieCount: number;
  earliestExpiry: Date | null;
}

/** Adds or replaces the member's cookies of a platform; a new sync clears the last failure. */
export async function upsertMemberCookies(
  db: Db,
  write: MemberCookiesWrite,
  now = new Date(),
): Promise<MemberCookiesRow> {
  const values = { ...write, lastSyncedAt: now, lastFailedAt: null, lastFailure: null };
  const [row] = await db
    .insert(memberCookies)
    .values(values)
    .onConflictDoUpdate({ target: [memberCookies.ownerId, memberCookies.platform], set: values })
    .returning();
  if (!row) throw new Error('member_cookies upsert returned no row');
  return row;
}

export async function listMemberCookies(db: Db, ownerId: string): Promise<MemberCookiesRow[]> {
  return db
    .select()
    .from(memberCookies)
    .where(eq(memberCookies.ownerId, ownerId))
    .orderBy(asc(memberCookies.platform));
}

export async function findMemberCookies(
  db: Db,
  ownerId: string,
  platform: string,
): Promise<MemberCookiesRow | undefined> {
  const [row] = await db
    .select()
    .from(memberCookies)
    .where(and(eq(memberCookies.ownerId, ownerId), eq(memberCookies.platform, platform)));
  return row;
}

/** Whether there was anything to delete. */
export async function deleteMemberCookies(
  db: Db,
  ownerId: string,
  platform: string,
): Promise<boolean> {
  const rows = await db
    .delete(memberCookies)
    .where(and(eq(memberCookies.ownerId, ownerId), eq(memberCookies.platform, platform)))
    .returning({ platform: memberCookies.platform });
  return rows.length > 0;
}

/**
 * Records that a download with the member's own cookies of the platform failed for cookie
 * reasons (cookie health). False when the member has none synced (the admins' pool was used).
 */
export async function markMemberCookiesFailed(
  db: Db,
  ownerId: string,
  platform: string,
  reason: string,
  at = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(memberCookies)
    .set({ lastFailedAt: at, lastFailure: reason })
    .where(and(eq(memberCookies.ownerId, ownerId), eq(memberCookies.platform, platform)))
    .returning({ platform: memberCookies.platform });
  return rows.length > 0;
}

/**
 * Rows whose earliest cookie expiry is before `expiresBefore` (or already past) and that were
 * last synced before `syncedBefore`: the extension has not kept them fresh (the expiry warning).
 */
export async function listMemberCookiesExpiring(
  db: Db,
  expiresBefore: Date,
  syncedBefore: Date,
): Promise<MemberCookiesRow[]> {
  return db
    .select()
    .from(memberCookies)
    .where(
      and(
        isNotNull(memberCookies.earliestExpiry),
        lte(memberCookies.earliestExpiry, expiresBefore),
        lt(memberCookies.lastSyncedAt, syncedBefore),
      ),
    );
}
