import { describe, expect, it } from 'vitest';
import { countsWarning, describeCounts } from './scrape-counts.ts';

describe('describeCounts', () => {
  it('says found and saved, then each reason that occurred', () => {
    expect(describeCounts({ found: 40, saved: 0, skipped: { notVideo: 40 } })).toBe('40 ditemukan, 0 disimpan: 40 bukan video');
    expect(describeCounts({ found: 10, saved: 7, skipped: { duplicate: 1, notVideo: 2 } })).toBe(
      '10 ditemukan, 7 disimpan: 2 bukan video, 1 duplikat',
    );
    expect(describeCounts({ found: 6, saved: 5, skipped: { noUrl: 1 } })).toBe('6 ditemukan, 5 disimpan: 1 tanpa URL video');
  });

  it('has no colon part when nothing was dropped', () => {
    expect(describeCounts({ found: 5, saved: 5, skipped: {} })).toBe('5 ditemukan, 5 disimpan');
    expect(describeCounts({ found: 0, saved: 0, skipped: {} })).toBe('0 ditemukan, 0 disimpan');
  });
});

describe('countsWarning', () => {
  it('warns when items were found and none kept, with the counts and advice for the main reason', () => {
    expect(countsWarning({ found: 40, saved: 0, skipped: { notVideo: 40 } })).toBe(
      'Tidak ada item yang disimpan (40 ditemukan, 0 disimpan: 40 bukan video). Target ini tidak berisi video; coba halaman, akun atau kata kunci lain yang memuat video.',
    );
    expect(countsWarning({ found: 3, saved: 0, skipped: { noUrl: 2, invalid: 1 } })).toMatch(/Mapping Hasil/);
  });

  it('does not warn when something was kept or nothing was found', () => {
    expect(countsWarning({ found: 10, saved: 1, skipped: { notVideo: 9 } })).toBeNull();
    expect(countsWarning({ found: 0, saved: 0, skipped: {} })).toBeNull();
  });
});
