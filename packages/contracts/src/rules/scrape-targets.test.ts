import { describe, expect, it } from 'vitest';
import { invalidUrlMessage, isKeywordTarget, isTargetUrl, targetKey, urlRequiredMessage } from './scrape-targets.ts';

// The dashboard (apps/web scraper targets) and the API (start-scrape) both ask these; their
// own tests check the answers a member sees, these the rules themselves.

describe('isTargetUrl', () => {
  it('takes a scheme or www. followed by a dotted host', () => {
    expect(isTargetUrl('https://www.tiktok.com/@a/video/1')).toBe(true);
    expect(isTargetUrl('HTTP://example.com')).toBe(true);
    expect(isTargetUrl('www.youtube.com/watch?v=x')).toBe(true);
  });

  it('refuses other schemes, bare hosts and undotted hosts', () => {
    expect(isTargetUrl('ftp://example.com')).toBe(false);
    expect(isTargetUrl('tiktok.com/@a')).toBe(false);
    expect(isTargetUrl('https://localhost')).toBe(false);
    expect(isTargetUrl('kucing lucu')).toBe(false);
  });
});

describe('isKeywordTarget', () => {
  it('needs a letter or digit in any script and no URL start', () => {
    expect(isKeywordTarget('kucing lucu')).toBe(true);
    expect(isKeywordTarget('#猫')).toBe(true);
    expect(isKeywordTarget('2025')).toBe(true);
    expect(isKeywordTarget('!!!')).toBe(false);
    expect(isKeywordTarget('https://broken')).toBe(false);
    expect(isKeywordTarget('www.')).toBe(false);
  });
});

describe('targetKey', () => {
  it("uses the kind's own key, else the one input key", () => {
    const config = { inputKey: 'searchQueries', inputKeys: { url: 'postURLs', keyword: '' } };
    expect(targetKey(config, 'url')).toBe('postURLs');
    expect(targetKey(config, 'keyword')).toBe('searchQueries');
    expect(targetKey({ inputKey: 'startUrls', inputKeys: {} }, 'url')).toBe('startUrls');
  });
});

describe('messages', () => {
  it('name the platform in Indonesian', () => {
    expect(urlRequiredMessage('Facebook')).toBe('Input untuk Facebook harus berupa URL.');
    expect(invalidUrlMessage('TikTok')).toBe('Input untuk TikTok harus berupa URL yang valid.');
  });
});
