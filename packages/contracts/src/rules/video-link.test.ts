import { describe, expect, it } from 'vitest';
import { toVideoPageUrl } from './video-link.ts';

describe('toVideoPageUrl', () => {
  it('takes the links that open one video', () => {
    for (const link of [
      'https://www.facebook.com/reel/1122334455667788',
      'https://www.facebook.com/reel/1122334455667788/?s=1',
      'https://www.facebook.com/detikcom/videos/987654321/',
      'https://www.facebook.com/watch/?v=987654321',
      'https://www.facebook.com/share/r/AbCdEf/',
      'https://www.facebook.com/share/v/AbCdEf/',
      'https://fb.watch/abcDEF/',
      'https://www.youtube.com/shorts/a1B2c3D4e5F',
    ]) {
      expect(toVideoPageUrl(link), link).toBe(link);
    }
  });

  it('refuses pages, profiles, photo and text posts, and what is no http link', () => {
    for (const value of [
      'https://www.facebook.com/detikcom',
      'https://www.facebook.com/halaman.foto/posts/123',
      'https://www.facebook.com/photo/?fbid=123',
      'https://www.facebook.com/reelsandmore',
      'https://www.facebook.com/detikcom/reels',
      'javascript:alert(1)',
      '',
      42,
      null,
    ]) {
      expect(toVideoPageUrl(value), String(value)).toBeNull();
    }
  });
});
