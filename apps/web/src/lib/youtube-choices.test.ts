import { VIDEO_EFFECTS } from '@scrapper/contracts/rules/video-effects';
import { describe, expect, it } from 'vitest';
import { UPLOAD_STATUS_LABELS, VIDEO_EFFECT_OPTIONS, uploadStatusTone } from './youtube-choices.ts';

describe('video effect choices', () => {
  it('offer every effect of the contract, none first', () => {
    expect(VIDEO_EFFECT_OPTIONS.map((option) => option.value)).toEqual([...VIDEO_EFFECTS]);
    expect(VIDEO_EFFECT_OPTIONS[0]).toEqual({ value: 'none', label: 'Tanpa efek' });
  });
});

describe('upload status badges', () => {
  it("show 'Terupload' in green and 'Gagal' in red, the rest plain", () => {
    const tones = Object.fromEntries(
      Object.keys(UPLOAD_STATUS_LABELS).map((status) => [status, uploadStatusTone(status)]),
    );
    expect(tones).toEqual({
      scheduled: 'neutral',
      processing: 'neutral',
      uploaded: 'success',
      failed: 'danger',
      cancelled: 'neutral',
    });
  });
});
