import { describe, expect, it } from 'vitest';
import { platformLabel, platformOptions } from './platforms.ts';

describe('platform labels', () => {
  it('names the platforms, links from other sites and unknown ids', () => {
    expect(platformLabel('tiktok')).toBe('TikTok');
    expect(platformLabel('web')).toBe('Situs lain');
    expect(platformLabel('vimeo')).toBe('vimeo');
  });

  it('lists the known platforms first, then the ones seen in the data', () => {
    const options = platformOptions(['web', 'tiktok']);
    expect(options.at(-1)).toEqual({ value: 'web', label: 'Situs lain' });
    expect(options.filter((o) => o.value === 'tiktok')).toHaveLength(1);
  });
});
