import type { SetupItem, SetupStatus } from '@scrapper/contracts/http/setup';
import type { Database } from '@scrapper/db/client';
import { findSetupFacts } from '@scrapper/db/queries/setup-status';

/**
 * The admin's first-run checklist. A key counts once it is the active one and valid (a key
 * that Apify or Gemini refused does not set anything up); cookies are optional.
 */
export async function getSetupStatus(database: Database): Promise<SetupStatus> {
  const facts = await findSetupFacts(database.db);
  const items: SetupItem[] = [
    { id: 'apify-key', done: facts.hasValidApifyKey, optional: false },
    { id: 'youtube-client-secret', done: facts.hasClientSecret, optional: false },
    { id: 'gemini-key', done: facts.hasValidGeminiKey, optional: false },
    { id: 'cookies', done: facts.hasCookies, optional: true },
  ];
  return { items, complete: items.every((item) => item.optional || item.done) };
}
