import { describe, expect, it } from 'vitest';
import {
  checkMemberCookies,
  earliestNetscapeExpiry,
  isPlatformCookieDomain,
  toNetscapeFile,
  toNetscapeLine,
  type BrowserCookie,
} from './member-cookies.ts';

const cookie = (over: Partial<BrowserCookie> = {}): BrowserCookie => ({
  domain: '.tiktok.com',
  hostOnly: false,
  path: '/',
  secure: true,
  httpOnly: false,
  expirationDate: 1_900_000_000.75,
  name: 'sessionid',
  value: 'abc',
  ...over,
});

describe('toNetscapeLine', () => {
  it('writes the seven fields yt-dlp reads: domain cookies with the dot and subdomains on', () => {
    expect(toNetscapeLine(cookie())).toBe('.tiktok.com\tTRUE\t/\tTRUE\t1900000000\tsessionid\tabc');
  });
  it('host-only cookies without the dot and subdomains off; HttpOnly marked; session cookies expire 0', () => {
    expect(
      toNetscapeLine(
        cookie({
          domain: 'www.tiktok.com',
          hostOnly: true,
          httpOnly: true,
          secure: false,
          expirationDate: undefined,
          path: '/api',
        }),
      ),
    ).toBe('#HttpOnly_www.tiktok.com\tFALSE\t/api\tFALSE\t0\tsessionid\tabc');
  });
  it('leaves out a cookie whose name or value would break the line', () => {
    expect(toNetscapeLine(cookie({ value: 'a\tb' }))).toBeNull();
    expect(toNetscapeLine(cookie({ name: 'x\ny' }))).toBeNull();
    expect(toNetscapeLine(cookie({ name: '' }))).toBeNull();
  });
});

describe('toNetscapeFile', () => {
  it("keeps the platform's domains only, with the header line; what it writes the API accepts", () => {
    const text = toNetscapeFile('youtube', [
      cookie({ domain: '.youtube.com', name: 'SID' }),
      cookie({ domain: '.google.com', name: 'SAPISID' }),
      cookie({ domain: 'accounts.google.com', hostOnly: true, name: 'LSID' }),
      cookie({ domain: '.notyoutube.com', name: 'evil' }),
    ]);
    expect(text.split('\n')).toEqual([
      '# Netscape HTTP Cookie File',
      '.youtube.com\tTRUE\t/\tTRUE\t1900000000\tSID\tabc',
      '.google.com\tTRUE\t/\tTRUE\t1900000000\tSAPISID\tabc',
      'accounts.google.com\tFALSE\t/\tTRUE\t1900000000\tLSID\tabc',
      '',
    ]);
    expect(checkMemberCookies('youtube', text)).toEqual({
      ok: true,
      count: 3,
      earliestExpiry: new Date(1_900_000_000_000),
    });
  });
});

describe('isPlatformCookieDomain', () => {
  it('takes the domain and its subdomains, not look-alikes', () => {
    expect(isPlatformCookieDomain('tiktok', '.tiktok.com')).toBe(true);
    expect(isPlatformCookieDomain('tiktok', 'www.TikTok.com')).toBe(true);
    expect(isPlatformCookieDomain('tiktok', '#HttpOnly_.tiktok.com')).toBe(true);
    expect(isPlatformCookieDomain('tiktok', 'eviltiktok.com')).toBe(false);
    expect(isPlatformCookieDomain('tiktok', 'tiktok.com.evil.example')).toBe(false);
    expect(isPlatformCookieDomain('tiktok', '.douyin.com')).toBe(false);
  });
});

describe('checkMemberCookies', () => {
  it('counts cookies and finds the earliest expiry, session cookies aside', () => {
    const text = [
      '# Netscape HTTP Cookie File',
      '',
      '.tiktok.com\tTRUE\t/\tTRUE\t0\ta\t1',
      '#HttpOnly_.tiktok.com\tTRUE\t/\tTRUE\t1800000000\tb\t2',
    ].join('\r\n');
    expect(checkMemberCookies('tiktok', text)).toEqual({
      ok: true,
      count: 2,
      earliestExpiry: new Date(1_800_000_000_000),
    });
    expect(checkMemberCookies('tiktok', '.tiktok.com\tTRUE\t/\tTRUE\t0\ta\t1')).toEqual({
      ok: true,
      count: 1,
      earliestExpiry: null,
    });
  });
  it('names the first bad line', () => {
    expect(checkMemberCookies('tiktok', 'a=1; b=2')).toEqual({
      ok: false,
      message: 'Baris 1 bukan baris cookie Netscape (tujuh kolom dipisah tab).',
    });
    expect(checkMemberCookies('tiktok', '# x\n.tiktok.com\tYES\t/\tTRUE\t0\ta\t1')).toMatchObject({
      ok: false,
      message: /^Baris 2 bukan/,
    });
    expect(checkMemberCookies('tiktok', '.facebook.com\tTRUE\t/\tTRUE\t0\tc_user\t1')).toEqual({
      ok: false,
      message: 'Baris 1: domain .facebook.com bukan milik tiktok.',
    });
    expect(checkMemberCookies('tiktok', '# Netscape HTTP Cookie File\n')).toEqual({
      ok: false,
      message: 'Tidak ada cookie tiktok untuk disimpan.',
    });
  });
});

describe('earliestNetscapeExpiry', () => {
  it('is the first expiry among cookie lines of any domain, HttpOnly ones too', () => {
    const text = [
      '# Netscape HTTP Cookie File',
      '.douyin.com\tTRUE\t/\tTRUE\t1900000000\tsessionid\ta',
      '#HttpOnly_.example.org\tTRUE\t/\tTRUE\t1800000000\tsid\tb',
      'www.douyin.com\tFALSE\t/\tFALSE\t0\tsession\tc',
    ].join('\n');
    expect(earliestNetscapeExpiry(text)).toEqual(new Date(1800000000 * 1000));
  });

  it('is null for session cookies only, a Cookie header line or comments', () => {
    expect(earliestNetscapeExpiry('.tiktok.com\tTRUE\t/\tTRUE\t0\tsid\ta')).toBeNull();
    expect(earliestNetscapeExpiry('sessionid=abc; tt_csrf=1')).toBeNull();
    expect(earliestNetscapeExpiry('# .tiktok.com\tTRUE\t/\tTRUE\t1800000000\tsid\ta')).toBeNull();
  });
});
