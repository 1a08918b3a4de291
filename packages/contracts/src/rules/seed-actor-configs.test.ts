import { describe, expect, it } from 'vitest';
import { ActorConfigSchema, KNOWN_MAPPING_KEYS, VideoItemSchema, type ActorConfig } from '../http/actor-configs.ts';
import { directMediaUrlOf } from './direct-media-url.ts';
import { mapItems, mapItemsWithCounts } from './map-items.ts';
import { seedActorConfigs } from './seed-actor-configs.ts';
import { seedUpgrades, supersededSeedActorConfigs } from './seed-actor-configs-superseded.ts';
import { isOnDomains } from './target-domains.ts';
import frozenSuperseded from './fixtures/superseded-seed-actor-configs.json' with { type: 'json' };

// Realistic raw items for each platform, written from the output fields the chosen actors
// document (see the comments in seed-actor-configs.ts), mapped with the seed configs.
// Values are invented; shapes follow the actors' dataset items, including the odd cases
// those actors are known to produce.

function seed(platformId: string): ActorConfig {
  const input = seedActorConfigs.find((config) => config.platformId === platformId);
  if (!input) throw new Error(`no seed config for ${platformId}`);
  return ActorConfigSchema.parse(input);
}

function expectValidVideoItems(items: unknown[]): void {
  for (const item of items) expect(VideoItemSchema.safeParse(item).success).toBe(true);
}

describe('seedActorConfigs', () => {
  it('parses every config through ActorConfigSchema', () => {
    for (const input of seedActorConfigs) {
      const result = ActorConfigSchema.safeParse(input);
      expect(result.success, `${input.platformId}: ${result.error?.message ?? ''}`).toBe(true);
    }
  });

  it('has the five platforms of the product, each once, TikTok first', () => {
    expect(seedActorConfigs.map((config) => config.platformId)).toEqual(['tiktok', 'douyin', 'youtube', 'instagram', 'facebook']);
  });

  it('maps only known keys plus duration_format, with a known format', () => {
    const allowed = new Set<string>([...KNOWN_MAPPING_KEYS, 'duration_format']);
    for (const config of seedActorConfigs.map((input) => ActorConfigSchema.parse(input))) {
      for (const key of Object.keys(config.mapping)) expect(allowed.has(key), `${config.platformId}.${key}`).toBe(true);
      const format = config.mapping['duration_format'];
      if (format !== undefined) expect(['milliseconds', 'seconds', 'minutes', 'timestamp']).toContain(format);
    }
  });

  it('declares input keys for the target kinds its input type accepts', () => {
    for (const config of seedActorConfigs.map((input) => ActorConfigSchema.parse(input))) {
      expect(config.targetLabel, config.platformId).not.toBe('');
      if (config.inputType === 'any' || config.inputType === 'url') expect(config.inputKeys.url, config.platformId).toBeTruthy();
      if (config.inputType === 'any' || config.inputType === 'keyword') expect(config.inputKeys.keyword, config.platformId).toBeTruthy();
    }
  });

  it('offers a number option defaulting to 20 results on every platform', () => {
    for (const config of seedActorConfigs.map((input) => ActorConfigSchema.parse(input))) {
      const counts = Object.values(config.options).filter((option) => option.type === 'number' && option.default === 20);
      expect(counts.length, config.platformId).toBe(1);
    }
  });

  it('uses the spec values for sortVideosBy, dateFilter and sortingOrder, and select defaults from their options', () => {
    const specValues: Record<string, string[]> = {
      sortVideosBy: ['NEWEST', 'POPULAR', 'OLDEST'],
      dateFilter: ['hour', 'today', 'week', 'month', 'year'],
      sortingOrder: ['descending', 'ascending'],
    };
    for (const config of seedActorConfigs.map((input) => ActorConfigSchema.parse(input))) {
      for (const [key, option] of Object.entries(config.options)) {
        if (option.type !== 'select') continue;
        const values = (option.options ?? []).map((choice) => choice.value);
        expect(values.length, `${config.platformId}.${key}`).toBeGreaterThan(0);
        const allowed = specValues[key];
        if (allowed) expect(values).toEqual(allowed);
        if (option.default !== null) expect(values).toContain(option.default);
      }
    }
  });
});

