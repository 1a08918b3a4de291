import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { cookieSets, type CookieSetRow } from '../schema/cookie-sets.ts';

export async function listCookieSets(db: Db): Promise<CookieSetRow[]> {
  return db.select().from(cookieSets);
}

/** Replaces every platform's sealed list; call inside a transaction. */
export async function replaceCookieSets(db: Db, sets: Array<{ platform: string; sealedCookies: string }>): Promise<void> {
  await db.delete(cookieSets);
  if (sets.length === 0) return;
  await db.insert(cookieSets).values(sets.map((s) => ({ ...s, updatedAt: new Date() })));
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
