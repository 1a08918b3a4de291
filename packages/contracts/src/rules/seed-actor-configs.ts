import type { ActorConfigInput } from '../http/actor-configs.ts';

// The actor configs written to the database on first start, one per platform the product
// was built for. Actor ids, input keys, option keys and output paths follow each actor's
// public documentation (Apify Store page, input schema, dataset schema); an admin can change
// everything afterwards in the actor editor. Option keys are the actor's own input keys,
// because the start call passes options to the actor as they are.

const DEFAULT_PREVIEW = {
  enabled: true,
  format: 'bestvideo[height<=?720]+bestaudio/best[height<=?720]/best',
  maxDuration: 30,
};

/**
 * TikTok: clockworks/tiktok-scraper. Input: `searchQueries` (keywords), `postURLs` (video
 * URLs), `resultsPerPage` (per query; the actor's default is 1). Output: `id`, `text`,
 * `webVideoUrl`, `authorMeta.name`, `playCount`, `diggCount`, `videoMeta.duration` (seconds),
 * `videoMeta.coverUrl`, `videoMeta.width/height`. The actor's own sort and date filters for
 * search (`videoSearchSorting`, `videoSearchDateFilter`) are charged extras, so they are
 * not offered by default; `profileSorting` only applies to profile scraping, which this
 * config does not use.
 */
const tiktok: ActorConfigInput = {
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

/**
 * Douyin: natanielsantos/douyin-scraper. Input: `searchTermsOrHashtags` (keywords),
 * `postUrls` (video URLs), `maxItemsPerUrl`. Its items carry Douyin's own video fields
 * (`aweme_id`, `desc`, `author.nickname`, `statistics.digg_count` / `play_count`,
 * `video.duration` in milliseconds, `video.cover.url_list`, `video.width/height`); the
 * fallbacks cover the TikTok-style names (`id`, `text`, `url`) some Douyin actors use. The
 * URL is built as www.douyin.com/video/{id}, the form yt-dlp's Douyin extractor reads; the
 * `share_url` (iesdouyin.com) is not used for that reason.
 */
const douyin: ActorConfigInput = {
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
    // idField left empty: {id} then takes the mapped id (aweme_id, else id).
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

/**
 * YouTube: streamers/youtube-scraper. Input: `searchQueries` (keywords), `startUrls` (video,
 * channel or playlist URLs), `maxResults`, `sortVideosBy` (channel pages: NEWEST / POPULAR /
 * OLDEST), `dateFilter` (search: hour / today / week / month / year). Output: `id`, `title`,
 * `url`, `duration` as "00:01:02", `channelName`, `viewCount`, `likes`, `thumbnailUrl`.
 * Its `sortingOrder` takes relevance / rating / date / views, not the spec's
 * descending / ascending, so it is not offered.
 */
const youtube: ActorConfigInput = {
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

/**
 * Instagram: apify/instagram-scraper. Input: `directUrls` (profile, post, reel or hashtag
 * URLs), `search` with `searchType` (hashtag / user) and `searchLimit` for keywords,
 * `resultsLimit`. Output: `id`, `shortCode`, `type` (Video / Image / Sidecar), `caption`,
 * `url`, `videoDuration` (seconds), `ownerUsername`, `videoPlayCount` (`videoViewCount` is
 * the older, deprecated count), `likesCount` (-1 when hidden), `displayUrl`,
 * `dimensionsWidth/Height`. Only `type` Video is kept.
 */
const instagram: ActorConfigInput = {
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

/**
 * Facebook: apify/facebook-posts-scraper. Input: `startUrls` (page URLs), `resultsLimit`.
 * Output: `postId`, `url`, `topLevelUrl`, `text`, `pageName`, `likes`, `viewsCount`,
 * `isVideo`, `media[].thumbnail`. A page's posts include photos and text, so `isVideo`
 * filters them out. The posts scraper gives no duration; the preview step measures it.
 * (apify/facebook-reels-scraper was not chosen: its output fields are not documented in a
 * form we could check.)
 */
const facebook: ActorConfigInput = {
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

/** Written to the database on first start, in this order (the dashboard's default platform
 * is the first one). */
export const seedActorConfigs: ActorConfigInput[] = [tiktok, douyin, youtube, instagram, facebook];