describe('TikTok (clockworks/tiktok-scraper)', () => {
  const video = {
    id: '7341234567890123456',
    text: 'Cara bikin kopi susu gula aren di rumah #kopi #fyp',
    textLanguage: 'id',
    createTime: 1709251200,
    createTimeISO: '2024-03-01T00:00:00.000Z',
    isAd: false,
    authorMeta: {
      id: '6812345678901234567',
      name: 'kopikenangan.id',
      profileUrl: 'https://www.tiktok.com/@kopikenangan.id',
      nickName: 'Kopi Kenangan',
      verified: true,
      signature: '',
      avatar: 'https://p16-sign-sg.tiktokcdn.com/tos-alisg-avt-0068/avatar.jpeg',
      privateAccount: false,
      fans: 15000,
      heart: 200000,
      video: 120,
    },
    musicMeta: { musicName: 'original sound', musicAuthor: 'kopikenangan.id', musicOriginal: true },
    webVideoUrl: 'https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456',
    mediaUrls: [],
    videoMeta: {
      height: 1024,
      width: 576,
      duration: 16,
      coverUrl: 'https://p16-sign-sg.tiktokcdn.com/obj/tos-alisg-p-0037/cover.jpeg',
      originalCoverUrl: 'https://p16-sign-sg.tiktokcdn.com/obj/tos-alisg-p-0037/origin.jpeg',
      definition: '540p',
      format: 'mp4',
      subtitleLinks: [],
    },
    diggCount: 1520,
    shareCount: 31,
    playCount: 45800,
    collectCount: 120,
    commentCount: 44,
    repostCount: 0,
    mentions: [],
    hashtags: [{ name: 'kopi' }, { name: 'fyp' }],
    isSlideshow: false,
    isPinned: false,
    isSponsored: false,
    searchQuery: 'kopi susu',
  };

  it('maps a search result', () => {
    const [item] = mapItems([video], seed('tiktok'));
    expect(item).toEqual({
      id: '7341234567890123456',
      platform: 'tiktok',
      url: 'https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456',
      duration: 16,
      title: 'Cara bikin kopi susu gula aren di rumah #kopi #fyp',
      author: 'kopikenangan.id',
      play_count: 45800,
      like_count: 1520,
      thumbnail: 'https://p16-sign-sg.tiktokcdn.com/obj/tos-alisg-p-0037/cover.jpeg',
      width: 576,
      height: 1024,
      raw: video,
    });
  });

  it('builds the URL from author and id when webVideoUrl is missing', () => {
    const { webVideoUrl: _dropped, ...withoutUrl } = video;
    const [item] = mapItems([withoutUrl], seed('tiktok'));
    expect(item?.url).toBe('https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456');
  });

  it('uses submittedVideoUrl when scraping by post URL returns no webVideoUrl', () => {
    const raw = { ...video, webVideoUrl: null, submittedVideoUrl: 'https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456?lang=id' };
    expect(mapItems([raw], seed('tiktok'))[0]?.url).toBe('https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456?lang=id');
  });

  it('handles a sparse item: no text, no cover, counts as strings', () => {
    const raw = {
      id: '7341234567890000001',
      text: null,
      authorMeta: { name: 'warung.bu.tini' },
      videoMeta: { duration: '9' },
      playCount: '12.5K',
      diggCount: '980',
    };
    expect(mapItems([raw], seed('tiktok'))[0]).toMatchObject({
      url: 'https://www.tiktok.com/@warung.bu.tini/video/7341234567890000001',
      title: '',
      duration: 9,
      play_count: 12500,
      like_count: 980,
      thumbnail: '',
    });
  });

  it('drops the actor error items that have neither URL nor author', () => {
    const errorItem = { url: 'https://www.tiktok.com/@nobody', error: 'PROFILE_EMPTY', errorCode: 'PROFILE_EMPTY' };
    expect(mapItems([errorItem, video], seed('tiktok')).map((item) => item.id)).toEqual([video.id]);
  });
});

