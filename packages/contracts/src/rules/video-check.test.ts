import { describe, expect, it } from 'vitest';
import { isVideoValue } from './video-check.ts';

describe('isVideoValue', () => {
  it('follows flags (Facebook isVideo)', () => {
    expect(isVideoValue(true)).toBe(true);
    expect(isVideoValue(false)).toBe(false);
    expect(isVideoValue(1)).toBe(true);
    expect(isVideoValue(0)).toBe(false);
    expect(isVideoValue(NaN)).toBe(false);
  });

  it('treats missing values as not a video', () => {
    expect(isVideoValue(undefined)).toBe(false);
    expect(isVideoValue(null)).toBe(false);
    expect(isVideoValue('')).toBe(false);
    expect(isVideoValue('   ')).toBe(false);
  });

  it('keeps video media types (Instagram type, productType, YouTube type)', () => {
    for (const label of ['Video', 'video', 'GraphVideo', 'clips', 'reel', 'shorts', 'igtv', 'true', 'video/mp4']) {
      expect(isVideoValue(label), label).toBe(true);
    }
  });

  it('drops image, carousel and slideshow types, and spellings of false', () => {
    for (const label of ['Image', 'image', 'Sidecar', 'GraphImage', 'GraphSidecar', 'photo', 'carousel_album', 'slideshow', 'image/jpeg', 'false', 'FALSE', 'no', '0', 'null']) {
      expect(isVideoValue(label), label).toBe(false);
    }
  });

  it('keeps unknown labels and video URLs (a field only videos have)', () => {
    expect(isVideoValue('https://scontent.cdninstagram.com/v/video.mp4')).toBe(true);
    expect(isVideoValue('something-new')).toBe(true);
  });

  it('treats non-empty lists and objects as present', () => {
    expect(isVideoValue([{ url: 'https://x/video.mp4' }])).toBe(true);
    expect(isVideoValue([])).toBe(false);
    expect(isVideoValue({ duration: 15 })).toBe(true);
    expect(isVideoValue({})).toBe(false);
  });
});
