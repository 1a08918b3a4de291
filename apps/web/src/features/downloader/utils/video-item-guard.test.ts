import { VideoItemSchema } from '@scrapper/contracts/http/actor-configs';
import { describe, expect, it } from 'vitest';
import { VIDEO_ITEM_FIELD_CHECKS, isVideoItem } from './video-item-guard.ts';

const VALID = {
  id: '7300',
  platform: 'tiktok',
  url: 'https://www.tiktok.com/@a/video/7300',
  duration: 15,
  title: 'Video',
  author: 'kreator',
  play_count: 10,
  like_count: null,
  thumbnail: '',
  raw: { anything: [1, 2] },
};

describe('isVideoItem', () => {
  it('checks exactly the fields of VideoItemSchema', () => {
    expect(Object.keys(VIDEO_ITEM_FIELD_CHECKS).sort()).toEqual(
      Object.keys(VideoItemSchema.shape).sort(),
    );
  });

  const cases: [string, unknown][] = [
    ['a full item', VALID],
    ['with width and height', { ...VALID, width: 1080, height: 1920 }],
    ['with null counts and duration', { ...VALID, duration: null, play_count: null }],
    ['without raw', { ...VALID, raw: undefined }],
    ['with an extra field', { ...VALID, extra: 1 }],
    ['null', null],
    ['an array', [VALID]],
    ['a string', 'item'],
    ['a number id', { ...VALID, id: 7300 }],
    ['a missing title', { ...VALID, title: undefined }],
    ['a string duration', { ...VALID, duration: '15' }],
    ['an undefined duration', { ...VALID, duration: undefined }],
    ['a null width', { ...VALID, width: null }],
    ['a NaN count', { ...VALID, play_count: Number.NaN }],
    ['an infinite height', { ...VALID, height: Number.POSITIVE_INFINITY }],
    ['a null thumbnail', { ...VALID, thumbnail: null }],
  ];
  it.each(cases)('agrees with the schema on %s', (_, value) => {
    expect(isVideoItem(value)).toBe(VideoItemSchema.safeParse(value).success);
  });
});
