import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition, safeFileName } from './content-disposition.ts';

describe('fileNameFromContentDisposition', () => {
  it('prefers the UTF-8 form the server sends beside the ASCII one', () => {
    const header = `attachment; filename="Kucing _.mp4"; filename*=UTF-8''${encodeURIComponent('Kucing 🐱.mp4')}`;
    expect(fileNameFromContentDisposition(header)).toBe('Kucing 🐱.mp4');
  });

  it('reads the quoted and the bare forms', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Klip HLS.mp4"')).toBe(
      'Klip HLS.mp4',
    );
    expect(fileNameFromContentDisposition('attachment; filename=klip.mp4')).toBe('klip.mp4');
  });

  it('falls back to the quoted name when the encoded one is malformed', () => {
    expect(
      fileNameFromContentDisposition(`attachment; filename="a.mp4"; filename*=UTF-8''%E0%A4%A.mp4`),
    ).toBe('a.mp4');
  });

  it('answers null without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('inline')).toBeNull();
  });
});

describe('safeFileName', () => {
  it('drops path separators and control characters', () => {
    expect(safeFileName('../etc/passwd')).toBe('.. etc passwd');
    expect(safeFileName('a\u0000b')).toBe('a b');
    expect(safeFileName('  ')).toBe('video');
  });
});