describe('Douyin (natanielsantos/douyin-scraper, Douyin video fields)', () => {
  const video = {
    aweme_id: '7345678901234567890',
    desc: '成都街头美食，一口就爱上 #美食 #成都',
    create_time: 1710000000,
    author: {
      uid: '98765432101',
      nickname: '成都吃货日记',
      unique_id: 'chengdu_foodie',
      sec_uid: 'MS4wLjABAAAAexample',
    },
    video: {
      duration: 15433,
      width: 1080,
      height: 1920,
      ratio: '1080p',
      cover: { url_list: ['https://p3-pc-sign.douyinpic.com/tos-cn-i-dy/cover~tplv-dy-resize.jpeg'] },
      play_addr: { url_list: ['https://v26-web.douyinvod.com/video/tos/cn/play.mp4'] },
    },
    statistics: { digg_count: 20934, comment_count: 812, share_count: 1203, collect_count: 998, play_count: 0 },
    share_url: 'https://www.iesdouyin.com/share/video/7345678901234567890/',
  };

  it('maps a video, converting milliseconds and building the douyin.com URL', () => {
    const [item] = mapItems([video], seed('douyin'));
    expect(item).toEqual({
      id: '7345678901234567890',
      platform: 'douyin',
      url: 'https://www.douyin.com/video/7345678901234567890',
      duration: 15.433,
      title: '成都街头美食，一口就爱上 #美食 #成都',
      author: '成都吃货日记',
      // Douyin's web data hides play counts as 0; zero is kept as reported.
      play_count: 0,
      like_count: 20934,
      thumbnail: 'https://p3-pc-sign.douyinpic.com/tos-cn-i-dy/cover~tplv-dy-resize.jpeg',
      width: 1080,
      height: 1920,
      raw: video,
    });
  });

  it("keeps Douyin's play_addr as the direct media URL, the page as the item's URL", () => {
    const [item] = mapItems([video], seed('douyin'));
    expect(item?.url).toBe('https://www.douyin.com/video/7345678901234567890');
    expect(directMediaUrlOf(item?.raw)).toBe('https://v26-web.douyinvod.com/video/tos/cn/play.mp4');
  });

  it('reads the TikTok-style names some Douyin actors use', () => {
    const raw = {
      id: 7345678901234567,
      text: '火锅',
      url: 'https://www.douyin.com/video/7345678901234567',
      playCount: '1.2M',
      video: { duration: '61000' },
    };
    expect(mapItems([raw], seed('douyin'))[0]).toMatchObject({
      id: '7345678901234567',
      url: 'https://www.douyin.com/video/7345678901234567',
      title: '火锅',
      duration: 61,
      play_count: 1200000,
      author: '',
    });
  });

  it('drops an item with neither id nor URL', () => {
    expect(mapItems([{ desc: '无效', statistics: { digg_count: 3 } }], seed('douyin'))).toEqual([]);
  });

  it("builds the douyin.com URL even when the actor's url is a share link yt-dlp cannot read", () => {
    const raw = { ...video, url: 'https://v.douyin.com/iRNBho6u/', share_url: 'https://www.iesdouyin.com/share/video/7345678901234567890/' };
    expect(mapItems([raw], seed('douyin'))[0]?.url).toBe('https://www.douyin.com/video/7345678901234567890');
  });

  it('reads a flattened play count', () => {
    const { statistics: _statistics, ...flat } = video;
    expect(mapItems([{ ...flat, play_count: 21000, digg_count: 5 }], seed('douyin'))[0]?.play_count).toBe(21000);
  });
});

