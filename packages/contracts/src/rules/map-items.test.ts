import { describe, expect, it } from 'vitest';
import { ActorConfigSchema, VideoItemSchema, type ActorConfig, type ActorConfigInput } from '../http/actor-configs.ts';
import { createItemMapper, mapItem, mapItems, mapItemsWithCounts } from './map-items.ts';
import { stableIdFromUrl } from './stable-id.ts';

// The rules of the mapping engine, each on a small config. Realistic items from each
// platform's actor, mapped with the seed configs, are in seed-actor-configs.test.ts.

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
    platformSpecific: { skipIfNoUrl: true, ...overrides.platformSpecific },
  });
}

const base = {
  id: 'v1',
  url: 'https://video.test/v1',
  title: 'Judul video',
  author: 'budi',
};

describe('mapItem: fields', () => {
  it('maps the known keys, fills platform and keeps the raw item', () => {
    const raw = {
      ...base,
      stats: { plays: 1200, likes: '1.2K' },
      length: 61,
      cover: 'https://img.test/v1.jpg',
    };
    const item = mapItem(
      raw,
      config({
        mapping: { play_count: 'stats.plays', like_count: 'stats.likes', duration: 'length', thumbnail: 'cover' },
      }),
    );
    expect(item).toEqual({
      id: 'v1',
      platform: 'testplatform',
      url: 'https://video.test/v1',
      duration: 61,
      title: 'Judul video',
      author: 'budi',
      play_count: 1200,
      like_count: 1200,
      thumbnail: 'https://img.test/v1.jpg',
      raw,
    });
    expect(item?.raw).toBe(raw);
    expect(VideoItemSchema.safeParse(item).success).toBe(true);
  });

  it('gives empty text and null numbers for unmapped or missing fields', () => {
    const item = mapItem({ id: 'v1', url: 'https://video.test/v1' }, config({ mapping: { play_count: 'plays' } }));
    expect(item).toMatchObject({ title: '', author: '', duration: null, play_count: null, like_count: null, thumbnail: '' });
    expect(item).not.toHaveProperty('width');
  });

  it('coerces a numeric id to text without losing digits to exponent form', () => {
    expect(mapItem({ ...base, id: 7341234567 }, config())?.id).toBe('7341234567');
    expect(mapItem({ ...base, id: '  v2  ' }, config())?.id).toBe('v2');
  });

  it('takes numeric titles and authors as text, and odd types as empty', () => {
    expect(mapItem({ ...base, title: 2024, author: 12345 }, config())).toMatchObject({ title: '2024', author: '12345' });
    expect(mapItem({ ...base, title: { text: 'x' }, author: ['budi'] }, config())).toMatchObject({ title: '', author: '' });
    expect(mapItem({ ...base, title: null, author: true }, config())).toMatchObject({ title: '', author: '' });
  });

  it('reads counts from numbers, numeric strings and abbreviations; hidden or odd counts are null', () => {
    const cfg = config({ mapping: { play_count: 'plays', like_count: 'likes' } });
    expect(mapItem({ ...base, plays: '1,234', likes: '3M' }, cfg)).toMatchObject({ play_count: 1234, like_count: 3000000 });
    expect(mapItem({ ...base, plays: -1, likes: 'hidden' }, cfg)).toMatchObject({ play_count: null, like_count: null });
    expect(mapItem({ ...base, plays: 0, likes: null }, cfg)).toMatchObject({ play_count: 0, like_count: null });
  });

  it('uses the first URL of a thumbnail list and ignores non-http thumbnails', () => {
    const cfg = config({ mapping: { thumbnail: 'covers' } });
    expect(mapItem({ ...base, covers: [null, 'https://img.test/a.jpg', 'https://img.test/b.jpg'] }, cfg)?.thumbnail).toBe(
      'https://img.test/a.jpg',
    );
    expect(mapItem({ ...base, covers: 'data:image/png;base64,AAAA' }, cfg)?.thumbnail).toBe('');
    expect(mapItem({ ...base, covers: [] }, cfg)?.thumbnail).toBe('');
  });
});

