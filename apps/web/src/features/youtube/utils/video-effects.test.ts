import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube';
import { VIDEO_EFFECTS } from '@scrapper/contracts/rules/video-effects';
import { describe, expect, it } from 'vitest';
import { VIDEO_EFFECT_OPTIONS, previewAvailability } from './video-effects.ts';

describe('effect preview', () => {
  it('offers every effect of the contract, none first', () => {
    expect(VIDEO_EFFECT_OPTIONS.map((option) => option.value)).toEqual([...VIDEO_EFFECTS]);
    expect(VIDEO_EFFECT_OPTIONS[0]).toEqual({ value: 'none', label: 'Tanpa efek' });
  });

  it('is available only for a directly uploaded video with an effect', () => {
    const small = { size: 1024 };
    expect(previewAvailability(null, 'sepia')).toBe('no-file');
    expect(previewAvailability(small, 'none')).toBe('no-effect');
    expect(previewAvailability(small, 'sepia')).toBe('ready');
    expect(previewAvailability({ size: UPLOAD_LIMITS.previewVideoMaxBytes + 1 }, 'sepia')).toBe(
      'too-large',
    );
  });
});
