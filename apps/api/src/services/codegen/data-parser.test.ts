import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema, type ActorConfig, type ActorConfigInput } from '@scrapper/contracts/http/actor-configs';
import { mapItems } from '@scrapper/contracts/rules/map-items';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { dataParserCode } from './data-parser.ts';

// The generated data parser must map exactly like the engine: each config below is
// generated, imported as a real ES module, and compared with mapItems on the same raw
// items, including the odd ones (missing and mistyped fields, duplicates, items dropped by
// skipIfNoUrl or is_video_check, non-objects).

interface DataParserModule {
  parseItems: (rawItems: unknown) => unknown[];
  parseItem: (raw: unknown) => unknown;
}

const dir = mkdtempSync(join(tmpdir(), 'codegen-data-parser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
async function loadParser(config: ActorConfig): Promise<DataParserModule> {
  fileCount += 1;
  const file = join(dir, `parser-${fileCount}.mjs`);
  writeFileSync(file, dataParserCode(config));
  return (await import(pathToFileURL(file).href)) as DataParserModule;
}

function seed(platformId: string): ActorConfig {
  const input = seedActorConfigs.find((config) => config.platformId === platformId);
  if (!input) throw new Error(`no seed config for ${platformId}`);
  return ActorConfigSchema.parse(input);
}

async function expectSameAsEngine(config: ActorConfig, raws: unknown[]): Promise<unknown[]> {
  const parser = await loadParser(config);
  const expected = mapItems(raws, config);
  expect(parser.parseItems(raws)).toEqual(expected);
  raws.forEach((raw, index) => expect(parser.parseItem(raw), `raw item ${index}`).toEqual(mapItems([raw], config)[0] ?? null));
  return expected;
}

/** Items every platform's actor can produce: junk, error records, empty objects. */
const junk: unknown[] = [null, undefined, 0, 'item', true, [], {}, { error: 'NO_RESULTS', errorDescription: 'No results.' }];

const tiktokVideo = {
  id: '7341234567890123456',
  text: 'Cara bikin kopi susu gula aren di rumah #kopi #fyp',
  createTimeISO: '2024-03-01T00:00:00.000Z',
  authorMeta: { id: '6812345678901234567', name: 'kopikenangan.id', nickName: 'Kopi Kenangan', verified: true },
  webVideoUrl: 'https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456',
  videoMeta: { height: 1024, width: 576, duration: 16, coverUrl: 'https://p16-sign-sg.tiktokcdn.com/obj/cover.jpeg', format: 'mp4' },
  diggCount: 1520,
  playCount: 45800,
  hashtags: [{ name: 'kopi' }, { name: 'fyp' }],
};
const tiktokItems: unknown[] = [
  tiktokVideo,
  // The same video again (it matched two queries): only the first stays.
  { ...tiktokVideo, text: 'duplikat' },
  // No webVideoUrl: built from authorMeta.name and id by the template.
  { ...tiktokVideo, id: '7341234567890000002', webVideoUrl: undefined, authorMeta: { name: '@warung.bu.tini' } },
  // By post URL: webVideoUrl null, submittedVideoUrl set.
  { ...tiktokVideo, id: '7341234567890000003', webVideoUrl: null, submittedVideoUrl: 'https://www.tiktok.com/@a/video/7341234567890000003?lang=id' },
  // Sparse: counts as text, duration as text, no cover, numeric id.
  { id: 7341234567890, text: null, authorMeta: { name: 'budi' }, videoMeta: { duration: '9', width: 0, height: 0 }, playCount: '12.5K', diggCount: '1,234' },
  // Flattened export keys.
  { id: '7341234567890000005', 'authorMeta.name': 'flat', 'videoMeta.duration': 21, 'videoMeta.coverUrl': '//p16.tiktokcdn.com/c.jpeg' },
  // Error item with a profile URL but no id or author: the template cannot be filled.
  { url: 'https://www.tiktok.com/@nobody', error: 'PROFILE_EMPTY' },
  ...junk,
];

const douyinVideo = {
  aweme_id: '7345678901234567890',
  desc: '成都街头美食，一口就爱上 #美食 #成都',
  author: { uid: '98765432101', nickname: '成都吃货日记', unique_id: 'chengdu_foodie' },
  video: {
    duration: 15433,
    width: 1080,
    height: 1920,
    cover: { url_list: ['https://p3-pc-sign.douyinpic.com/tos-cn-i-dy/cover.jpeg'] },
  },
  statistics: { digg_count: 20934, comment_count: 812, play_count: 0 },
  share_url: 'https://www.iesdouyin.com/share/video/7345678901234567890/',
};
const douyinItems: unknown[] = [
  douyinVideo,
  { id: 7345678901234567, text: '火锅', url: 'https://www.douyin.com/video/7345678901234567', playCount: '1.2M', video: { duration: '61000' } },
  { ...douyinVideo, video: { ...douyinVideo.video, duration: -5, cover: { url_list: ['not a url'] } } },
  { ...douyinVideo, aweme_id: '7345678901234567891', desc: '', text: '文本', statistics: { digg_count: '3.4万' } },
  { desc: '无效', statistics: { digg_count: 3 } },
  { ...douyinVideo },
  ...junk,
];

const youtubeVideo = {
  title: 'Resep Nasi Goreng Kampung 1 Menit',
  type: 'video',
  id: 'a1B2c3D4e5F',
  url: 'https://www.youtube.com/watch?v=a1B2c3D4e5F',
  thumbnailUrl: 'https://i.ytimg.com/vi/a1B2c3D4e5F/maxresdefault.jpg',
  viewCount: 153402,
  likes: 8712,
  channelName: 'Dapur Nusantara',
  duration: '00:01:02',
};
const youtubeItems: unknown[] = [
  youtubeVideo,
  { ...youtubeVideo, id: 'Zz9Yy8Xx7Ww', url: undefined, duration: '0:45', likes: null, viewCount: '2,345' },
  { ...youtubeVideo, id: 'Live0000001', url: 'https://www.youtube.com/watch?v=Live0000001', duration: 'LIVE' },
  { ...youtubeVideo, id: 'Long0000001', url: 'https://www.youtube.com/watch?v=Long0000001', duration: '1:02:03.5' },
  { ...youtubeVideo, id: 'Iso00000001', url: 'https://www.youtube.com/watch?v=Iso00000001', duration: 'PT1M2S' },
  { ...youtubeVideo, id: 'Bad00000001', url: 'https://www.youtube.com/watch?v=Bad00000001', duration: '1:75', thumbnailUrl: 'javascript:alert(1)' },
  { ...youtubeVideo, id: 'Num00000001', url: 'https://www.youtube.com/watch?v=Num00000001', duration: 95 },
  { ...youtubeVideo, title: 'duplikat' },
  ...junk,
];

const instagramReel = {
  id: '3312345678901234567',
  type: 'Video',
  shortCode: 'C8AbCdEfGhI',
  caption: 'Martabak manis keju coklat 🤤 #kuliner #jakarta',
  url: 'https://www.instagram.com/p/C8AbCdEfGhI/',
  dimensionsHeight: 1920,
  dimensionsWidth: 1080,
  displayUrl: 'https://scontent-sin6-1.cdninstagram.com/v/t51.29350-15/display.jpg',
  likesCount: 3021,
  videoViewCount: 45012,
  videoPlayCount: 120334,
  ownerUsername: 'kulinerjkt',
  videoDuration: 29.566,
};
const instagramItems: unknown[] = [
  { ...instagramReel, id: '3312345678900000001', type: 'Image', shortCode: 'C8Img', url: 'https://www.instagram.com/p/C8Img/' },
  instagramReel,
  { ...instagramReel, id: '3312345678900000002', type: 'Sidecar', shortCode: 'C8Side', url: 'https://www.instagram.com/p/C8Side/' },
  { ...instagramReel, id: '3312345678900000003', likesCount: -1, videoPlayCount: null, url: 'https://www.instagram.com/p/C8Hid/' },
  { ...instagramReel, id: undefined, url: undefined, shortCode: 'C8NoUrl' },
  { ...instagramReel, id: '3312345678900000004', type: 'clips', url: 'https://www.instagram.com/reel/C8Clip/', caption: '' },
  { ...instagramReel, id: '3312345678900000005', type: undefined },
  { ...instagramReel, id: '3312345678900000006', type: 'image/jpeg' },
  { ...instagramReel, id: '3312345678900000007', type: 'GraphVideo', dimensionsWidth: '720', dimensionsHeight: 'tall' },
  ...junk,
];

const facebookReel = {
  post_id: '1234567890123456',
  text: 'Detik-detik banjir rob di Pantai Utara Jakarta',
  shareable_url: 'https://www.facebook.com/reel/987654321098765',
  playCountRounded: 56000,
  play_count_reduced: '56K',
  short_form_video_context: { video_owner: { name: 'detikcom' } },
  video: { id: '987654321098765', playable_duration_in_ms: 31466, first_frame_thumbnail: 'https://scontent.fcgk1-1.fna.fbcdn.net/v/thumb.jpg' },
  attachments: [{ media: { __typename: 'Video', id: '987654321098765', duration: 31.466 } }],
};
const facebookItems: unknown[] = [
  facebookReel,
  // Duration only in milliseconds (read so by its name), the URL nested elsewhere.
  { ...facebookReel, post_id: '1234567890000001', shareable_url: undefined, if_should_change_url_for_reels: { shareable_url: 'https://www.facebook.com/reel/111' }, attachments: [] },
  // No URL anywhere: built from video.id.
  { ...facebookReel, post_id: '1234567890000002', shareable_url: null, video: { id: '222', playable_duration_in_ms: '9000' } },
  // No post id, rounded count as text.
  { ...facebookReel, post_id: undefined, playCountRounded: undefined, video: { id: '333' }, shareable_url: 'https://www.facebook.com/reel/333' },
  // An error item: no reel page, dropped.
  { url: 'https://www.facebook.com/nobody', error: 'not_available' },
  // No reel page and no video id: dropped.
  { ...facebookReel, post_id: '1234567890000004', shareable_url: 'N/A', video: {}, attachments: [] },
  // The posts scraper's shape: a reel link in url, a /videos/ link, a reel in facebookUrl...
  { postId: '5551', text: 'Reel', url: 'https://www.facebook.com/reel/5551', videoViewCount: 12 },
  { postId: '5552', url: 'https://www.facebook.com/detikcom/videos/5552/', facebookUrl: 'https://www.facebook.com/detikcom' },
  { postId: '5553', facebookUrl: 'https://www.facebook.com/watch/?v=5553' },
  // ...and its photo post and page link, no video: dropped.
  { postId: '5554', url: 'https://www.facebook.com/detikcom/posts/5554', facebookUrl: 'https://www.facebook.com/detikcom/reels' },
  ...junk,
];

const samples: Record<string, unknown[]> = {
  tiktok: tiktokItems,
  douyin: douyinItems,
  youtube: youtubeItems,
  instagram: instagramItems,
  facebook: facebookItems,
};

describe('generated dataParser, seed configs', () => {
  for (const [platformId, raws] of Object.entries(samples)) {
    it(`maps ${platformId} items exactly like mapItems`, async () => {
      const expected = await expectSameAsEngine(seed(platformId), raws);
      // The samples must exercise the engine, not just agree on an empty list.
      expect(expected.length).toBeGreaterThan(1);
      expect(expected.length).toBeLessThan(raws.length);
    });
  }

  it('keeps the raw item itself on each video item', async () => {
    const parser = await loadParser(seed('tiktok'));
    const [item] = parser.parseItems([tiktokVideo]) as { raw: unknown }[];
    expect(item?.raw).toBe(tiktokVideo);
  });

  it('gives an empty list for input that is not an array', async () => {
    const parser = await loadParser(seed('youtube'));
    expect(parser.parseItems(undefined)).toEqual([]);
    expect(parser.parseItems({ items: [youtubeVideo] })).toEqual([]);
  });
});

type Overrides = Omit<Partial<ActorConfigInput>, 'platformSpecific'> & {
  platformSpecific?: Partial<NonNullable<ActorConfigInput['platformSpecific']>>;
};

function config(overrides: Overrides = {}): ActorConfig {
  return ActorConfigSchema.parse({
    platformId: 'testplatform',
    displayName: 'Test',
    actorId: 'someone/some-scraper',
    ...overrides,
    mapping: { id: 'id', url: 'url', title: 'title', author: 'author', ...overrides.mapping },
    platformSpecific: { ...overrides.platformSpecific },
  });
}

/** Items aimed at each rule of rules/README.md. */
const ruleItems: unknown[] = [
  { id: 'v1', url: 'https://video.test/v1', title: 'Judul', author: 'budi', d: 15433, plays: '1,234', likes: '3M', cover: ['x', 'https://img.test/a.jpg'] },
  { id: 'v2', url: ' //video.test/v2 ', title: 2024, author: 12345, d: '1:02', plays: -1, likes: 'hidden', cover: 'data:image/png;base64,AAAA' },
  { id: 'v3', url: 'www.video.test/v3', d: 'PT1H2M3.5S', plays: 0, likes: null, width: 1080, height: 1920 },
  { id: '   ', alt: { id: 'alt-1' }, url: 'N/A', links: ['javascript:alert(1)'], permalink: 'https://video.test/ok', desc: 'deskripsi', meta: { seconds: '00:00:31' } },
  { shortCode: 'sc1', permalink: 'https://video.test/p/sc1', caption: 'c', views: '2.5K', meta: { seconds: 14 }, videoMeta: { width: 576, height: 1024 } },
  { url: 'https://video.test/v9', title: 'no id' },
  { url: 'https://video.test/v9', title: 'same derived id' },
  { id: '7341', user: { name: '@kopi susu' }, kind: 'reel', meta: { code: 'C8/Ab' } },
  { id: 'a/b', author: 'budi' },
  { code: 'abc', video: { width: '720', height: '1280' } },
  { title: 'lonely' },
  { id: 'v5', url: 'https://video.test/v5', 'stats.plays': '9K', dimensions: { width: 640, height: 640 }, dimensionsWidth: 0, dimensionsHeight: 5 },
  JSON.parse('{"id": "v6", "url": "https://video.test/v6", "__proto__": {"title": "polluted"}, "constructor": {"name": "x"}}'),
  Object.defineProperty({ id: 'v7', url: 'https://video.test/v7' }, 'title', {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  }),
  { id: 7341234567890123, url: 'https://video.test/big', d: 1e21, plays: 10n, likes: -3n },
  { id: 'v8', url: 'https://video.test/v8', d: '12.5', plays: '1.5b', likes: '2 500', covers: [null, 'https://img.test/b.jpg'] },
];

const ruleConfigs: [string, Overrides][] = [
  ['plain mapping, no template, skipIfNoUrl on', { mapping: { duration: 'd', duration_format: 'milliseconds', play_count: 'plays', like_count: 'likes', thumbnail: 'cover' } }],
  [
    'fallback lists, webpage_url, minutes',
    {
      mapping: { duration: 'duration', duration_format: 'min', play_count: 'playCount', webpage_url: 'permalink', thumbnail: 'covers' },
      platformSpecific: {
        idMapping: ['alt.id', 'shortCode', ' '],
        urlMapping: ['links.0', 'links[1]'],
        titleMapping: ['desc', 'caption', 'title'],
        durationMapping: ['meta.seconds', 'd'],
        playCountMapping: ['stats.plays', 'views', 'plays'],
        dimensionFields: true,
      },
    },
  ],
  [
    'template with author, id and other paths; skipIfNoUrl off',
    {
      mapping: { duration: 'd', duration_format: '00:00:00', id: 'id' },
      platformSpecific: {
        skipIfNoUrl: false,
        urlGeneration: { authorField: 'user.name', idField: 'code', template: ' https://www.example.test/@{author}/{ kind }/{meta.code}/{id} ' },
      },
    },
  ],
  [
    'template with mapped id and author fallback, unknown format',
    {
      mapping: { duration: 'd', duration_format: 'parsecs', author: 'author', like_count: 'stats.plays' },
      platformSpecific: { urlGeneration: { authorField: '', idField: '', template: 'https://x.test/@{author}/{id}' }, dimensionFields: true },
    },
  ],
  [
    'template reading a prototype path makes no URL',
    { platformSpecific: { urlGeneration: { authorField: '', idField: '', template: 'https://x.test/{__proto__}/{id}' }, skipIfNoUrl: false } },
  ],
  ['prototype paths in the mapping read nothing', { mapping: { title: '__proto__.title', author: 'constructor.name', thumbnail: 'constructor.prototype' } }],
];

describe('generated dataParser, every mapping rule', () => {
  for (const [name, overrides] of ruleConfigs) {
    it(`matches mapItems: ${name}`, async () => {
      await expectSameAsEngine(config(overrides), ruleItems);
    });
  }

  it('matches mapItems on every is_video_check value', async () => {
    const values: unknown[] = [
      ...['image', 'Images', 'photo', 'PHOTOS', 'picture', 'sidecar', 'carousel', 'carousel_album', 'album', 'slideshow'],
      ...['GraphImage', 'GraphSidecar', 'text', 'status', 'link', 'false', 'no', 'none', 'null', 'undefined', '0', ' '],
      ...['image/jpeg', 'Video', 'clips', 'reel', 'https://cdn.test/v.mp4', true, false, 1, 0, Number.NaN, null, [], ['v'], {}, { v: 1 }],
    ];
    const raws = values.map((type, index) => ({ id: `v${index}`, url: `https://video.test/${index}`, type }));
    const expected = await expectSameAsEngine(config({ mapping: { is_video_check: ' type ' } }), [...raws, { id: 'none', url: 'https://video.test/none' }]);
    // Video, clips, reel, the URL, true, 1, ['v'] and { v: 1 }.
    expect(expected.length).toBe(8);
  });
});
