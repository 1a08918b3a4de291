import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { cookieSets, type CookieSetRow } from '../schema/cookie-sets.ts';

export async function listCookieSets(db: Db): Promise<CookieSetRow[]> {
  return db.select().from(cookieSets);
}

/**
 * Saves the Cookie tab: platforms in `changed` get their new sealed list (saved now, the last
 * failure forgotten: these are other cookies), platforms in `kept` stay as they are (their save
 * time and failure too), every other platform's row is deleted. Call inside a transaction.
 */
export async function saveCookieSetChanges(
  db: Db,
  { changed, kept }: { changed: Array<{ platform: string; sealedCookies: string }>; kept: string[] },
): Promise<void> {
  const stay = [...kept, ...changed.map((s) => s.platform)];
  await (stay.length > 0 ? db.delete(cookieSets).where(notInArray(cookieSets.platform, stay)) : db.delete(cookieSets));
  if (changed.length === 0) return;
  await db.delete(cookieSets).where(inArray(cookieSets.platform, changed.map((s) => s.platform)));
  await db.insert(cookieSets).values(changed.map((s) => ({ ...s, updatedAt: new Date() })));
}

/** Replaces every platform's sealed list, all saved now; call inside a transaction. */
export async function replaceCookieSets(db: Db, sets: Array<{ platform: string; sealedCookies: string }>): Promise<void> {
  await saveCookieSetChanges(db, { changed: sets, kept: [] });
}

/** A login wall or bot check with the platform's shared cookies: shown in the Cookie tab. */
export async function markCookieSetFailed(db: Db, platform: string, failure: string): Promise<void> {
  await db
    .update(cookieSets)
    .set({ lastFailedAt: new Date(), lastFailure: failure })
    .where(eq(cookieSets.platform, platform));
}

/** The platform's sealed list and the next turn in its rotation, or undefined when it has none. */
export async function takeCookieTurn(db: Db, platform: string): Promise<{ sealedCookies: string; turn: number } | undefined> {
  const [row] = await db
    .update(cookieSets)
    .set({ rotation: sql`${cookieSets.rotation} + 1` })
    .where(eq(cookieSets.platform, platform))
    .returning({ sealedCookies: cookieSets.sealedCookies, rotation: cookieSets.rotation });
  return row ? { sealedCookies: row.sealedCookies, turn: row.rotation - 1 } : undefined;
}
