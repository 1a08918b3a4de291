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

/** TikTok until the everyday-use release: no list of domains for URL targets. */
const tiktokV1: ActorConfigInput = {
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: 'clockworks/tiktok-scraper',
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
  targetLabel: 'URL video TikTok atau kata kunci',
  inputType: 'any',
  isActive: true,
  mapping: {
    id: 'id',
    url: 'webVideoUrl',
    title: 'text',
    duration: 'videoMeta.duration',
    duration_format: 'seconds',
    author: 'authorMeta.name',
    play_count: 'playCount',
    like_count: 'diggCount',
    thumbnail: 'videoMeta.coverUrl',
  },
  platformSpecific: {
    urlGeneration: {
      authorField: 'authorMeta.name',
      idField: 'id',
      template: 'https://www.tiktok.com/@{author}/video/{id}',
    },
    // The URL the video was requested by, present when scraping by postURLs.
    urlMapping: ['submittedVideoUrl'],
    titleMapping: [],
    durationMapping: [],
    idMapping: [],
    playCountMapping: [],
    skipIfNoUrl: true,
    dimensionFields: true,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    resultsPerPage: { label: 'Jumlah video per kata kunci', type: 'number', default: 20 },
  },
  downloadOptions: [],
};

/** Douyin until the everyday-use release: no list of domains for URL targets. */
const douyinV2: ActorConfigInput = {
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
    title: 'desc',
    duration: 'video.duration',
    duration_format: 'milliseconds',
    author: 'author.nickname',
    play_count: 'statistics.play_count',
    like_count: 'statistics.digg_count',
    thumbnail: 'video.cover.url_list.0',
  },
  platformSpecific: {
    // idField left empty: {id} then takes the mapped id (aweme_id, else id).
    urlGeneration: { authorField: '', idField: '', template: 'https://www.douyin.com/video/{id}' },
    urlMapping: [],
    titleMapping: ['text'],
    durationMapping: [],
    idMapping: ['id'],
    playCountMapping: ['play_count', 'playCount'],
    skipIfNoUrl: true,
    dimensionFields: true,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    maxItemsPerUrl: { label: 'Jumlah video per target', type: 'number', default: 20 },
  },
  downloadOptions: [],
};

/** YouTube until the everyday-use release: no list of domains for URL targets. */
const youtubeV1: ActorConfigInput = {
  platformId: 'youtube',
  displayName: 'YouTube',
  actorId: 'streamers/youtube-scraper',
  inputKey: 'searchQueries',
  inputKeys: { url: 'startUrls', keyword: 'searchQueries' },
  targetLabel: 'URL video / channel YouTube atau kata kunci',
  inputType: 'any',
  isActive: true,
  mapping: {
    id: 'id',
    url: 'url',
    title: 'title',
    duration: 'duration',
    duration_format: 'timestamp',
    author: 'channelName',
    play_count: 'viewCount',
    like_count: 'likes',
    thumbnail: 'thumbnailUrl',
  },
  platformSpecific: {
    urlGeneration: { authorField: '', idField: 'id', template: 'https://www.youtube.com/watch?v={id}' },
    urlMapping: [],
    titleMapping: [],
    durationMapping: [],
    idMapping: [],
    playCountMapping: [],
    skipIfNoUrl: true,
    dimensionFields: false,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    maxResults: { label: 'Jumlah video maksimum', type: 'number', default: 20 },
    sortVideosBy: {
      label: 'Urutan video channel',
      type: 'select',
      default: 'NEWEST',
      options: [
        { label: 'Terbaru', value: 'NEWEST' },
        { label: 'Terpopuler', value: 'POPULAR' },
        { label: 'Terlama', value: 'OLDEST' },
      ],
    },
    // No default: an unset filter searches all dates.
    dateFilter: {
      label: 'Tanggal unggah (pencarian)',
      type: 'select',
      default: null,
      options: [
        { label: 'Satu jam terakhir', value: 'hour' },
        { label: 'Hari ini', value: 'today' },
        { label: 'Minggu ini', value: 'week' },
        { label: 'Bulan ini', value: 'month' },
        { label: 'Tahun ini', value: 'year' },
      ],
    },
  },
  downloadOptions: [],
};

/** Instagram until the everyday-use release: no list of domains for URL targets. */
const instagramV1: ActorConfigInput = {
  platformId: 'instagram',
  displayName: 'Instagram',
  actorId: 'apify/instagram-scraper',
  inputKey: 'directUrls',
  inputKeys: { url: 'directUrls', keyword: 'search' },
  targetLabel: 'URL profil / postingan Instagram atau hashtag',
  inputType: 'any',
  isActive: true,
  mapping: {
    id: 'id',
    url: 'url',
    title: 'caption',
    duration: 'videoDuration',
    duration_format: 'seconds',
    author: 'ownerUsername',
    play_count: 'videoPlayCount',
    like_count: 'likesCount',
    thumbnail: 'displayUrl',
    is_video_check: 'type',
  },
  platformSpecific: {
    urlGeneration: { authorField: '', idField: 'shortCode', template: 'https://www.instagram.com/p/{id}/' },
    urlMapping: [],
    titleMapping: [],
    durationMapping: [],
    idMapping: ['shortCode'],
    playCountMapping: ['videoViewCount'],
    skipIfNoUrl: true,
    dimensionFields: true,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    resultsLimit: { label: 'Jumlah postingan maksimum', type: 'number', default: 20 },
    searchType: {
      label: 'Jenis pencarian kata kunci',
      type: 'select',
      default: 'hashtag',
      options: [
        { label: 'Hashtag', value: 'hashtag' },
        { label: 'Pengguna', value: 'user' },
      ],
    },
    searchLimit: { label: 'Jumlah hasil pencarian yang dibuka', type: 'number', default: 1 },
  },
  downloadOptions: [],
};

/** Facebook until the everyday-use release: no list of domains for URL targets. */
const facebookV2: ActorConfigInput = {
  platformId: 'facebook',
  displayName: 'Facebook',
  actorId: 'apify/facebook-reels-scraper',
  inputKey: 'startUrls',
  inputKeys: { url: 'startUrls' },
  targetLabel: 'URL halaman / profil Facebook atau URL reel',
  inputType: 'url',
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
    // The reel page from the video id when the item names no URL ({video.id}, never the
    // post id: /reel/ takes the video's id).
    urlGeneration: { authorField: '', idField: '', template: 'https://www.facebook.com/reel/{video.id}' },
    urlMapping: ['if_should_change_url_for_reels.shareable_url', 'topLevelReelUrl'],
    titleMapping: ['message.text'],
    // Read in milliseconds by their names (rules/duration.ts), whatever duration_format says.
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

export const supersededSeedActorConfigs: readonly ActorConfigInput[] = [
  douyinV1,
  facebookV1,
  tiktokV1,
  douyinV2,
  youtubeV1,
  instagramV1,
  facebookV2,
];

/**
 * A config as an earlier release stored it: fields added since (`domains`) are absent, not
 * defaulted, because the stored JSON is compared as it is.
 */
export type StoredActorConfig = Omit<ActorConfig, 'domains'> & { domains?: string[] };

export interface SeedUpgrade {
  platformId: string;
  /** A stored config equal to this (as JSON values) is replaced... */
  from: StoredActorConfig;
  /** ...by this, the current seed. */
  to: ActorConfig;
}

/** Parsed as that release parsed it: defaults of fields it did not have are left out. */
function asStored(old: ActorConfigInput): StoredActorConfig {
  const { domains, ...parsed } = ActorConfigSchema.parse(old);
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
