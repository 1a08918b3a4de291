import { describe, expect, it } from 'vitest';
import { platformShares } from './platform-shares.ts';

describe('platform distribution', () => {
  it('orders platforms by downloads and gives each its share of the total', () => {
    expect(
      platformShares([
        { platform: 'youtube', count: 1 },
        { platform: 'tiktok', count: 6 },
        { platform: 'instagram', count: 3 },
      ]),
    ).toEqual([
      { platform: 'tiktok', label: 'TikTok', count: 6, percent: 60 },
      { platform: 'instagram', label: 'Instagram', count: 3, percent: 30 },
      { platform: 'youtube', label: 'YouTube', count: 1, percent: 10 },
    ]);
  });

  it('rounds shares to one decimal and leaves out platforms without downloads', () => {
    const shares = platformShares([
      { platform: 'tiktok', count: 1 },
      { platform: 'douyin', count: 2 },
      { platform: 'facebook', count: 0 },
    ]);
    expect(shares.map((s) => [s.platform, s.percent])).toEqual([
      ['douyin', 66.7],
      ['tiktok', 33.3],
    ]);
  });

  it('is empty when nothing was downloaded', () => {
    expect(platformShares([])).toEqual([]);
    expect(platformShares([{ platform: 'tiktok', count: 0 }])).toEqual([]);
  });
});
