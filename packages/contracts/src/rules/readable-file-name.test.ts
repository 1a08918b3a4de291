import { describe, expect, it } from 'vitest';
import { cleanFileBaseName, displayTitle, extOfKey, fileBaseName, LINK_TITLE_MAX, linkTitle, readableFileName, uniqueFileNames } from './readable-file-name.ts';

describe('displayTitle', () => {
  it('keeps a real title and replaces ids with platform and author', () => {
    expect(displayTitle({ title: ' Resep Nasi Goreng ', platform: 'tiktok', author: 'koki' })).toBe('Resep Nasi Goreng');
    expect(displayTitle({ title: '7345678901234567890', sourceItemId: '7345678901234567890', platform: 'tiktok', author: '@koki' })).toBe('Video TikTok dari @koki');
    expect(displayTitle({ title: 'Cx1Ab', sourceItemId: 'Cx1Ab', platform: 'instagram', author: '' })).toBe('Video Instagram');
    expect(displayTitle({ title: '3f2b8c1e-1111-4222-8333-944455556666', platform: 'web', author: '' })).toBe('Video web');
  });

  it('gives an untitled TikTok item the same words everywhere: empty, its id, or a long number', () => {
    for (const title of ['', '   ', '7423512345678901234']) {
      expect(displayTitle({ title, sourceItemId: '7423512345678901234', platform: 'tiktok', author: 'kreator' })).toBe('Video TikTok dari kreator');
    }
  });

  it('titles a link download with its address, so two links never read the same', () => {
    const a = 'https://media.example.test/hls/master.m3u8';
    const b = 'https://media.example.test/videos/kucing.mp4';
    expect(displayTitle({ title: a, sourceItemId: a, platform: 'web', author: '' })).toBe('media.example.test/hls/master.m3u8');
    expect(displayTitle({ title: b, sourceItemId: b, platform: 'web', author: '' })).toBe('media.example.test/videos/kucing.mp4');
    expect(displayTitle({ title: a, platform: 'web', author: '' })).not.toBe(displayTitle({ title: b, platform: 'web', author: '' }));
  });
});

describe('linkTitle', () => {
  it('drops the scheme, www and a trailing slash, keeps the query, decodes the path', () => {
    expect(linkTitle('https://www.youtube.com/watch?v=a1B2c3D4e5F')).toBe('youtube.com/watch?v=a1B2c3D4e5F');
    expect(linkTitle('https://www.facebook.com/reel/987654321098765/')).toBe('facebook.com/reel/987654321098765');
    expect(linkTitle('http://contoh.id/video/kopi%20susu.mp4')).toBe('contoh.id/video/kopi susu.mp4');
    expect(linkTitle('https://contoh.id/%E0%A4%A')).toBe('contoh.id/%E0%A4%A');
  });

  it('cuts the middle of a long address, keeping its start and its end', () => {
    const long = `https://cdn.contoh.id/${'a'.repeat(100)}/video-12345.mp4`;
    const title = linkTitle(long);
    expect(title).toHaveLength(LINK_TITLE_MAX);
    expect(title.startsWith('cdn.contoh.id/aaa')).toBe(true);
    expect(title.endsWith('/video-12345.mp4')).toBe(true);
    expect(title).toContain('…');
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
    // The last dot of the file's own name counts; a dot in a folder name does not.
    expect(extOfKey('downloads/u.v/3f2b')).toBe('mp4');
    expect(extOfKey('downloads/u/clip.part.M4A')).toBe('m4a');
    expect(extOfKey('downloads/u/.webm')).toBe('webm');
    expect(extOfKey('downloads/u/clip.')).toBe('mp4');
    expect(extOfKey('downloads/u/clip.toolongext')).toBe('mp4');
  });
  it('a title that needs no cleaning is its own name; any other is cleaned the whole way', () => {
    const alphabet = ['a', 'Z', '9', ' ', '  ', '.', '-', '_', 'é', '猫', '😀', '\t', '\n', '\u00a0', '\u3000', '\u200e', '\u202e', '\u0085', '/', '\\', ':', '*', '?', '"', '<', '|'];
    let seed = 11;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const titles = ['', 'Kucing lucu', ' Kucing', 'Kucing ', 'a  b', '.env', '-rf', 'x'.repeat(120), 'x'.repeat(121)];
    for (let i = 0; i < 5000; i++) titles.push(Array.from({ length: 1 + random(14) }, () => alphabet[random(alphabet.length)]).join(''));
    for (const title of titles) expect(fileBaseName(title), JSON.stringify(title)).toBe(cleanFileBaseName(title));
  });
  it('numbers repeats, ignoring case', () => {
    expect(uniqueFileNames(['A.mp4', 'a.mp4', 'A.mp4', 'B.m4a'])).toEqual(['A.mp4', 'a (2).mp4', 'A (3).mp4', 'B.m4a']);
  });
});
