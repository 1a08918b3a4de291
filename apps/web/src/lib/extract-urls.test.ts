import { describe, expect, it } from 'vitest';
import { extractUrls, isTextFile } from './extract-urls.ts';

describe('extractUrls', () => {
  it('keeps only the http and https links of pasted text, in order', () => {
    const text = [
      'Lihat ini: https://www.tiktok.com/@budi/video/123 keren!',
      'dan http://example.com/a?b=1&c=2, juga ftp://files.example.com/x',
      'bukan link: www.example.com atau mailto:budi@example.com',
    ].join('\n');
    expect(extractUrls(text)).toEqual([
      'https://www.tiktok.com/@budi/video/123',
      'http://example.com/a?b=1&c=2',
    ]);
  });

  it('drops sentence punctuation and brackets around a link but keeps its own parentheses', () => {
    expect(extractUrls('(https://a.example/x). "https://b.example/y"')).toEqual([
      'https://a.example/x',
      'https://b.example/y',
    ]);
    expect(extractUrls('https://en.wikipedia.org/wiki/Foo_(film).')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(film)',
    ]);
  });

  it('lists a repeated link once and finds links glued to other text by whitespace only', () => {
    expect(extractUrls('https://a.example/1\thttps://a.example/1\r\nhttps://a.example/2')).toEqual([
      'https://a.example/1',
      'https://a.example/2',
    ]);
  });

  it('finds nothing in text without links, and ignores a bare scheme', () => {
    expect(extractUrls('kucing lucu')).toEqual([]);
    expect(extractUrls('https:// nothing')).toEqual([]);
  });
});

describe('isTextFile', () => {
  it('accepts .txt names and text/plain files only', () => {
    expect(isTextFile({ name: 'daftar.TXT', type: '' })).toBe(true);
    expect(isTextFile({ name: 'urls', type: 'text/plain' })).toBe(true);
    expect(isTextFile({ name: 'urls.csv', type: 'text/csv' })).toBe(false);
    expect(isTextFile({ name: 'foto.png', type: 'image/png' })).toBe(false);
  });
});