describe('mapItem: fallback paths', () => {
  const cfg = config({
    mapping: { play_count: 'playCount', duration: 'duration' },
    platformSpecific: {
      idMapping: ['alt.id', 'shortCode'],
      urlMapping: ['links.0', 'permalink'],
      titleMapping: ['desc', 'caption'],
      durationMapping: ['meta.seconds'],
      playCountMapping: ['stats.views', 'views'],
    },
  });

  it('uses the mapping path first', () => {
    const raw = { ...base, shortCode: 'sc', permalink: 'https://video.test/p', desc: 'd', playCount: 5, views: 9, duration: 7, meta: { seconds: 8 } };
    expect(mapItem(raw, cfg)).toMatchObject({ id: 'v1', url: 'https://video.test/v1', title: 'Judul video', play_count: 5, duration: 7 });
  });

  it('falls back through the platformSpecific lists in order', () => {
    const raw = {
      shortCode: 'sc1',
      links: [],
      permalink: 'https://video.test/p/sc1',
      caption: 'from caption',
      stats: {},
      views: '2.5K',
      meta: { seconds: 14 },
    };
    expect(mapItem(raw, cfg)).toMatchObject({
      id: 'sc1',
      url: 'https://video.test/p/sc1',
      title: 'from caption',
      play_count: 2500,
      duration: 14,
    });
  });

  it('skips present but unusable values: empty text, non-http URLs, unparseable numbers', () => {
    const raw = {
      id: '   ',
      alt: { id: 'alt-1' },
      url: 'N/A',
      links: ['javascript:alert(1)'],
      permalink: 'https://video.test/ok',
      title: '',
      desc: 'deskripsi',
      playCount: 'n/a',
      stats: { views: 77 },
      duration: 'LIVE',
      meta: { seconds: '00:00:31' },
    };
    expect(mapItem(raw, cfg)).toMatchObject({
      id: 'alt-1',
      url: 'https://video.test/ok',
      title: 'deskripsi',
      play_count: 77,
      duration: 31,
    });
  });

  it('falls back from url and urlMapping to the webpage_url mapping', () => {
    const withPage = config({ mapping: { webpage_url: 'pageUrl' }, platformSpecific: { urlMapping: ['other'] } });
    expect(mapItem({ id: 'v1', pageUrl: 'https://video.test/page' }, withPage)?.url).toBe('https://video.test/page');
    expect(mapItem({ id: 'v1', other: 'https://video.test/other', pageUrl: 'https://video.test/page' }, withPage)?.url).toBe(
      'https://video.test/other',
    );
  });

  it('ignores blank and repeated paths in the lists', () => {
    const messy = config({ platformSpecific: { titleMapping: ['', '   ', 'title', ' caption '] } });
    expect(mapItem({ id: 'v1', url: 'https://video.test/v1', caption: 'c' }, messy)?.title).toBe('c');
  });
});

describe('mapItem: duration_format', () => {
  const withFormat = (format: string | undefined) =>
    config({ mapping: { duration: 'd', ...(format === undefined ? {} : { duration_format: format }) } });

  it('converts each format to seconds', () => {
    expect(mapItem({ ...base, d: 15433 }, withFormat('milliseconds'))?.duration).toBe(15.433);
    expect(mapItem({ ...base, d: 16 }, withFormat('seconds'))?.duration).toBe(16);
    expect(mapItem({ ...base, d: 1.5 }, withFormat('minutes'))?.duration).toBe(90);
    expect(mapItem({ ...base, d: '00:01:02' }, withFormat('timestamp'))?.duration).toBe(62);
    expect(mapItem({ ...base, d: '1:02' }, withFormat('timestamp'))?.duration).toBe(62);
    expect(mapItem({ ...base, d: '45' }, withFormat('timestamp'))?.duration).toBe(45);
  });

  it('reads numbers as seconds when the format is missing or unknown', () => {
    expect(mapItem({ ...base, d: 30 }, withFormat(undefined))?.duration).toBe(30);
    expect(mapItem({ ...base, d: 30 }, withFormat('parsecs'))?.duration).toBe(30);
    expect(mapItem({ ...base, d: 30000 }, withFormat('ms'))?.duration).toBe(30);
  });

  it('applies the same format to the durationMapping fallbacks', () => {
    const cfg = config({ mapping: { duration: 'd', duration_format: 'milliseconds' }, platformSpecific: { durationMapping: ['video.duration'] } });
    expect(mapItem({ ...base, video: { duration: 9000 } }, cfg)?.duration).toBe(9);
  });

  it('reads a path named in milliseconds as milliseconds, whatever the format', () => {
    const cfg = config({
      mapping: { duration: 'media.duration', duration_format: 'seconds' },
      platformSpecific: { durationMapping: ['video.playable_duration_in_ms', 'durationMs'] },
    });
    expect(mapItem({ ...base, media: { duration: 12.5 } }, cfg)?.duration).toBe(12.5);
    expect(mapItem({ ...base, video: { playable_duration_in_ms: 12500 } }, cfg)?.duration).toBe(12.5);
    expect(mapItem({ ...base, durationMs: '7000' }, cfg)?.duration).toBe(7);
    // Clock times stay clock times.
    expect(mapItem({ ...base, durationMs: '0:07' }, cfg)?.duration).toBe(7);
  });

  it('gives null for negative or unreadable durations', () => {
    expect(mapItem({ ...base, d: -3 }, withFormat('seconds'))?.duration).toBeNull();
    expect(mapItem({ ...base, d: 'sebentar' }, withFormat('seconds'))?.duration).toBeNull();
  });
});