describe('YouTube (streamers/youtube-scraper)', () => {
  const video = {
    title: 'Resep Nasi Goreng Kampung 1 Menit',
    type: 'video',
    id: 'a1B2c3D4e5F',
    url: 'https://www.youtube.com/watch?v=a1B2c3D4e5F',
    thumbnailUrl: 'https://i.ytimg.com/vi/a1B2c3D4e5F/maxresdefault.jpg',
    viewCount: 153402,
    date: '2024-03-01T10:00:00.000Z',
    likes: 8712,
    location: null,
    channelName: 'Dapur Nusantara',
    channelUrl: 'https://www.youtube.com/@dapurnusantara',
    channelUsername: 'dapurnusantara',
    channelId: 'UCabcdefghijklmnopqrstuv',
    numberOfSubscribers: 120000,
    duration: '00:01:02',
    commentsCount: 431,
    text: 'Bahan: nasi, bawang, kecap.',
    subtitles: null,
    isMonetized: true,
    commentsTurnedOff: false,
    hashtags: ['#nasigoreng'],
    fromYTUrl: 'https://www.youtube.com/results?search_query=nasi+goreng',
  };

  it('maps a video, converting the 00:00:00 duration', () => {
    const [item] = mapItems([video], seed('youtube'));
    expect(item).toEqual({
      id: 'a1B2c3D4e5F',
      platform: 'youtube',
      url: 'https://www.youtube.com/watch?v=a1B2c3D4e5F',
      duration: 62,
      title: 'Resep Nasi Goreng Kampung 1 Menit',
      author: 'Dapur Nusantara',
      play_count: 153402,
      like_count: 8712,
      thumbnail: 'https://i.ytimg.com/vi/a1B2c3D4e5F/maxresdefault.jpg',
      raw: video,
    });
  });

  it('handles short durations, hidden likes and a missing URL', () => {
    const { url: _dropped, ...short } = { ...video, id: 'Zz9Yy8Xx7Ww', duration: '0:45', likes: null, viewCount: '2,345' };
    expect(mapItems([short], seed('youtube'))[0]).toMatchObject({
      url: 'https://www.youtube.com/watch?v=Zz9Yy8Xx7Ww',
      duration: 45,
      like_count: null,
      play_count: 2345,
    });
  });

  it('keeps a live stream with no duration', () => {
    expect(mapItems([{ ...video, duration: 'LIVE' }], seed('youtube'))[0]?.duration).toBeNull();
  });

  it('drops the error items the actor writes for empty searches', () => {
    const errorItem = { error: 'NO_RESULTS', errorDescription: 'No results for this search.', fromYTUrl: video.fromYTUrl };
    expect(mapItems([errorItem], seed('youtube'))).toEqual([]);
  });
});

describe('Instagram (apify/instagram-scraper)', () => {
  const reel = {
    inputUrl: 'https://www.instagram.com/explore/tags/kuliner/',
    id: '3312345678901234567',
    type: 'Video',
    shortCode: 'C8AbCdEfGhI',
    caption: 'Martabak manis keju coklat 🤤 #kuliner #jakarta',
    hashtags: ['kuliner', 'jakarta'],
    mentions: [],
    url: 'https://www.instagram.com/p/C8AbCdEfGhI/',
    commentsCount: 52,
    firstComment: 'Enak banget',
    latestComments: [],
    dimensionsHeight: 1920,
    dimensionsWidth: 1080,
    displayUrl: 'https://scontent-sin6-1.cdninstagram.com/v/t51.29350-15/display.jpg',
    images: [],
    videoUrl: 'https://scontent-sin6-1.cdninstagram.com/o1/v/t16/f2/m86/video.mp4',
    alt: null,
    likesCount: 3021,
    videoViewCount: 45012,
    videoPlayCount: 120334,
    timestamp: '2024-06-01T12:00:00.000Z',
    childPosts: [],
    ownerFullName: 'Kuliner Jakarta',
    ownerUsername: 'kulinerjkt',
    ownerId: '1234567890',
    productType: 'clips',
    videoDuration: 29.566,
    isSponsored: false,
  };
  const image = { ...reel, id: '3312345678900000001', type: 'Image', shortCode: 'C8Img', url: 'https://www.instagram.com/p/C8Img/', videoUrl: undefined, videoDuration: undefined, productType: 'feed' };
  const carousel = { ...image, id: '3312345678900000002', type: 'Sidecar', shortCode: 'C8Side', url: 'https://www.instagram.com/p/C8Side/' };

  it('maps a reel', () => {
    const [item] = mapItems([reel], seed('instagram'));
    expect(item).toEqual({
      id: '3312345678901234567',
      platform: 'instagram',
      url: 'https://www.instagram.com/p/C8AbCdEfGhI/',
      duration: 29.566,
      title: 'Martabak manis keju coklat 🤤 #kuliner #jakarta',
      author: 'kulinerjkt',
      play_count: 120334,
      like_count: 3021,
      thumbnail: 'https://scontent-sin6-1.cdninstagram.com/v/t51.29350-15/display.jpg',
      width: 1080,
      height: 1920,
      raw: reel,
    });
  });

  it('keeps only videos: images and carousels (Sidecar) are dropped', () => {
    expect(mapItems([image, reel, carousel], seed('instagram')).map((item) => item.id)).toEqual([reel.id]);
  });

  it('treats hidden likes (-1) as unknown and falls back to videoViewCount', () => {
    const raw = { ...reel, likesCount: -1, videoPlayCount: null };
    expect(mapItems([raw], seed('instagram'))[0]).toMatchObject({ like_count: null, play_count: 45012 });
  });

  it('builds the post URL from shortCode, and uses shortCode when id is missing', () => {
    const { url: _url, id: _id, ...bare } = reel;
    expect(mapItems([bare], seed('instagram'))[0]).toMatchObject({
      id: 'C8AbCdEfGhI',
      url: 'https://www.instagram.com/p/C8AbCdEfGhI/',
    });
  });

  it('downloads through the post URL; the signed videoUrl is only the direct fallback', () => {
    const [item] = mapItems([reel], seed('instagram'));
    expect(item?.url).toBe('https://www.instagram.com/p/C8AbCdEfGhI/');
    expect(directMediaUrlOf(item?.raw)).toBe(reel.videoUrl);
    // A reel-scraper item whose url is a /reel/ link keeps it: yt-dlp reads both.
    const reelLink = { ...reel, url: 'https://www.instagram.com/reel/C8AbCdEfGhI/' };
    expect(mapItems([reelLink], seed('instagram'))[0]?.url).toBe('https://www.instagram.com/reel/C8AbCdEfGhI/');
  });

  it('gives an empty title for a reel without caption', () => {
    expect(mapItems([{ ...reel, caption: '' }], seed('instagram'))[0]?.title).toBe('');
  });
});

