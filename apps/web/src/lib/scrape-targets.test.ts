import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { describe, expect, it } from 'vitest';
import { addUrls, checkTargets, mergeTargets, splitTargets } from './scrape-targets.ts';

function platform(inputType: PlatformConfig['inputType'], domains: string[] = []): PlatformConfig {
  return {
    platformId: 'tiktok',
    displayName: 'TikTok',
    actorId: 'clockworks/tiktok-scraper',
    targetLabel: 'Target',
    inputType,
    inputKey: 'searchQueries',
    inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
    options: {},
    domains,
  };
}

describe('URL targets outside the platform', () => {
  it('refuses a youtube.com link on TikTok, naming it, before anything is sent', () => {
    const link = 'https://www.youtube.com/watch?v=abc';
    expect(checkTargets(platform('any', ['tiktok.com']), ['kucing', link])).toEqual({
      ok: false,
      message: `"${link}" bukan link TikTok. Masukkan URL dari tiktok.com.`,
    });
    expect(checkTargets(platform('url', ['tiktok.com']), ['www.youtube.com/@x'])).toMatchObject({ ok: false, message: expect.stringContaining('"https://www.youtube.com/@x" bukan link TikTok') });
  });

  it('accepts the platform\'s links and keywords, and any link when it names no domains', () => {
    expect(checkTargets(platform('any', ['tiktok.com']), ['https://vm.tiktok.com/ZS1/', 'kucing']).ok).toBe(true);
    expect(checkTargets(platform('any'), ['https://www.youtube.com/watch?v=abc']).ok).toBe(true);
  });
});

describe('splitting targets', () => {
  it('splits multi-line input by line, trims, drops empty lines and repeats', () => {
    expect(splitTargets('  kucing \n\n\r\nanjing\r\n kucing\n   \n')).toEqual(['kucing', 'anjing']);
    expect(splitTargets('')).toEqual([]);
  });

  it('does not add a URL that is already in the list', () => {
    expect(
      addUrls(['https://a.example/1'], ['https://a.example/1', ' https://b.example/2 ']),
    ).toEqual(['https://a.example/1', 'https://b.example/2']);
  });

  it('merges the added URLs and the typed lines without duplicates', () => {
    expect(mergeTargets(['https://a.example/1'], ['https://a.example/1', 'kucing'])).toEqual([
      'https://a.example/1',
      'kucing',
    ]);
  });
});

describe('checkTargets', () => {
  it("refuses an unknown platform with 'Platform scraper tidak valid.'", () => {
    expect(checkTargets(undefined, ['kucing'])).toEqual({
      ok: false,
      message: 'Platform scraper tidak valid.',
    });
  });

  it('names the right empty-target message for each input type', () => {
    expect(checkTargets(platform('any'), [])).toMatchObject({
      message: 'Target tidak boleh kosong. Masukkan URL atau pilih platform terlebih dahulu.',
    });
    expect(checkTargets(platform('url'), [])).toMatchObject({
      message: 'Target tidak boleh kosong. Masukkan URL atau pilih platform terlebih dahulu.',
    });
    expect(checkTargets(platform('string'), [])).toMatchObject({
      message: 'Target tidak boleh kosong.',
    });
    expect(checkTargets(platform('keyword'), [])).toMatchObject({
      message: 'Keyword tidak boleh kosong.',
    });
  });

  it('url platforms take https://, http:// and www. URLs only', () => {
    expect(checkTargets(platform('url'), ['https://www.tiktok.com/@a/video/1'])).toEqual({
      ok: true,
      targets: [{ value: 'https://www.tiktok.com/@a/video/1', kind: 'url' }],
    });
    expect(checkTargets(platform('url'), ['www.tiktok.com/@a'])).toEqual({
      ok: true,
      targets: [{ value: 'https://www.tiktok.com/@a', kind: 'url' }],
    });
    expect(checkTargets(platform('url'), ['kucing lucu'])).toEqual({
      ok: false,
      message: 'Input untuk TikTok harus berupa URL.',
    });
    expect(checkTargets(platform('url'), ['https://localhost'])).toEqual({
      ok: false,
      message: 'Input untuk TikTok harus berupa URL yang valid.',
    });
  });

  it('keyword platforms refuse URLs and text without a letter or digit', () => {
    expect(checkTargets(platform('keyword'), ['kucing lucu', '猫'])).toEqual({
      ok: true,
      targets: [
        { value: 'kucing lucu', kind: 'keyword' },
        { value: '猫', kind: 'keyword' },
      ],
    });
    for (const value of ['https://x.example/a', '!!!']) {
      expect(checkTargets(platform('keyword'), [value])).toEqual({
        ok: false,
        message: 'Input untuk TikTok harus berupa keyword yang valid.',
      });
    }
  });

  it('any: a URL when it matches the URL pattern, else a keyword, else invalid', () => {
    expect(checkTargets(platform('any'), ['https://vt.tiktok.com/x', '#kucing'])).toEqual({
      ok: true,
      targets: [
        { value: 'https://vt.tiktok.com/x', kind: 'url' },
        { value: '#kucing', kind: 'keyword' },
      ],
    });
    for (const value of ['http://', 'https://nodot', '???']) {
      expect(checkTargets(platform('any'), [value])).toEqual({
        ok: false,
        message: 'Input tidak valid. Masukkan URL atau keyword.',
      });
    }
  });

  it('string: anything non-empty, URLs as URLs', () => {
    expect(checkTargets(platform('string'), ['???', 'https://a.example/x'])).toEqual({
      ok: true,
      targets: [
        { value: '???', kind: 'keyword' },
        { value: 'https://a.example/x', kind: 'url' },
      ],
    });
  });

  it('stops at the first bad target so nothing is half started', () => {
    expect(checkTargets(platform('url'), ['https://a.example/1', 'kucing'])).toEqual({
      ok: false,
      message: 'Input untuk TikTok harus berupa URL.',
    });
  });
});
