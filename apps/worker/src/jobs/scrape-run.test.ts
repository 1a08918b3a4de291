import { describe, expect, it } from 'vitest';
import { isStartMarker } from '@scrapper/integrations/apify';
import { newStartMarker, startMarkerKeyId } from './scrape-run.ts';

const KEY = '0b7c6f0e-6a43-4d0c-9d59-3f5f3b1f9a10';

describe('start markers', () => {
  it('are fresh each time, fit a User-Agent, and name the key they were made for', () => {
    const a = newStartMarker(KEY);
    const b = newStartMarker(KEY);
    expect(a).not.toBe(b);
    expect(isStartMarker(a)).toBe(true);
    expect(startMarkerKeyId(a)).toBe(KEY);
  });

  it('name no key when the marker has none (or none at all)', () => {
    expect(startMarkerKeyId(null)).toBeUndefined();
    expect(startMarkerKeyId('not-a-uuid.abc')).toBeUndefined();
    expect(startMarkerKeyId(`${KEY}x.abc`)).toBeUndefined();
  });
});
