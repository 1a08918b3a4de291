import { describe, expect, it } from 'vitest';
import { isJsonResultFile, metadataFromItem, sourceFromItem, usableItems } from './source-items.ts';

describe('JSON result source', () => {
  it('lists only .json files', () => {
    expect(isJsonResultFile('tiktok_20250101-101010_abcdef12.json')).toBe(true);
    expect(isJsonResultFile('notes.txt')).toBe(false);
    expect(isJsonResultFile('video.JSON.mp4')).toBe(false);
  });

  it("keeps only items with an id and a real title (not empty, not 'Tanpa Judul')", () => {
    const items = [
      { id: '1', title: 'Kucing lucu' },
      { id: '', title: 'Tanpa id' },
      { id: '3', title: '   ' },
      { id: '4', title: 'Tanpa Judul' },
      { id: '5', title: ' Tanpa Judul ' },
      { id: '6', title: 'Tanpa Judul lagi' },
    ];
    expect(usableItems(items).map((item) => item.id)).toEqual(['1', '6']);
  });

  it('fills title, description and tags from an item', () => {
    const title = 'Kucing <lucu> banget #fyp #Kucing #viral';
    expect(metadataFromItem({ title, raw: { hashtags: [{ name: 'kucing' }, 'meong'] } })).toEqual({
      title: 'Kucing lucu banget',
      description: title,
      tags: 'kucing, meong, fyp, viral',
    });
  });

  it("uses the raw description when there is one, and YouTube's 100 characters for the title", () => {
    const long = `${'kata '.repeat(30)}akhir`;
    const meta = metadataFromItem({ title: long, raw: { desc: 'Deskripsi asli #resep' } });
    expect(meta.title.length).toBeLessThanOrEqual(100);
    expect(meta.title.endsWith('kata')).toBe(true);
    expect(meta.description).toBe('Deskripsi asli #resep');
    expect(meta.tags).toBe('resep');
  });

  it('keeps a title made only of hashtags rather than leaving it empty', () => {
    expect(metadataFromItem({ title: '#fyp #viral', raw: null }).title).toBe('#fyp #viral');
  });

  it('makes the item the scraper source of the payload', () => {
    expect(sourceFromItem({ id: '42', url: 'https://www.tiktok.com/@a/video/42' })).toEqual({
      scraperVideoUrl: 'https://www.tiktok.com/@a/video/42',
      scraperVideoId: '42',
    });
  });
});
