// What a file really is, from its first bytes: a browser's Content-Type and the file name are
// the client's word; these signatures decide what we store and which extension it gets.

/** How many leading bytes the checks need (MPEG-TS looks at its second packet, byte 188). */
export const SNIFF_BYTES = 512;

const ascii = (head: Buffer, at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** mp4/mov (ISO BMFF `ftyp`), webm/mkv (EBML), avi (RIFF AVI), mpeg-ts (0x47 sync bytes). */
export function sniffVideo(head: Buffer): string | undefined {
  if (head.length >= 12 && ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? 'mov' : 'mp4';
  if (head.subarray(0, 4).equals(EBML)) return head.includes('webm', 4, 'latin1') ? 'webm' : 'mkv';
  if (head.length >= 12 && ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return 'avi';
  if (head.length >= 189 && head[0] === 0x47 && head[188] === 0x47) return 'ts';
  return undefined;
}

export function sniffImage(head: Buffer): { ext: 'jpg' | 'png'; mime: 'image/jpeg' | 'image/png' } | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  return undefined;
}

/** mp3 (ID3 or a frame sync), aac (ADTS), m4a (`ftyp`), wav, flac, ogg, webm. */
export function sniffAudio(head: Buffer): string | undefined {
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (head.length >= 12 && ascii(head, 4, 'ftyp')) return 'm4a';
  if (head.length >= 12 && ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head.subarray(0, 4).equals(EBML)) return 'webm';
  const [b0, b1] = [head[0] ?? 0, head[1] ?? 0];
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0) return (b1 & 0x06) === 0 ? 'aac' : 'mp3';
  return undefined;
}
