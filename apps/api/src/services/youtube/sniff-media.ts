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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The segment markers a JPEG starts with after SOI: APPn, DQT, SOFn, DHT, DRI, COM. */
function isJpegMarker(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (byte >= 0xe0 && byte <= 0xef) || (byte >= 0xc0 && byte <= 0xcf) || byte === 0xdb || byte === 0xdd || byte === 0xfe;
}

/**
 * JPEG (SOI and a real first segment) or PNG (signature and its IHDR chunk): a magic number
 * followed by anything else (`\x89PNG\r\n\x1a\n<html>...`) is not an image.
 */
export function sniffImage(head: Buffer): { ext: 'jpg' | 'png'; mime: 'image/jpeg' | 'image/png' } | undefined {
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff && isJpegMarker(head[3])) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (head.length >= 16 && head.subarray(0, 8).equals(PNG_SIGNATURE) && head.readUInt32BE(8) === 13 && ascii(head, 12, 'IHDR')) {
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
