import { COOKIE_PLATFORMS, type CookieSets } from '@scrapper/contracts/http/cookies';
import type { Database } from '@scrapper/db/client';
import { listCookieSets, replaceCookieSets } from '@scrapper/db/queries/cookie-sets';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { lockForTransaction } from '../../lib/advisory-lock.ts';

function emptySets(): CookieSets {
  return { tiktok: [], douyin: [], youtube: [], instagram: [], facebook: [] };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Cookies are stored sealed per platform and opened only here and in the worker. */
export async function getCookieSets(database: Database, box: SecretBox): Promise<CookieSets> {
  const sets = emptySets();
  for (const row of await listCookieSets(database.db)) {
    if (!(COOKIE_PLATFORMS as readonly string[]).includes(row.platform)) continue;
    const list: unknown = JSON.parse(box.open(row.sealedCookies));
    if (isStringArray(list)) sets[row.platform as keyof CookieSets] = list;
  }
  return sets;
}

export async function saveCookieSets(database: Database, box: SecretBox, sets: CookieSets): Promise<CookieSets> {
  await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, 'cookie-sets');
    await replaceCookieSets(
      db,
      COOKIE_PLATFORMS.filter((p) => sets[p].length > 0).map((platform) => ({
        platform,
        sealedCookies: box.seal(JSON.stringify(sets[platform])),
      })),
    );
  });
  return getCookieSets(database, box);
}
