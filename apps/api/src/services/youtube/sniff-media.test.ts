import { describe, expect, it } from 'vitest';
import { sniffAudio, sniffImage, sniffVideo } from './sniff-media.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('media sniffing', () => {
  it('recognises the video containers by their signatures', () => {
    expect(sniffVideo(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(sniffVideo(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe('mov');
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('webm');
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska'))).toBe('mkv');
    expect(sniffVideo(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe('avi');
    const ts = Buffer.alloc(376);
    ts[0] = 0x47;
    ts[188] = 0x47;
    expect(sniffVideo(ts)).toBe('ts');
  });

  it('refuses what only claims to be a video', () => {
    expect(sniffVideo(Buffer.from('<html><body>not a video</body></html>'))).toBeUndefined();
    expect(sniffVideo(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeUndefined();
    expect(sniffVideo(bytes([0x47], 'short'))).toBeUndefined();
    expect(sniffVideo(Buffer.alloc(0))).toBeUndefined();
  });

  it('recognises jpeg and png only', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'))).toEqual({ ext: 'png', mime: 'image/png' });
    // A magic number followed by something else is not an image (HTML behind a PNG or JPEG start).
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], '<html><script>'))).toBeUndefined();
    expect(sniffImage(bytes([0xff, 0xd8, 0xff], '<html>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('recognises common audio formats', () => {
    expect(sniffAudio(bytes('ID3', [4, 0, 0]))).toBe('mp3');
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffAudio(bytes([0xff, 0xf1, 0x50, 0x80]))).toBe('aac');
    expect(sniffAudio(bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]))).toBe('m4a');
    expect(sniffAudio(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe('wav');
    expect(sniffAudio(Buffer.from('fLaC\0\0\0\x22'))).toBe('flac');
    expect(sniffAudio(Buffer.from('OggS\0\x02'))).toBe('ogg');
    expect(sniffAudio(Buffer.from('#!/bin/sh\nrm -rf /'))).toBeUndefined();
  });
});
