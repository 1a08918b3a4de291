import { describe, expect, it } from 'vitest';
import { stableIdFromUrl } from './stable-id.ts';

describe('stableIdFromUrl', () => {
  it('gives the same id for the same URL', () => {
    const url = 'https://www.facebook.com/detikcom/videos/1234567890123456/';
    expect(stableIdFromUrl(url)).toBe(stableIdFromUrl(url));
    expect(stableIdFromUrl(url)).toMatch(/^url-[0-9a-f]{16}$/);
  });

  it('matches the published FNV-1a 64 test vectors', () => {
    expect(stableIdFromUrl('')).toBe('url-cbf29ce484222325');
    expect(stableIdFromUrl('a')).toBe('url-af63dc4c8601ec8c');
    expect(stableIdFromUrl('foobar')).toBe('url-85944171f73967e8');
  });

  it('gives different ids for different URLs', () => {
    const ids = new Set(
      Array.from({ length: 1000 }, (_, index) => stableIdFromUrl(`https://www.tiktok.com/@a/video/${index}`)),
    );
    expect(ids.size).toBe(1000);
  });
});
