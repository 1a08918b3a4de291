import { readFileSync } from 'node:fs';
import type { FakeScenario } from './scenario.ts';

// Dataset items shaped like the real output of the five actors the seed configs name, field
// names as the actors publish them (see ../../../../shared notes on Apify actor output and
// the comments in contracts/src/rules/seed-actor-configs.ts). Values are invented; each file
// also holds the odd items those actors are known to write (error items, images among
// videos, missing fields). Kept as JSON, the form a real dataset export has.

export type ActorOutputPlatform = 'tiktok' | 'douyin' | 'youtube' | 'instagram' | 'facebook';

export const ACTOR_OUTPUT_PLATFORMS: readonly ActorOutputPlatform[] = ['tiktok', 'douyin', 'youtube', 'instagram', 'facebook'];

/** The actor each file is the output of: the seed configs' actors. */
export const ACTOR_IDS: Readonly<Record<ActorOutputPlatform, string>> = {
  tiktok: 'clockworks/tiktok-scraper',
  douyin: 'natanielsantos/douyin-scraper',
  youtube: 'streamers/youtube-scraper',
  instagram: 'apify/instagram-scraper',
  facebook: 'apify/facebook-reels-scraper',
};

/** A fresh copy of the platform's items (callers may change it). */
export function actorOutput(platform: ActorOutputPlatform): unknown[] {
  const text = readFileSync(new URL(`./actor-output/${platform}.json`, import.meta.url), 'utf8');
  const items: unknown = JSON.parse(text);
  if (!Array.isArray(items)) throw new Error(`actor-output/${platform}.json is not an array`);
  return items;
}

/** A run of the platform's actor that ends with its items (and `extra`: cost, polls...). */
export function actorOutputScenario(platform: ActorOutputPlatform, extra: Omit<FakeScenario, 'items'> = {}): FakeScenario {
  return { ...extra, items: actorOutput(platform) };
}
