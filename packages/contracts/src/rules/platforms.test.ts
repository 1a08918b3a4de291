import { describe, expect, it } from 'vitest';
import { CLIENT_SECRET_PLATFORM_LABELS, PUBLISH_PLATFORM_LABELS } from './publish-destinations.ts';
import {
  COOKIE_PLATFORM_LABELS,
  COOKIE_PLATFORMS,
  headerCookieDomain,
  isUnderDomain,
  platformLabel,
  platformOptions,
  sourcePlatformName,
} from './platforms.ts';

describe('platform names', () => {
  it('names the platforms as the spec writes them, links from other sites and unknown ids', () => {
    expect(platformLabel('tiktok')).toBe('TikTok');
    expect(platformLabel('YouTube')).toBe('YouTube');
    expect(platformLabel('twitter')).toBe('Twitter');
    expect(platformLabel('web')).toBe('Situs lain');
    expect(platformLabel('vimeo')).toBe('vimeo');
    expect(sourcePlatformName('web')).toBe('web');
  });

  it('lists the known platforms first, in the spec order, then the ones seen in the data', () => {
    const options = platformOptions(['web', 'tiktok']);
    expect(options.map((o) => o.value)).toEqual([
      'youtube',
      'douyin',
      'tiktok',
      'instagram',
      'facebook',
      'twitter',
      'web',
    ]);
    expect(options.at(-1)).toEqual({ value: 'web', label: 'Situs lain' });
  });

  it('gives sources, cookies and destinations the same names', () => {
    expect(Object.keys(COOKIE_PLATFORM_LABELS)).toEqual([...COOKIE_PLATFORMS]);
    expect(COOKIE_PLATFORM_LABELS.instagram).toBe('Instagram');
    expect(PUBLISH_PLATFORM_LABELS).toEqual({
      youtube: 'YouTube',
      tiktok: 'TikTok',
      instagram: 'Instagram Reels',
      facebook: 'Facebook Reels',
    });
    expect(CLIENT_SECRET_PLATFORM_LABELS.meta).toBe('Meta (Instagram & Facebook)');
  });
});

describe('platform domains', () => {
  it('takes a domain and its subdomains, not look-alikes', () => {
    expect(isUnderDomain('.tiktok.com', ['tiktok.com'])).toBe(true);
    expect(isUnderDomain('m.TikTok.com.', ['tiktok.com'])).toBe(true);
    expect(isUnderDomain('nottiktok.com', ['tiktok.com'])).toBe(false);
  });

  it("writes a Cookie header line to the platform's first cookie domain", () => {
    expect(headerCookieDomain('youtube')).toBe('.youtube.com');
    expect(headerCookieDomain('twitter')).toBeUndefined();
  });
});