describe('mapItem: URL generation and skipIfNoUrl', () => {
  const template = (overrides: Partial<{ authorField: string; idField: string; template: string }>, skipIfNoUrl = true) =>
    config({
      platformSpecific: {
        skipIfNoUrl,
        urlGeneration: { authorField: 'user.name', idField: 'id', template: 'https://www.tiktok.com/@{author}/video/{id}', ...overrides },
      },
    });

  it('fills {author} and {id} from authorField and idField when the item has no URL', () => {
    const item = mapItem({ id: '7341', user: { name: 'kopi.susu' } }, template({}));
    expect(item?.url).toBe('https://www.tiktok.com/@kopi.susu/video/7341');
  });

  it('prefers the item URL over the template', () => {
    expect(mapItem({ ...base, user: { name: 'x' } }, template({}))?.url).toBe('https://video.test/v1');
  });

  it('URL-encodes filled values and drops a leading @ from the author', () => {
    const item = mapItem({ id: 'a/b', user: { name: '@kopi susu' } }, template({}));
    expect(item?.url).toBe('https://www.tiktok.com/@kopi%20susu/video/a%2Fb');
  });

  it('falls back to the mapped author and id when the fields are empty', () => {
    const item = mapItem({ id: '99', author: 'budi' }, template({ authorField: '', idField: '' }));
    expect(item?.url).toBe('https://www.tiktok.com/@budi/video/99');
  });

  it('fills any other {path} placeholder from the item', () => {
    const cfg = template({ template: 'https://www.instagram.com/{kind}/{meta.code}/' });
    expect(mapItem({ id: '1', kind: 'reel', meta: { code: 'C8Ab' } }, cfg)?.url).toBe('https://www.instagram.com/reel/C8Ab/');
  });

  it('makes no URL when a placeholder cannot be filled, and skipIfNoUrl drops the item', () => {
    expect(mapItem({ id: '7341' }, template({}))).toBeNull();
    expect(mapItem({ id: '7341', user: { name: '' } }, template({}))).toBeNull();
    expect(mapItem({ id: '7341', user: { name: 'x' }, proto: 1 }, template({ template: 'https://x.test/{__proto__}' }))).toBeNull();
  });

  it('keeps items without a URL when skipIfNoUrl is off, with url ""', () => {
    const item = mapItem({ id: '7341' }, template({}, false));
    expect(item).toMatchObject({ id: '7341', url: '' });
    expect(VideoItemSchema.safeParse(item).success).toBe(true);
  });

  it('drops items without a URL when skipIfNoUrl is on and no template is set', () => {
    expect(mapItem({ id: 'v1' }, config())).toBeNull();
    expect(mapItem({ id: 'v1' }, config({ platformSpecific: { skipIfNoUrl: false } }))).toMatchObject({ id: 'v1', url: '' });
  });
});

describe('mapItem: ids', () => {
  it('derives a stable id from the URL when the id is missing', () => {
    const item = mapItem({ url: 'https://video.test/v9' }, config());
    expect(item?.id).toBe(stableIdFromUrl('https://video.test/v9'));
    expect(mapItem({ url: 'https://video.test/v9', title: 'other' }, config())?.id).toBe(item?.id);
  });

  it('derives the id from a generated URL too', () => {
    const cfg = config({ mapping: { id: 'missing' }, platformSpecific: { urlGeneration: { authorField: '', idField: 'code', template: 'https://x.test/{id}' } } });
    expect(mapItem({ code: 'abc' }, cfg)?.id).toBe(stableIdFromUrl('https://x.test/abc'));
  });

  it('drops an item with neither id nor URL even when skipIfNoUrl is off', () => {
    expect(mapItem({ title: 'lonely' }, config({ platformSpecific: { skipIfNoUrl: false } }))).toBeNull();
  });
});

