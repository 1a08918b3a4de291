import { ActorConfigSchema, type ActorConfig, type ActorConfigInput } from '../http/actor-configs.ts';
import { DEFAULT_PREVIEW, seedActorConfigs } from './seed-actor-configs.ts';

// Seed configs of earlier releases, exactly as they were. A database seeded by such a release
// still holds them; at start the API replaces each stored config that is still exactly one of
// these (never touched by an admin) with the current seed of its platform. A config an
// admin edited differs from every entry here and stays as it is. Add the old version here
// whenever a seed in seed-actor-configs.ts changes.

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

/** The current seed of a platform as it was before URL targets had a list of domains. */
function withoutDomains(platformId: string): ActorConfigInput {
  const seed = seedActorConfigs.find((config) => config.platformId === platformId);
  if (!seed) throw new Error(`no seed config for ${platformId}`);
  const { domains: _domains, ...stored } = seed;
  return stored;
}

// The everyday-use release added `domains` (the sites URL targets may point at) to every seed
// and changed nothing else, so each of these is today's seed without it. A later change to a
// seed must first write its old version out here verbatim: the test beside this file compares
// every entry with its frozen JSON, so a derived entry that moved along fails it.

/** TikTok until the everyday-use release: no list of domains for URL targets. */
const tiktokV1 = withoutDomains('tiktok');
/** Douyin until the everyday-use release: no list of domains for URL targets. */
const douyinV2 = withoutDomains('douyin');
/** YouTube until the everyday-use release: no list of domains for URL targets. */
const youtubeV1 = withoutDomains('youtube');
/** Instagram until the everyday-use release: no list of domains for URL targets. */
const instagramV1 = withoutDomains('instagram');
/**
 * Facebook until the second everyday-use round (issue 31 item 7): read only the reels scraper's
 * fields, so the posts scraper's items (reel link in `url`, id in `postId`, views in
 * `videoViewCount`) ended "tanpa URL video".
 */
const facebookV3: ActorConfigInput = {
  platformId: 'facebook',
  displayName: 'Facebook',
  actorId: 'apify/facebook-reels-scraper',
  inputKey: 'startUrls',
  inputKeys: { url: 'startUrls' },
  targetLabel: 'URL halaman / profil Facebook atau URL reel',
  inputType: 'url',
  domains: ['facebook.com', 'fb.com', 'fb.watch'],
  isActive: true,
  mapping: {
    id: 'post_id',
    url: 'shareable_url',
    title: 'text',
    duration: 'attachments.0.media.duration',
    duration_format: 'seconds',
    author: 'short_form_video_context.video_owner.name',
    play_count: 'playCountRounded',
    thumbnail: 'video.first_frame_thumbnail',
  },
  platformSpecific: {
    urlGeneration: { authorField: '', idField: '', template: 'https://www.facebook.com/reel/{video.id}' },
    urlMapping: ['if_should_change_url_for_reels.shareable_url', 'topLevelReelUrl'],
    titleMapping: ['message.text'],
    durationMapping: ['video.playable_duration_in_ms', 'attachments.0.media.playable_duration_in_ms'],
    idMapping: ['video.id', 'attachments.0.media.id'],
    playCountMapping: ['play_count_reduced'],
    skipIfNoUrl: true,
    dimensionFields: false,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    resultsLimit: { label: 'Jumlah reel maksimum', type: 'number', default: 20 },
  },
  downloadOptions: [],
};
/** Facebook until the everyday-use release: no list of domains for URL targets. */
const { domains: _facebookDomains, ...facebookV2 } = facebookV3;
/**
 * Facebook until the third everyday-use round (issue 31 item 7): read the posts scraper's id
 * and views but not its link, so a posts-scraper run still ended "tanpa URL video".
 */
const facebookV4: ActorConfigInput = {
  ...facebookV3,
  platformSpecific: {
    ...facebookV3.platformSpecific,
    idMapping: ['video.id', 'attachments.0.media.id', 'postId'],
    playCountMapping: ['play_count_reduced', 'videoViewCount', 'viewsCount'],
  },
};

/**
 * Douyin until the field-readiness release: took the actor's `url` before the built one, and
 * read the play count only from the TikTok-style `playCount`.
 */
const douyinV1: ActorConfigInput = {
  ...douyinV2,
  mapping: { id: 'aweme_id', url: 'url', ...douyinV2.mapping },
  platformSpecific: { ...douyinV2.platformSpecific, playCountMapping: ['playCount'] },
};

export const supersededSeedActorConfigs: readonly ActorConfigInput[] = [
  douyinV1,
  facebookV1,
  tiktokV1,
  douyinV2,
  youtubeV1,
  instagramV1,
  facebookV2,
  facebookV3,
  facebookV4,
];

/**
 * A config as an earlier release stored it: fields added since (`domains`,
 * `platformSpecific.videoUrlMapping`) are absent, not defaulted, because the stored JSON is
 * compared as it is.
 */
export type StoredActorConfig = Omit<ActorConfig, 'domains' | 'platformSpecific'> & {
  domains?: string[];
  platformSpecific: Omit<ActorConfig['platformSpecific'], 'videoUrlMapping'> & { videoUrlMapping?: string[] };
};

export interface SeedUpgrade {
  platformId: string;
  /** A stored config equal to this (as JSON values) is replaced... */
  from: StoredActorConfig;
  /** ...by this, the current seed. */
  to: ActorConfig;
}

/** Parsed as that release parsed it: defaults of fields it did not have are left out. */
function asStored(old: ActorConfigInput): StoredActorConfig {
  const { domains, platformSpecific, ...rest } = ActorConfigSchema.parse(old);
  const { videoUrlMapping, ...olderSpecific } = platformSpecific;
  const specific = old.platformSpecific?.videoUrlMapping === undefined ? olderSpecific : { ...olderSpecific, videoUrlMapping };
  // Key order as the schema gives it (jsonb compares values, the frozen test compares text).
  const parsed = { ...rest, platformSpecific: specific };
  return old.domains === undefined ? parsed : { ...parsed, domains };
}

/** Each superseded seed with the current seed of its platform, both as stored (parsed). */
export function seedUpgrades(): SeedUpgrade[] {
  const upgrades: SeedUpgrade[] = [];
  for (const old of supersededSeedActorConfigs) {
    const current = seedActorConfigs.find((seed) => seed.platformId === old.platformId);
    if (!current) continue;
    upgrades.push({ platformId: old.platformId, from: asStored(old), to: ActorConfigSchema.parse(current) });
  }
  return upgrades;
}
