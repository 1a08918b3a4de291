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