describe('mapItem: is_video_check', () => {
  const cfg = config({ mapping: { is_video_check: 'type' } });

  it('keeps items whose value marks a video', () => {
    for (const type of ['Video', 'video', 'clips', true, 1]) {
      expect(mapItem({ ...base, type }, cfg), String(type)).not.toBeNull();
    }
  });

  it('drops items whose value is falsy, missing, or an image / carousel type', () => {
    for (const type of ['Image', 'Sidecar', 'photo', 'slideshow', false, 0, '', null]) {
      expect(mapItem({ ...base, type }, cfg), String(type)).toBeNull();
    }
    expect(mapItem(base, cfg)).toBeNull();
  });

  it('does not filter when is_video_check is not mapped or blank', () => {
    expect(mapItem({ ...base, type: 'Image' }, config())).not.toBeNull();
    expect(mapItem({ ...base, type: 'Image' }, config({ mapping: { is_video_check: '  ' } }))).not.toBeNull();
  });
});

describe('mapItem: dimensionFields', () => {
  const on = config({ platformSpecific: { dimensionFields: true } });

  it('adds width and height from the first place that has both', () => {
    expect(mapItem({ ...base, width: 1080, height: 1920 }, on)).toMatchObject({ width: 1080, height: 1920 });
    expect(mapItem({ ...base, videoMeta: { width: 576, height: 1024 } }, on)).toMatchObject({ width: 576, height: 1024 });
    expect(mapItem({ ...base, video: { width: '720', height: '1280' } }, on)).toMatchObject({ width: 720, height: 1280 });
    expect(mapItem({ ...base, dimensionsWidth: 1080, dimensionsHeight: 1350 }, on)).toMatchObject({ width: 1080, height: 1350 });
    expect(mapItem({ ...base, dimensions: { width: 640, height: 640 } }, on)).toMatchObject({ width: 640, height: 640 });
  });

  it('does not mix a width from one place with a height from another', () => {
    const item = mapItem({ ...base, width: 1080, videoMeta: { width: 576, height: 1024 } }, on);
    expect(item).toMatchObject({ width: 576, height: 1024 });
  });

  it('leaves width and height out when missing, zero or unreadable', () => {
    for (const raw of [base, { ...base, width: 0, height: 0 }, { ...base, width: 'wide', height: 10 }, { ...base, width: -1, height: 10 }]) {
      const item = mapItem(raw, on);
      expect(item).not.toHaveProperty('width');
      expect(item).not.toHaveProperty('height');
    }
  });

  it('adds nothing when dimensionFields is off', () => {
    expect(mapItem({ ...base, width: 1080, height: 1920 }, config())).not.toHaveProperty('width');
  });
});

