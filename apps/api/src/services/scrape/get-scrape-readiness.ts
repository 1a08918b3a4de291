import type { ScrapeReadiness } from '@scrapper/contracts/http/scrape';
import type { Db } from '@scrapper/db/client';
import { findActiveApiKey } from '@scrapper/db/queries/api-keys';

/**
 * Whether scraping can run, for every member: the state of the admin's active Apify key,
 * never the key (not even its last characters).
 */
export async function getScrapeReadiness(db: Db): Promise<ScrapeReadiness> {
  const key = await findActiveApiKey(db, 'apify');
  if (!key) return { apifyKey: 'missing' };
  if (key.isValid === true) return { apifyKey: 'ready' };
  if (key.isValid === false) return { apifyKey: 'invalid' };
  return { apifyKey: 'unchecked' };
}
