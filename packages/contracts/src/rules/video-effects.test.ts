import { describe, expect, it } from 'vitest';
import { isVideoEffect, VIDEO_EFFECTS } from './video-effects.ts';

describe('isVideoEffect', () => {
  it('knows every listed effect and nothing else', () => {
    for (const effect of VIDEO_EFFECTS) expect(isVideoEffect(effect), effect).toBe(true);
    expect(isVideoEffect('sparkle')).toBe(false);
    expect(isVideoEffect('Sepia')).toBe(false);
    expect(isVideoEffect(undefined)).toBe(false);
  });
});
