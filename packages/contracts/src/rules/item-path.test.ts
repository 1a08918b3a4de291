import { afterEach, describe, expect, it } from 'vitest';
import { getByPath } from './item-path.ts';

const tiktokItem = {
  id: '7341234567890123456',
  authorMeta: { name: 'kopikenangan.id', fans: 15000 },
  videoMeta: { duration: 16, coverUrl: 'https://p16-sign-sg.tiktokcdn.com/cover.jpeg' },
  covers: ['https://p16.tiktokcdn.com/a.jpeg', 'https://p16.tiktokcdn.com/b.jpeg'],
  hashtags: [{ name: 'kopi' }, { name: 'fyp' }],
  isAd: false,
  musicMeta: null,
};

describe('getByPath', () => {
  it('reads top-level and dotted paths', () => {
    expect(getByPath(tiktokItem, 'id')).toBe('7341234567890123456');
    expect(getByPath(tiktokItem, 'authorMeta.name')).toBe('kopikenangan.id');
    expect(getByPath(tiktokItem, 'videoMeta.duration')).toBe(16);
  });

  it('indexes arrays with numeric segments and with brackets', () => {
    expect(getByPath(tiktokItem, 'covers.0')).toBe('https://p16.tiktokcdn.com/a.jpeg');
    expect(getByPath(tiktokItem, 'covers[1]')).toBe('https://p16.tiktokcdn.com/b.jpeg');
    expect(getByPath(tiktokItem, 'hashtags.1.name')).toBe('fyp');
    expect(getByPath(tiktokItem, 'hashtags[0].name')).toBe('kopi');
    expect(getByPath([{ id: 'a' }], '[0].id')).toBe('a');
  });

  it('returns falsy values as they are, not as missing', () => {
    expect(getByPath(tiktokItem, 'isAd')).toBe(false);
    expect(getByPath(tiktokItem, 'musicMeta')).toBeNull();
    expect(getByPath({ n: 0, s: '' }, 'n')).toBe(0);
    expect(getByPath({ n: 0, s: '' }, 's')).toBe('');
  });

  it('gives undefined for missing steps, walking into null, or past a primitive', () => {
    expect(getByPath(tiktokItem, 'videoMeta.width')).toBeUndefined();
    expect(getByPath(tiktokItem, 'musicMeta.musicName')).toBeUndefined();
    expect(getByPath(tiktokItem, 'id.length')).toBeUndefined();
    expect(getByPath(tiktokItem, 'covers.5')).toBeUndefined();
  });

  it('accepts only plain array indexes', () => {
    expect(getByPath(tiktokItem, 'covers.length')).toBeUndefined();
    expect(getByPath(tiktokItem, 'covers.-1')).toBeUndefined();
    expect(getByPath(tiktokItem, 'covers.01')).toBeUndefined();
    expect(getByPath(tiktokItem, 'covers.0.5')).toBeUndefined();
  });

  it('reads only own properties, never inherited ones', () => {
    expect(getByPath(tiktokItem, 'toString')).toBeUndefined();
    expect(getByPath(tiktokItem, 'authorMeta.hasOwnProperty')).toBeUndefined();
    expect(getByPath(Object.create({ inherited: 'x' }), 'inherited')).toBeUndefined();
  });

  it('falls back to a flattened key spelled like the whole path', () => {
    const flattened = { 'videoMeta.duration': 21, 'authorMeta.name': 'flat' };
    expect(getByPath(flattened, 'videoMeta.duration')).toBe(21);
    expect(getByPath(flattened, 'authorMeta.name')).toBe('flat');
    // The nested value wins when both exist.
    expect(getByPath({ a: { b: 1 }, 'a.b': 2 }, 'a.b')).toBe(1);
  });

  it('trims the path and treats empty or malformed paths as missing', () => {
    expect(getByPath(tiktokItem, '  authorMeta.name  ')).toBe('kopikenangan.id');
    expect(getByPath(tiktokItem, '')).toBeUndefined();
    expect(getByPath(tiktokItem, '   ')).toBeUndefined();
    expect(getByPath(tiktokItem, 'authorMeta..name')).toBeUndefined();
    expect(getByPath(tiktokItem, 'authorMeta.')).toBeUndefined();
  });

  it('never throws on odd items or paths', () => {
    for (const item of [undefined, null, 0, 'text', true, Symbol('s'), () => 1, [], new Map([['a', 1]])]) {
      expect(getByPath(item, 'a.b')).toBeUndefined();
    }
    expect(getByPath(tiktokItem, 42 as unknown as string)).toBeUndefined();
    expect(getByPath(tiktokItem, undefined as unknown as string)).toBeUndefined();
  });

  it('treats a throwing getter or proxy as missing', () => {
    const item = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(getByPath(item, 'boom')).toBeUndefined();
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('proxy');
        },
      },
    );
    expect(getByPath(hostile, 'a')).toBeUndefined();
  });

  describe('prototype paths', () => {
    afterEach(() => {
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it('refuses __proto__, constructor and prototype segments', () => {
      expect(getByPath({}, '__proto__')).toBeUndefined();
      expect(getByPath({}, 'constructor')).toBeUndefined();
      expect(getByPath({}, 'constructor.prototype')).toBeUndefined();
      expect(getByPath(tiktokItem, 'authorMeta.__proto__.toString')).toBeUndefined();
      expect(getByPath(tiktokItem, 'authorMeta.constructor.name')).toBeUndefined();
      expect(getByPath(() => 1, 'prototype')).toBeUndefined();
    });

    it('refuses them even when the item has such an own key from JSON', () => {
      const parsed: unknown = JSON.parse(
        '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
      );
      expect(getByPath(parsed, '__proto__')).toBeUndefined();
      expect(getByPath(parsed, '__proto__.polluted')).toBeUndefined();
      expect(getByPath(parsed, 'constructor.prototype.polluted')).toBeUndefined();
      expect(getByPath({ 'a.__proto__': 1 }, 'a.__proto__')).toBeUndefined();
    });
  });
});
