import { describe, expect, it } from 'vitest';
import { cookieTextKind, parseNetscapeLine } from './cookie-text.ts';

const NETSCAPE = [
  '# Netscape HTTP Cookie File',
  '# This is a generated file! Do not edit.',
  '',
  '.tiktok.com\tTRUE\t/\tTRUE\t1798761600\tsessionid\tabc123',
  '#HttpOnly_.tiktok.com\tTRUE\t/\tTRUE\t0\ttt_csrf_token\tx=y',
].join('\n');

describe('cookieTextKind', () => {
  it('knows a cookies.txt in the Netscape format, comments and #HttpOnly_ lines included', () => {
    expect(cookieTextKind(NETSCAPE)).toBe('netscape');
  });

  it('knows name=value pairs, with or without a "Cookie:" prefix, values holding "="', () => {
    expect(cookieTextKind('sessionid=abc123; csrftoken=xyz')).toBe('pairs');
    expect(cookieTextKind('Cookie: a=b==; c=')).toBe('pairs');
    expect(cookieTextKind('sessionid=abc123;')).toBe('pairs');
  });

  it('knows the masked form of a stored cookie', () => {
    expect(cookieTextKind('sessionid=… [tersimpan:0123456789ab]')).toBe('stored');
  });

  it('refuses text that is not cookies', () => {
    for (const text of [
      'ini bukan cookie',
      '',
      '   ',
      'hello world',
      '=value',
      'nama dengan spasi=1',
      '# only a comment',
      '.tiktok.com TRUE / TRUE 0 sessionid abc',
      '.tiktok.com\tTRUE\t/\tTRUE\tbesok\tsessionid\tabc',
      'a=1\nini bukan cookie',
    ]) {
      expect(cookieTextKind(text), text).toBeNull();
    }
  });
});

describe('parseNetscapeLine', () => {
  it('reads the seven fields of a cookie line, #HttpOnly_ marked', () => {
    expect(parseNetscapeLine('#HttpOnly_.tiktok.com\tTRUE\t/\tFALSE\t1798761600\tsessionid\ta=b')).toEqual({
      domain: '.tiktok.com',
      includeSubdomains: true,
      path: '/',
      secure: false,
      expires: 1798761600,
      httpOnly: true,
      name: 'sessionid',
      value: 'a=b',
    });
  });

  it('is null for comments and for lines yt-dlp would skip', () => {
    for (const line of [
      '# Netscape HTTP Cookie File',
      '',
      '.tiktok.com\tTRUE\t/\tTRUE\t0\tsessionid',
      '\tTRUE\t/\tTRUE\t0\tsessionid\tabc',
      '.tiktok.com\tYES\t/\tTRUE\t0\tsessionid\tabc',
      '.tiktok.com\tTRUE\tpath\tTRUE\t0\tsessionid\tabc',
      '.tiktok.com\tTRUE\t/\tTRUE\t-1\tsessionid\tabc',
      '.tiktok.com\tTRUE\t/\tTRUE\t1.5\tsessionid\tabc',
      '.tiktok.com\tTRUE\t/\tTRUE\t0\tsession id\tabc',
    ]) {
      expect(parseNetscapeLine(line), line).toBeNull();
    }
  });
});
