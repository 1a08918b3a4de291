import type { PlatformConfig } from '@scrapper/contracts/http/scrape';

/**
 * The seeded TikTok platform as GET /api/scrape/config answers it (URL or keyword, no options,
 * tiktok.com). Tests override what they are about.
 */
export function tiktokPlatform(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  return {
    platformId: 'tiktok',
    displayName: 'TikTok',
    actorId: 'clockworks/tiktok-scraper',
    targetLabel: '',
    inputType: 'any',
    inputKey: 'searchQueries',
    inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
    options: {},
    domains: ['tiktok.com'],
    ...overrides,
  };
}
