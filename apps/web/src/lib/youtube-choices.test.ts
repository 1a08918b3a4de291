import { VIDEO_EFFECTS } from '@scrapper/contracts/rules/video-effects';
import { describe, expect, it } from 'vitest';
import { VIDEO_EFFECT_OPTIONS } from './youtube-choices.ts';

describe('video effect choices', () => {
  it('offer every effect of the contract, none first', () => {
    expect(VIDEO_EFFECT_OPTIONS.map((option) => option.value)).toEqual([...VIDEO_EFFECTS]);
    expect(VIDEO_EFFECT_OPTIONS[0]).toEqual({ value: 'none', label: 'Tanpa efek' });
  });
});
