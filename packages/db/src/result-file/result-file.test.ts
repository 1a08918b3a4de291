import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { resultMappingHash } from './mapping-hash.ts';
import { createIndexedResultFileWriter } from '../../test/result-file-writer.ts';
import { ResultFileShapeError, scanResultItems } from './scan-items.ts';

const config = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: 'clockworks/tiktok-scraper',
  mapping: { id: 'id', url: 'webVideoUrl', title: 'text', duration: 'videoMeta.duration', author: 'authorMeta.name' },
  platformSpecific: { skipIfNoUrl: true },
});

const raw = (id: string, text: string, extra: Record<string, unknown> = {}) => ({ id, text, webVideoUrl: `https://www.tiktok.com/@a/video/${id}`, videoMeta: { duration: 12 }, authorMeta: { name: 'a' }, ...extra });

function writeFile(pages: unknown[][]) {
  const writer = createIndexedResultFileWriter(config);
  let text = writer.head();
  const rows = [];
  for (const page of pages) {
    const out = writer.page(page);
    text += out.text;
    rows.push(...out.rows);
  }
  text += writer.tail({ itemCount: writer.itemCount() });
  return { text, rows, counts: writer.counts() };
}

/** A stream of `text` cut into chunks of `size` bytes: item boundaries fall anywhere. */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

describe('result file writer', () => {
  const pages = [
    [raw('1', 'Satu'), raw('2', 'Dua "kutip" ]}, koma'), { text: 'tanpa url' }],
    [],
    [raw('1', 'Satu lagi'), 'bukan objek', raw('3', 'Émoji 🎬 tiga')],
  ];

  it('holds each raw item once, as given, in order, and parses as JSON', () => {
    const { text } = writeFile(pages);
    const parsed = JSON.parse(text) as { items: unknown[]; metadata: unknown };
    expect(parsed.items).toEqual(pages.flat());
    expect(parsed.metadata).toEqual({ itemCount: 6 });
  });

  it('records the byte range of every raw item, kept or left out', () => {
    const { text, rows } = writeFile(pages);
    const bytes = Buffer.from(text);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
    rows.forEach((row, i) => {
      const slice = bytes.subarray(row.rawStart ?? -1, (row.rawStart ?? 0) + (row.rawLength ?? 0)).toString('utf8');
      expect(JSON.parse(slice)).toEqual(pages.flat()[i]);
    });
  });

  it('maps with the actor rules and says why items were left out, with the counts of the dataset mapper', () => {
    const { rows, counts } = writeFile(pages);
    expect(rows.map((r) => [r.itemId, r.skipReason])).toEqual([
      ['1', null],
      ['2', null],
      [null, 'noUrl'],
      [null, 'duplicate'],
      [null, 'invalid'],
      ['3', null],
    ]);
    expect(rows[1]).toMatchObject({ title: 'Dua "kutip" ]}, koma', titleKey: 'dua "kutip" ]}, koma', duration: 12, author: 'a' });
    expect(counts).toEqual({ found: 6, saved: 3, skipped: { noUrl: 1, duplicate: 1, invalid: 1 } });
  });

  it('an empty dataset makes an empty items list', () => {
    const { text } = writeFile([[], []]);
    expect(JSON.parse(text)).toEqual({ items: [], metadata: { itemCount: 0 } });
  });
});

describe('scanResultItems', () => {
  it('finds every element with its byte range, whatever the chunk size', async () => {
    const { text, rows } = writeFile([[raw('1', 'a,b]'), raw('2', 'c\\"}'), null, 42, [1, [2]], raw('3', 'ü')]]);
    for (const size of [1, 3, 7, 64, 100_000]) {
      const found = [];
      for await (const item of scanResultItems(chunked(text, size))) found.push(item);
      expect(found.map((f) => [f.position, f.start, f.length])).toEqual(rows.map((r) => [r.position, r.rawStart, r.rawLength]));
      expect(found.map((f) => JSON.parse(f.json))).toEqual(JSON.parse(text).items);
    }
  });

  it('reads files of the old shape (mapped items carrying raw) the same way', async () => {
    const old = JSON.stringify({ items: [{ id: '1', raw: { id: '1', t: '],' } }, { id: '2', raw: {} }], metadata: { itemCount: 2 } });
    const found = [];
    for await (const item of scanResultItems(chunked(old, 5))) found.push(JSON.parse(item.json));
    expect(found).toEqual([{ id: '1', raw: { id: '1', t: '],' } }, { id: '2', raw: {} }]);
  });

  it('refuses a file of another shape or a cut one', async () => {
    const drain = async (text: string) => {
      for await (const _ of scanResultItems(chunked(text, 4))) void _;
    };
    await expect(drain('{"metadata":{},"items":[]}')).rejects.toBeInstanceOf(ResultFileShapeError);
    await expect(drain('{"items":[{"a":1},{"b":')).rejects.toBeInstanceOf(ResultFileShapeError);
  });
});

describe('resultMappingHash', () => {
  it('changes with a mapping path, not with a display name', () => {
    const renamed = ActorConfigSchema.parse({ ...config, displayName: 'TikTok Baru' });
    const remapped = ActorConfigSchema.parse({ ...config, mapping: { ...config.mapping, title: 'desc' } });
    expect(resultMappingHash(renamed)).toBe(resultMappingHash(config));
    expect(resultMappingHash(remapped)).not.toBe(resultMappingHash(config));
  });
});
