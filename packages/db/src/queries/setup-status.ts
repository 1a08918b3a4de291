import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { apiKeys } from '../schema/api-keys.ts';
import { cookieSets } from '../schema/cookie-sets.ts';
import { oauthClientSecrets } from '../schema/youtube.ts';

export interface SetupFacts {
  hasValidApifyKey: boolean;
  hasValidGeminiKey: boolean;
  hasClientSecret: boolean;
  hasCookies: boolean;
}

/** What the admin's first-run checklist asks, in one round trip. */
export async function findSetupFacts(db: Db): Promise<SetupFacts> {
  const [row] = await db.execute<{ apify: boolean; gemini: boolean; secret: boolean; cookies: boolean }>(sql`
    select
      exists (select 1 from ${apiKeys} where ${apiKeys.type} = 'apify' and ${apiKeys.isActive} and ${apiKeys.isValid} is true) as apify,
      exists (select 1 from ${apiKeys} where ${apiKeys.type} = 'gemini' and ${apiKeys.isActive} and ${apiKeys.isValid} is true) as gemini,
      exists (select 1 from ${oauthClientSecrets} where ${oauthClientSecrets.isActive}) as secret,
      exists (select 1 from ${cookieSets}) as cookies`);
  return {
    hasValidApifyKey: row?.apify === true,
    hasValidGeminiKey: row?.gemini === true,
    hasClientSecret: row?.secret === true,
    hasCookies: row?.cookies === true,
  };
}
