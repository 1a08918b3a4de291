import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';
import { describe, expect, it } from 'vitest';
import { previewAvailability } from './video-effects.ts';

describe('effect preview', () => {
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
