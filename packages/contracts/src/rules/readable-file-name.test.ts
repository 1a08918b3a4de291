import { describe, expect, it } from 'vitest';
import { displayTitle, extOfKey, fileBaseName, readableFileName, uniqueFileNames } from './readable-file-name.ts';

describe('displayTitle', () => {
  it('keeps a real title and replaces ids with platform and author', () => {
    expect(displayTitle({ title: ' Resep Nasi Goreng ', platform: 'tiktok', author: 'koki' })).toBe('Resep Nasi Goreng');
    expect(displayTitle({ title: '7345678901234567890', sourceItemId: '7345678901234567890', platform: 'tiktok', author: '@koki' })).toBe('Video TikTok dari @koki');
    expect(displayTitle({ title: 'Cx1Ab', sourceItemId: 'Cx1Ab', platform: 'instagram', author: '' })).toBe('Video Instagram');
    expect(displayTitle({ title: '3f2b8c1e-1111-4222-8333-944455556666', platform: 'web', author: '' })).toBe('Video web');
  });
});

describe('file names', () => {
  it('makes safe names from titles', () => {
    expect(fileBaseName('../..\\etc/passwd')).toBe('etc passwd');
    expect(fileBaseName('-rf')).toBe('rf');
    expect(fileBaseName('   ')).toBe('video');
    expect(readableFileName('Kucing: lucu?', 'mp4')).toBe('Kucing lucu.mp4');
    expect(extOfKey('downloads/u/3f2b.webm')).toBe('webm');
    expect(extOfKey(null)).toBe('mp4');
  });
  it('numbers repeats, ignoring case', () => {
    expect(uniqueFileNames(['A.mp4', 'a.mp4', 'A.mp4', 'B.m4a'])).toEqual(['A.mp4', 'a (2).mp4', 'A (3).mp4', 'B.m4a']);
  });
});
