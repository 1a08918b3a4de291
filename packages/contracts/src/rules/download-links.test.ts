import { describe, expect, it } from 'vitest';
import { extractLinks, isHttpLink, platformOfDownload, platformOfUrl } from './download-links.ts';

describe('extractLinks', () => {
  it('pulls http and https links out of text, in order, without repeats or trailing punctuation', () => {
    const text = 'lihat https://www.tiktok.com/@a/video/1, lalu\n- http://x.test/v/2.\nftp://no.test/3 https://www.tiktok.com/@a/video/1 (https://y.test/4)';
    expect(extractLinks(text)).toEqual(['https://www.tiktok.com/@a/video/1', 'http://x.test/v/2', 'https://y.test/4']);
  });
  it('finds nothing in text without links', () => {
    expect(extractLinks('ini bukan link javascript:alert(1)')).toEqual([]);
  });
});

describe('isHttpLink', () => {
  it('accepts http(s) only', () => {
    expect(isHttpLink('https://a.test/x')).toBe(true);
    expect(isHttpLink('ftp://a.test/x')).toBe(false);
    expect(isHttpLink('file:///etc/passwd')).toBe(false);
    expect(isHttpLink('bukan url')).toBe(false);
  });
});

describe('platform of a link', () => {
  it('reads the host, then yt-dlp’s extractor', () => {
    expect(platformOfUrl('https://vm.tiktok.com/abc')).toBe('tiktok');
    expect(platformOfUrl('https://youtu.be/abc')).toBe('youtube');
    expect(platformOfUrl('https://x.com/a/status/1')).toBe('twitter');
    expect(platformOfUrl('http://127.0.0.1:8080/pages/a.html')).toBe('web');
    expect(platformOfDownload('https://www.youtube.com/shorts/a', 'Youtube')).toBe('youtube');
    expect(platformOfDownload('http://127.0.0.1/p.html', 'Generic')).toBe('web');
    expect(platformOfDownload('https://vimeo.com/1', 'Vimeo')).toBe('web');
    expect(platformOfDownload('http://127.0.0.1/p.html', 'HTMLMediaEmbed')).toBe('web');
    expect(platformOfDownload('https://www.tiktok.com/@a/video/1', undefined)).toBe('tiktok');
  });
});
