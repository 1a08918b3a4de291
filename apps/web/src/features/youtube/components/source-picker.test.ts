import { describe, expect, it } from 'vitest';
import { itemLabel } from './source-picker.tsx';

describe('itemLabel (the upload form’s item picker)', () => {
  it('names an item without a caption as every other screen does, once', () => {
    expect(itemLabel({ id: '7423512345678901234', platform: 'tiktok', title: '', author: 'kreator' })).toBe('Video TikTok dari kreator');
    expect(itemLabel({ id: '7423512345678901234', platform: 'tiktok', title: '7423512345678901234', author: 'kreator' })).toBe(
      'Video TikTok dari kreator',
    );
  });

  it('keeps a real title with its author', () => {
    expect(itemLabel({ id: '1', platform: 'tiktok', title: ' Resep sambal ', author: 'koki' })).toBe('Resep sambal — koki');
  });
});