describe('Facebook (apify/facebook-reels-scraper)', () => {
  // The reels actor's item: the reel under `video` (newer items) or `attachments[].media`.
  const reel = {
    inputUrl: 'https://www.facebook.com/detikcom',
    facebookUrl: 'https://www.facebook.com/detikcom',
    post_id: '1234567890123456',
    text: 'Detik-detik banjir rob di Pantai Utara Jakarta #banjir',
    time: '2026-10-01T08:00:00.000Z',
    creation_time: 1790582400,
    shareable_url: 'https://www.facebook.com/reel/987654321098765',
    topLevelReelUrl: 'https://www.facebook.com/reel/987654321098765/',
    playCountRounded: 56000,
    play_count_reduced: '56K',
    short_form_video_context: { video_owner: { name: 'detikcom', url: 'https://www.facebook.com/detikcom' } },
    video: {
      id: '987654321098765',
      playable_duration_in_ms: 31466,
      first_frame_thumbnail: 'https://scontent.fcgk1-1.fna.fbcdn.net/v/t15.5256-10/thumb.jpg',
    },
    attachments: [{ media: { __typename: 'Video', id: '987654321098765', duration: 31.466 } }],
  };

  it('maps a reel: the reel page as URL, seconds from media.duration, no direct media URL', () => {
    const [item] = mapItems([reel], seed('facebook'));
    expect(item).toEqual({
      id: '1234567890123456',
      platform: 'facebook',
      url: 'https://www.facebook.com/reel/987654321098765',
      duration: 31.466,
      title: 'Detik-detik banjir rob di Pantai Utara Jakarta #banjir',
      author: 'detikcom',
      play_count: 56000,
      like_count: null,
      thumbnail: 'https://scontent.fcgk1-1.fna.fbcdn.net/v/t15.5256-10/thumb.jpg',
      raw: reel,
    });
    expect(directMediaUrlOf(reel)).toBeNull();
  });

  it('reads the duration in milliseconds when only playable_duration_in_ms is there', () => {
    const raw = { ...reel, attachments: [{ media: { __typename: 'Video', id: '987654321098765' } }] };
    expect(mapItems([raw], seed('facebook'))[0]?.duration).toBe(31.466);
    const nested = { ...raw, video: undefined, attachments: [{ media: { id: '987654321098765', playable_duration_in_ms: 9000 } }] };
    expect(mapItems([nested], seed('facebook'))[0]?.duration).toBe(9);
  });

  it('finds the reel page in the other places the actor puts it, else builds it from the video id', () => {
    const { shareable_url: _share, topLevelReelUrl: _top, ...bare } = reel;
    const nested = { ...bare, if_should_change_url_for_reels: { shareable_url: 'https://www.facebook.com/reel/111' } };
    expect(mapItems([nested], seed('facebook'))[0]?.url).toBe('https://www.facebook.com/reel/111');
    expect(mapItems([{ ...bare, topLevelReelUrl: 'https://www.facebook.com/reel/222/' }], seed('facebook'))[0]?.url).toBe(
      'https://www.facebook.com/reel/222/',
    );
    expect(mapItems([bare], seed('facebook'))[0]?.url).toBe('https://www.facebook.com/reel/987654321098765');
  });

  it('reads the rounded count as text and takes the video id when there is no post id', () => {
    const { post_id: _postId, playCountRounded: _plays, ...sparse } = reel;
    expect(mapItems([sparse], seed('facebook'))[0]).toMatchObject({ id: '987654321098765', play_count: 56000 });
  });

  it('reads the posts scraper’s id and view count as fallbacks', () => {
    const { post_id: _p, playCountRounded: _c, play_count_reduced: _r, ...bare } = reel;
    const item = mapItems([{ ...bare, video: { ...reel.video, id: undefined }, attachments: [], postId: '555666777888999', videoViewCount: 12345 }], seed('facebook'))[0];
    expect(item).toMatchObject({ id: '555666777888999', play_count: 12345 });
  });

  it('maps the posts scraper’s video posts: reel link in url, id in postId, text, views in videoViewCount', () => {
    // apify/facebook-posts-scraper, as admins point this config at it (issue 31 item 7).
    const post = {
      facebookUrl: 'https://www.facebook.com/detikcom',
      pageName: 'detikcom',
      postId: '555666777888999',
      url: 'https://www.facebook.com/reel/1122334455667788',
      text: 'Pantauan arus mudik dari udara',
      time: '2026-10-02T08:00:00.000Z',
      isVideo: true,
      videoViewCount: 12345,
      likes: 210,
    };
    expect(mapItems([post], seed('facebook'))[0]).toMatchObject({
      id: '555666777888999',
      url: 'https://www.facebook.com/reel/1122334455667788',
      title: 'Pantauan arus mudik dari udara',
      play_count: 12345,
    });
    // A /videos/ post and a scrape started from one reel (`facebookUrl` is that reel) count too.
    const videos = { ...post, url: 'https://www.facebook.com/detikcom/videos/3344556677/' };
    expect(mapItems([videos], seed('facebook'))[0]?.url).toBe(videos.url);
    const { url: _u, ...fromReel } = { ...post, facebookUrl: 'https://www.facebook.com/reel/99887766' };
    expect(mapItems([fromReel], seed('facebook'))[0]?.url).toBe('https://www.facebook.com/reel/99887766');
    // The reels scraper's own link comes first when an item has both.
    expect(mapItems([{ ...reel, url: 'https://www.facebook.com/reel/1' }], seed('facebook'))[0]?.url).toBe(reel.shareable_url);
    // Twenty reels of a page: twenty items, none "tanpa URL video".
    const page = Array.from({ length: 20 }, (_, i) => ({ ...post, postId: `p${i}`, url: `https://www.facebook.com/reel/${1000 + i}` }));
    expect(mapItemsWithCounts(page, seed('facebook')).counts).toEqual({ found: 20, saved: 20, skipped: {} });
  });

  it('keeps the posts scraper’s photo and text posts out: their url is a post, facebookUrl the page', () => {
    const photo = {
      facebookUrl: 'https://www.facebook.com/detikcom',
      postId: '111',
      url: 'https://www.facebook.com/detikcom/posts/pfbid0abc',
      text: 'Foto kegiatan',
      isVideo: false,
      media: [{ __typename: 'Photo', thumbnail: 'https://scontent.example/p.jpg' }],
    };
    expect(mapItemsWithCounts([photo], seed('facebook')).counts).toEqual({ found: 1, saved: 0, skipped: { noUrl: 1 } });
  });

  it("drops the actor's error items and items with no reel page", () => {
    const errorItem = { url: 'https://www.facebook.com/nobody', error: 'not_available', errorDescription: 'Page not available' };
    const { shareable_url: _s, topLevelReelUrl: _t, video: _v, ...noReel } = reel;
    const noPage = { ...noReel, attachments: [] };
    expect(mapItems([errorItem, noPage, reel], seed('facebook')).map((item) => item.id)).toEqual([reel.post_id]);
  });
});

