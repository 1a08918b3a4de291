import { describe, expect, it } from 'vitest';
import { isJsonResultFile, metadataFromItem, sourceFromItem, sourceItemTitle, usableItems } from './source-items.ts';

const base = { id: '1', author: '@ani', platform: 'tiktok' };

describe('JSON result source', () => {
  it('lists only .json files', () => {
    expect(isJsonResultFile('tiktok_20250101-101010_abcdef12.json')).toBe(true);
    expect(isJsonResultFile('notes.txt')).toBe(false);
    expect(isJsonResultFile('video.JSON.mp4')).toBe(false);
  });

  it('keeps items with an id; an untitled one (empty, \'Tanpa Judul\', a bare id) reads as the history\'s fallback', () => {
    const items = [
      { id: '1', title: 'Kucing lucu', author: '@ani', platform: 'tiktok', raw: null },
      { id: '', title: 'Tanpa id', author: '@ani', platform: 'tiktok', raw: null },
      { id: '3', title: '   ', author: '@ani', platform: 'tiktok', raw: null },
      { id: '4', title: 'Tanpa Judul', author: '@budi', platform: 'tiktok', raw: null },
      { id: '7312345678901234567', title: '7312345678901234567', author: '', platform: 'tiktok', raw: null },
      { id: '6', title: 'Tanpa Judul lagi', author: '@ani', platform: 'tiktok', raw: null },
    ];
    const kept = usableItems(items);
    expect(kept.map((item) => item.id)).toEqual(['1', '3', '4', '7312345678901234567', '6']);
    expect(kept.map((item) => metadataFromItem(item).title)).toEqual([
      'Kucing lucu',
      'Video TikTok dari @ani',
      'Video TikTok dari @budi',
      'Video TikTok',
      'Tanpa Judul lagi',
    ]);
    expect(sourceItemTitle(items[3] as (typeof items)[number])).toBe('Video TikTok dari @budi');
  });

  it('fills title, description and tags from an item', () => {
    const title = 'Kucing <lucu> banget #fyp #Kucing #viral';
    expect(metadataFromItem({ ...base, title, raw: { hashtags: [{ name: 'kucing' }, 'meong'] } })).toEqual({
      title: 'Kucing lucu banget',
      description: title,
      tags: 'kucing, meong, fyp, viral',
    });
  });

  it("uses the raw description when there is one, and YouTube's 100 characters for the title", () => {
    const long = `${'kata '.repeat(30)}akhir`;
    const meta = metadataFromItem({ ...base, title: long, raw: { desc: 'Deskripsi asli #resep' } });
    expect(meta.title.length).toBeLessThanOrEqual(100);
    expect(meta.title.endsWith('kata')).toBe(true);
    expect(meta.description).toBe('Deskripsi asli #resep');
    expect(meta.tags).toBe('resep');
  });

  it('keeps a title made only of hashtags rather than leaving it empty', () => {
    expect(metadataFromItem({ ...base, title: '#fyp #viral', raw: null }).title).toBe('#fyp #viral');
  });

  it('makes the item the scraper source of the payload', () => {
    expect(sourceFromItem({ id: '42', url: 'https://www.tiktok.com/@a/video/42' })).toEqual({
      scraperVideoUrl: 'https://www.tiktok.com/@a/video/42',
      scraperVideoId: '42',
    });
  });
});
