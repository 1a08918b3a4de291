import type { ActorConfigInput } from '../http/actor-configs.ts';
import { PLATFORM_LABELS, PLATFORM_LINK_DOMAINS } from './platforms.ts';

// The actor configs written to the database on first start, one per platform the product
// was built for. Actor ids, input keys, option keys and output paths follow each actor's
// public documentation (Apify Store page, input schema, dataset schema); an admin can change
// everything afterwards in the actor editor. Option keys are the actor's own input keys,
// because the start call passes options to the actor as they are.

/** The preview settings every seed starts with (earlier releases' seeds too). */
export const DEFAULT_PREVIEW = {
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
  displayName: PLATFORM_LABELS.tiktok,
  actorId: 'clockworks/tiktok-scraper',
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
  targetLabel: 'URL video TikTok atau kata kunci',
  inputType: 'any',
  domains: [...PLATFORM_LINK_DOMAINS.tiktok],
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
 * `postUrls` (video URLs), `maxItemsPerUrl`. Douyin has no first-party actor; the community
 * actors give Douyin's own video fields (`aweme_id`, `desc`, `author.nickname`,
 * `statistics.digg_count` / `play_count`, `video.duration` in milliseconds,
 * `video.cover.url_list`, `video.play_addr.url_list`, `video.width/height`); the fallbacks
 * cover the TikTok-style names (`id`, `text`, `playCount`) and flattened counts some of them
 * use. The page URL is always built as www.douyin.com/video/{id}: it is the only form
 * yt-dlp's Douyin extractor reads, and actors' own `url` / `share_url` fields are often
 * iesdouyin.com share links or short v.douyin.com links it does not. `play_addr` is the
 * direct media URL the downloader falls back to (rules/direct-media-url.ts) when Douyin
 * wants fresh cookies from yt-dlp.
 */
const douyin: ActorConfigInput = {
  platformId: 'douyin',
  displayName: PLATFORM_LABELS.douyin,
  actorId: 'natanielsantos/douyin-scraper',
  inputKey: 'searchTermsOrHashtags',
  inputKeys: { url: 'postUrls', keyword: 'searchTermsOrHashtags' },
  targetLabel: 'URL video Douyin atau kata kunci / hashtag',
  inputType: 'any',
  domains: [...PLATFORM_LINK_DOMAINS.douyin],
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
  displayName: PLATFORM_LABELS.youtube,
  actorId: 'streamers/youtube-scraper',
  inputKey: 'searchQueries',
  inputKeys: { url: 'startUrls', keyword: 'searchQueries' },
  targetLabel: 'URL video / channel YouTube atau kata kunci',
  inputType: 'any',
  domains: [...PLATFORM_LINK_DOMAINS.youtube],
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
 * `dimensionsWidth/Height`, and `videoUrl`. Only `type` Video is kept. The item's URL is the
 * post URL (`url`, else built from `shortCode`), which yt-dlp opens first; `videoUrl` is a
 * signed CDN URL that expires (its `oe` parameter), kept only as the direct fallback for when
 * Instagram walls the page (rules/direct-media-url.ts).
 */
const instagram: ActorConfigInput = {
  platformId: 'instagram',
  displayName: PLATFORM_LABELS.instagram,
  actorId: 'apify/instagram-scraper',
  inputKey: 'directUrls',
  inputKeys: { url: 'directUrls', keyword: 'search' },
  targetLabel: 'URL profil / postingan Instagram atau hashtag',
  inputType: 'any',
  domains: [...PLATFORM_LINK_DOMAINS.instagram],
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
 * Facebook: apify/facebook-reels-scraper (short videos are what the product is for; the
 * posts scraper it replaced returned every post of a page, photos and text included). Input:
 * `startUrls` (page or profile URLs, or single reel URLs), `resultsLimit`. Output: `text`,
 * `shareable_url` (the reel page; also under `if_should_change_url_for_reels`, or
 * `topLevelReelUrl`), `playCountRounded` (`play_count_reduced` is the same as text, "63K"),
 * `attachments[].media` or `video` with the reel's `id`, its `duration` (seconds) or
 * `playable_duration_in_ms`, and `first_frame_thumbnail`; `post_id`. No playable URL: yt-dlp
 * takes the reel page. Error items (`url`, `error`, no id) are dropped (rules/map-items.ts). The
 * owner's name (`short_form_video_context.video_owner.name`) is not in Apify's published
 * sample; items without it show no author. Admins also point this config at
 * apify/facebook-posts-scraper (issue 31 item 7): its id (`postId`) and views (`videoViewCount`,
 * `viewsCount`) are read as fallbacks, its text is `text` too, and its reel link in `url` (or
 * `facebookUrl`, when the scrape started from a reel) through `videoUrlMapping`: only a link
 * that opens one video counts, so photo posts (`/posts/…`) and the page itself (`facebookUrl`
 * of a page scrape) stay "tanpa URL video" (rules/video-link.ts).
 */
const facebook: ActorConfigInput = {
  platformId: 'facebook',
  displayName: PLATFORM_LABELS.facebook,
  actorId: 'apify/facebook-reels-scraper',
  inputKey: 'startUrls',
  inputKeys: { url: 'startUrls' },
  targetLabel: 'URL halaman / profil Facebook atau URL reel',
  inputType: 'url',
  domains: [...PLATFORM_LINK_DOMAINS.facebook],
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
    // The posts scraper's link, read only when it opens a reel or video.
    videoUrlMapping: ['url', 'facebookUrl'],
    titleMapping: ['message.text'],
    // Read in milliseconds by their names (rules/duration.ts), whatever duration_format says.
    durationMapping: ['video.playable_duration_in_ms', 'attachments.0.media.playable_duration_in_ms'],
    idMapping: ['video.id', 'attachments.0.media.id', 'postId'],
    playCountMapping: ['play_count_reduced', 'videoViewCount', 'viewsCount'],
    skipIfNoUrl: true,
    dimensionFields: false,
  },
  previewSpecific: DEFAULT_PREVIEW,
  options: {
    resultsLimit: { label: 'Jumlah reel maksimum', type: 'number', default: 20 },
  },
  downloadOptions: [],
};

/** Written to the database on first start, in this order (the dashboard's default platform
 * is the first one). */
export const seedActorConfigs: ActorConfigInput[] = [tiktok, douyin, youtube, instagram, facebook];