describe('every seed config', () => {
  it('gives schema-valid video items for its realistic items', () => {
    const samples: Record<string, unknown[]> = {
      tiktok: [{ id: '1', webVideoUrl: 'https://www.tiktok.com/@a/video/1', authorMeta: { name: 'a' }, videoMeta: { duration: 5 } }],
      douyin: [{ aweme_id: '2', video: { duration: 5000 } }],
      youtube: [{ id: 'abcdefghijk', duration: '00:00:05' }],
      instagram: [{ id: '3', shortCode: 'Sc3', type: 'Video', videoDuration: 5 }],
      facebook: [{ post_id: '4', shareable_url: 'https://www.facebook.com/reel/4' }],
    };
    for (const [platformId, raws] of Object.entries(samples)) {
      const items = mapItems(raws, seed(platformId));
      expect(items, platformId).toHaveLength(1);
      expectValidVideoItems(items);
      expect(items[0]?.platform).toBe(platformId);
    }
  });
});

describe('seed domains', () => {
  const links: Record<string, string> = {
    tiktok: 'https://vm.tiktok.com/ZSabc123/',
    douyin: 'https://www.douyin.com/video/7345678901234567890',
    youtube: 'https://youtu.be/a1B2c3D4e5F',
    instagram: 'https://www.instagram.com/reel/C8AbCdEfGhI/',
    facebook: 'https://www.facebook.com/reel/987654321098765',
  };

  it("accepts each platform's own links and refuses the others'", () => {
    for (const config of seedActorConfigs.map((input) => ActorConfigSchema.parse(input))) {
      expect(config.domains.length, config.platformId).toBeGreaterThan(0);
      for (const [platformId, link] of Object.entries(links)) {
        expect(isOnDomains(link, config.domains), `${config.platformId} <- ${link}`).toBe(platformId === config.platformId);
      }
    }
  });
});

