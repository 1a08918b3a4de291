// Reads a zip's entries for tests (the batch zip of GET /api/media/batches/:id/zip): names from
// the central directory, and the bytes of stored (method 0) entries. ZIP64 is not read: test zips
// are small.

export interface ZipEntry {
  name: string;
  method: number;
  size: number;
  /** The entry's bytes when stored; undefined when deflated. */
  data: Buffer | undefined;
}

export function readZipEntries(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, method, size, data: method === 0 ? zip.subarray(dataStart, dataStart + compressed) : undefined });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
