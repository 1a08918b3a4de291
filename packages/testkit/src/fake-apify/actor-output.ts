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

/**
 * Other actors admins point a seed config at: `facebook-posts` is apify/facebook-posts-scraper
 * (every post of a page: reels and videos with their link in `url`, photo and text posts too),
 * read by the Facebook seed config (issue 31 item 7).
 */
export type OtherActorOutput = 'facebook-posts';

export const OTHER_ACTOR_IDS: Readonly<Record<OtherActorOutput, string>> = {
  'facebook-posts': 'apify/facebook-posts-scraper',
};

/** A fresh copy of the actor's items (callers may change it). */
export function actorOutput(platform: ActorOutputPlatform | OtherActorOutput): unknown[] {
  const text = readFileSync(new URL(`./actor-output/${platform}.json`, import.meta.url), 'utf8');
  const items: unknown = JSON.parse(text);
  if (!Array.isArray(items)) throw new Error(`actor-output/${platform}.json is not an array`);
  return items;
}

/** A run of the actor that ends with its items (and `extra`: cost, polls...). */
export function actorOutputScenario(platform: ActorOutputPlatform | OtherActorOutput, extra: Omit<FakeScenario, 'items'> = {}): FakeScenario {
  return { ...extra, items: actorOutput(platform) };
}