describe('superseded seeds', () => {
  it('pairs each with the current seed of its platform, which differs from it', () => {
    const upgrades = seedUpgrades();
    expect(upgrades.map((u) => u.platformId)).toEqual(supersededSeedActorConfigs.map((c) => c.platformId));
    for (const { platformId, from, to } of upgrades) {
      expect(to).toEqual(seed(platformId));
      expect(from, platformId).not.toEqual(to);
    }
  });

  it('match what earlier releases stored: no domains key where they had none, the domains where they had them', () => {
    const withDomains = new Set(supersededSeedActorConfigs.filter((c) => c.domains !== undefined));
    expect(withDomains.size).toBe(2); // Facebook before issue 31 item 7, twice
    supersededSeedActorConfigs.forEach((old, i) => {
      const { from } = seedUpgrades()[i] ?? {};
      if (withDomains.has(old)) expect(from?.domains, old.platformId).toEqual(old.domains);
      else expect(from, old.platformId).not.toHaveProperty('domains');
    });
  });

  it('never change: each is exactly what its release stored, key order included', () => {
    // Most are built from today's seeds (seed-actor-configs-superseded.ts); a change to a seed
    // that moved one of them along would stop the upgrade from recognising that release's rows.
    expect(JSON.stringify(supersededSeedActorConfigs, null, 2)).toBe(JSON.stringify(frozenSuperseded, null, 2));
  });

  it('keeps the Facebook posts scraper and the Douyin url mapping as they were', () => {
    const [douyin, facebook] = seedUpgrades();
    expect(douyin?.from.mapping['url']).toBe('url');
    expect(facebook?.from.actorId).toBe('apify/facebook-posts-scraper');
    expect(facebook?.to.actorId).toBe('apify/facebook-reels-scraper');
  });
});