describe('mapItem: odd input', () => {
  it('gives null for input that is not an object', () => {
    for (const raw of [undefined, null, 0, 'item', true, [base], () => base]) {
      expect(mapItem(raw, config())).toBeNull();
    }
  });

  it('treats a throwing getter as a missing field', () => {
    const raw = Object.defineProperty({ ...base }, 'title', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(mapItem(raw, config())).toMatchObject({ id: 'v1', title: '' });
  });

  it('returns null instead of throwing on a config that skipped parsing', () => {
    expect(mapItem(base, {} as ActorConfig)).toBeNull();
    expect(mapItems([base], {} as ActorConfig)).toEqual([]);
  });

  it('does not follow or create prototype paths', () => {
    const raw: unknown = JSON.parse('{"id": "v1", "url": "https://video.test/v1", "__proto__": {"title": "polluted"}}');
    const cfg = config({ mapping: { title: '__proto__.title', author: 'constructor.name', thumbnail: 'constructor.prototype' } });
    expect(mapItem(raw, cfg)).toMatchObject({ id: 'v1', title: '', author: '', thumbnail: '' });
    expect(({} as Record<string, unknown>)['title']).toBeUndefined();
  });
});

describe('mapItems', () => {
  it('maps in order and leaves out dropped items', () => {
    const raws = [base, 'junk', null, { ...base, id: 'v2', url: 'https://video.test/v2' }, { id: 'v3' }];
    expect(mapItems(raws, config()).map((item) => item.id)).toEqual(['v1', 'v2']);
  });

  it('keeps the first of items with the same id', () => {
    const raws = [base, { ...base, title: 'duplicate' }, { ...base, id: 'v2' }];
    const items = mapItems(raws, config());
    expect(items.map((item) => [item.id, item.title])).toEqual([
      ['v1', 'Judul video'],
      ['v2', 'Judul video'],
    ]);
  });

  it('gives an empty list for input that is not an array', () => {
    expect(mapItems(undefined as unknown as unknown[], config())).toEqual([]);
    expect(mapItems({ items: [base] } as unknown as unknown[], config())).toEqual([]);
    expect(mapItems([], config())).toEqual([]);
  });
});

describe('createItemMapper', () => {
  it('gives what mapItem gives, key order included (the result file is these items as JSON)', () => {
    const configs = [
      config(),
      config({ platformSpecific: { dimensionFields: true, skipIfNoUrl: false } }),
      config({
        mapping: { url: '', duration: 'meta.len', duration_format: 'ms', thumbnail: 'covers', play_count: 'stats[0]', is_video_check: 'kind' },
        platformSpecific: { urlGeneration: { template: 'https://video.test/@{author}/{id}', authorField: '', idField: '' } },
      }),
    ];
    const raws: unknown[] = [
      base,
      { ...base, width: 720, height: 1280 },
      { ...base, videoMeta: { width: '576', height: 1024 }, 'meta.len': 9000 },
      { id: 7000000001, author: '@budi', meta: { len: 61000 }, covers: ['x', 'https://img.test/a.jpg'], stats: ['1.5K'], kind: 'Video' },
      { id: 'v9', author: 'sari', kind: 'Image' },
      { url: 'https://video.test/no-id' },
      { title: 'nothing' },
      'junk',
      null,
      [base],
    ];
    for (const cfg of configs) {
      const map = createItemMapper(cfg);
      for (const raw of raws) expect(JSON.stringify(map(raw).item ?? null)).toBe(JSON.stringify(mapItem(raw, cfg)));
    }
  });

  it('maps nothing for a malformed config, without throwing', () => {
    const map = createItemMapper({ platformId: 'x' } as unknown as ActorConfig);
    expect(map(base)).toEqual({ skipped: 'invalid' });
  });
});

describe('mapItemsWithCounts: why each dropped item was dropped', () => {
  it('counts found and saved, and names each reason once it occurs', () => {
    const cfg = config({ mapping: { is_video_check: 'type' } });
    const video = { ...base, type: 'Video' };
    const raws: unknown[] = [
      video,
      { ...video, id: 'v2', url: 'https://video.test/v2' },
      { ...video, title: 'the same id again' },
      { ...video, id: 'img', type: 'Image' },
      { ...video, id: 'txt', type: undefined },
      { id: 'nourl', type: 'Video' },
      'junk',
      null,
    ];
    const { items, counts } = mapItemsWithCounts(raws, cfg);
    expect(items.map((item) => item.id)).toEqual(['v1', 'v2']);
    expect(counts).toEqual({ found: 8, saved: 2, skipped: { duplicate: 1, notVideo: 2, noUrl: 1, invalid: 2 } });
    expect(counts.found).toBe(counts.saved + Object.values(counts.skipped).reduce((a, b) => a + b, 0));
  });

  it('leaves out the reasons that did not occur', () => {
    expect(mapItemsWithCounts([base], config()).counts).toEqual({ found: 1, saved: 1, skipped: {} });
    expect(mapItemsWithCounts([], config()).counts).toEqual({ found: 0, saved: 0, skipped: {} });
  });

  it('a Facebook page of posts that are not videos: all found, none saved, all "notVideo"', () => {
    const posts = Array.from({ length: 40 }, (_, i) => ({ postId: `p${i}`, url: `https://www.facebook.com/p/${i}`, isVideo: false }));
    const cfg = config({ mapping: { id: 'postId', is_video_check: 'isVideo' } });
    expect(mapItemsWithCounts(posts, cfg).counts).toEqual({ found: 40, saved: 0, skipped: { notVideo: 40 } });
  });

  it('an item with neither id nor URL (skipIfNoUrl off) is invalid, not "no URL"', () => {
    const cfg = config({ platformSpecific: { skipIfNoUrl: false } });
    expect(mapItemsWithCounts([{ title: 'lonely' }, { id: 'v1' }], cfg).counts).toEqual({ found: 2, saved: 1, skipped: { invalid: 1 } });
  });
});
