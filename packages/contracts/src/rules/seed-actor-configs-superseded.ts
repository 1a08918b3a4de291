import { ActorConfigSchema, type ActorConfig, type ActorConfigInput } from '../http/actor-configs.ts';
import { seedActorConfigs } from './seed-actor-configs.ts';

// Seed configs of earlier releases, kept verbatim. A database seeded by such a release still
// holds them; at start the API replaces each stored config that is still exactly one of
// these (never touched by an admin) with the current seed of its platform. A config an
// admin edited differs from every entry here and stays as it is. Add the old version here
// whenever a seed in seed-actor-configs.ts changes.

const DEFAULT_PREVIEW = {
  enabled: true,
  format: 'bestvideo[height<=?720]+bestaudio/best[height<=?720]/best',
  maxDuration: 30,
};

/** Douyin until the field-readiness release: took the actor's `url` before the built one. */
const douyinV1: ActorConfigInput = {
  platformId: 'douyin',
  displayName: 'Douyin',
  actorId: 'natanielsantos/douyin-scraper',
  inputKey: 'searchTermsOrHashtags',
  inputKeys: { url: 'postUrls', keyword: 'searchTermsOrHashtags' },
  targetLabel: 'URL video Douyin atau kata kunci / hashtag',
  inputType: 'any',
  isActive: true,
  mapping: {
    id: 'aweme_id',
    url: 'url',
    title: 'desc',
    duration: 'video.duration',
    duration_format: 'milliseconds',
    author: 'author.nickname',
    play_count: 'statistics.play_count',
    like_count: 'statistics.digg_count',
    thumbnail: 'video.cover.url_list.0',
  },
  platformSpecific: {
    urlGeneration: { authorField: '', idField: '', template: 'https://www.douyin.com/video/{id}' },
    urlMapping: [],
    titleMapping: ['text'],
    durationMapping: [],
    idMapping: ['id'],
    playCountMapping: ['playCount'],
    skipIfNoUrl: true,
    dimensionFields: true,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    maxItemsPerUrl: { label: 'Jumlah video per target', type: 'number', default: 20 },
  },
  downloadOptions: [],
};

/** Facebook until the field-readiness release: the posts scraper (every post of a page). */
const facebookV1: ActorConfigInput = {
  platformId: 'facebook',
  displayName: 'Facebook',
  actorId: 'apify/facebook-posts-scraper',
  inputKey: 'startUrls',
  inputKeys: { url: 'startUrls' },
  targetLabel: 'URL halaman Facebook',
  inputType: 'url',
  isActive: true,
  mapping: {
    id: 'postId',
    url: 'url',
    title: 'text',
    author: 'pageName',
    play_count: 'viewsCount',
    like_count: 'likes',
    thumbnail: 'media.0.thumbnail',
    is_video_check: 'isVideo',
  },
  platformSpecific: {
    urlGeneration: { authorField: '', idField: '', template: '' },
    urlMapping: ['topLevelUrl'],
    titleMapping: [],
    durationMapping: [],
    idMapping: [],
    playCountMapping: [],
    skipIfNoUrl: true,
    dimensionFields: false,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    resultsLimit: { label: 'Jumlah postingan maksimum', type: 'number', default: 20 },
  },
  downloadOptions: [],
};

export const supersededSeedActorConfigs: readonly ActorConfigInput[] = [douyinV1, facebookV1];

export interface SeedUpgrade {
  platformId: string;
  /** A stored config equal to this (as JSON values) is replaced... */
  from: ActorConfig;
  /** ...by this, the current seed. */
  to: ActorConfig;
}

/** Each superseded seed with the current seed of its platform, both as stored (parsed). */
export function seedUpgrades(): SeedUpgrade[] {
  const upgrades: SeedUpgrade[] = [];
  for (const old of supersededSeedActorConfigs) {
    const current = seedActorConfigs.find((seed) => seed.platformId === old.platformId);
    if (!current) continue;
    upgrades.push({ platformId: old.platformId, from: ActorConfigSchema.parse(old), to: ActorConfigSchema.parse(current) });
  }
  return upgrades;
}
