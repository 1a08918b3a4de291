import { describe, expect, it } from 'vitest';
import { toHttpUrl } from './http-url.ts';

describe('toHttpUrl', () => {
  it('keeps absolute http(s) URLs, trimmed', () => {
    expect(toHttpUrl('https://www.tiktok.com/@kopi/video/1')).toBe('https://www.tiktok.com/@kopi/video/1');
    expect(toHttpUrl(' http://example.com ')).toBe('http://example.com');
    expect(toHttpUrl('https://www.youtube.com/watch?v=a1B2c3D4e5F')).toBe('https://www.youtube.com/watch?v=a1B2c3D4e5F');
  });

  it('completes scheme-relative and www URLs with https', () => {
    expect(toHttpUrl('//www.facebook.com/reel/1')).toBe('https://www.facebook.com/reel/1');
    expect(toHttpUrl('www.instagram.com/p/abc/')).toBe('https://www.instagram.com/p/abc/');
  });

  it('refuses other schemes, relative paths, credentials, spaces and non-strings', () => {
    for (const value of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.com/file',
      '/reel/123',
      'N/A',
      '',
      'https://',
      'https://user:pass@example.com/',
      'https://exa mple.com/',
      'https://example.com/a b',
      null,
      undefined,
      42,
      { url: 'https://example.com' },
    ]) {
      expect(toHttpUrl(value), String(value)).toBeNull();
    }
  });
});
