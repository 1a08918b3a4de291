import { describe, expect, it } from 'vitest';
import { tiktokPlatform } from '@test/platform-config.ts';
import { buildStartBody } from './start-body.ts';

const tiktok = tiktokPlatform({ domains: [] });

describe('buildStartBody', () => {
  it('puts a URL under inputKeys.url and a keyword under inputKeys.keyword, with platformInfo', () => {
    expect(
      buildStartBody(
        tiktok,
        { value: 'https://t.example/v/1', kind: 'url' },
        { resultsPerPage: 5 },
      ),
    ).toEqual({
      actorId: 'clockworks/tiktok-scraper',
      input: { resultsPerPage: 5, postURLs: 'https://t.example/v/1' },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'url' },
    });
    expect(buildStartBody(tiktok, { value: 'kucing', kind: 'keyword' }, {}).input).toEqual({
      searchQueries: 'kucing',
    });
  });

  it('falls back to inputKey when the platform names no key for the kind', () => {
    const plain = { ...tiktok, inputKeys: {}, inputKey: 'queries' };
    expect(buildStartBody(plain, { value: 'https://t.example/1', kind: 'url' }, {}).input).toEqual({
      queries: 'https://t.example/1',
    });
  });
});
