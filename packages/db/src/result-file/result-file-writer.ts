import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { createDatasetMapper, type MappingCounts } from '@scrapper/contracts/rules/map-items';
import { createResultIndexer, type ResultIndexRow } from './index-rows.ts';

/**
 * A result file is `{"items":[<raw>,<raw>,...],"metadata":{...}}`: every raw item the actor
 * returned, once, in order, exactly as Apify gave it (a mapping the admin fixes later can
 * recover an item today's mapping drops), then the task's metadata. The head is plain ASCII, so
 * the first item starts at byte RESULT_FILE_HEAD.length.
 */
export const RESULT_FILE_HEAD = '{"items":[';

export function resultFileTail(metadata: unknown): string {
  return `],"metadata":${JSON.stringify(metadata)}}`;
}

/**
 * Writes a result file page by page: each page's text to append and, when `rows` is on, its
 * index rows (byte range of each raw item, the mapped fields or why the mapping left it out).
 * Without rows (what a scrape writes: the index is made afterwards by scanning the file) each
 * raw item is only mapped for the counts. Holds nothing but the running offset and the ids seen
 * (for duplicates).
 */
export function createResultFileWriter(config: ActorConfig, options: { rows?: boolean } = {}) {
  const withRows = options.rows ?? true;
  const indexer = createResultIndexer(config);
  const mapper = createDatasetMapper(config);
  let position = 0;
  let offset = Buffer.byteLength(RESULT_FILE_HEAD);
  return {
    head: () => RESULT_FILE_HEAD,
    /** The text that follows what was written so far, and the rows of these raw items (none without `rows`). */
    page(raws: readonly unknown[]): { text: string; rows: ResultIndexRow[] } {
      const first = position === 0;
      const rows: ResultIndexRow[] = [];
      if (!withRows) {
        for (const raw of raws) mapper.map(raw);
        position += raws.length;
        // One JSON.stringify per page: `[a,b]` without its brackets is the items joined by
        // commas (`undefined` becomes null, as for each item alone).
        const text = raws.length === 0 ? '' : JSON.stringify(raws).slice(1, -1);
        return { text: first || text === '' ? text : `,${text}`, rows };
      }
      const parts: string[] = [];
      for (const raw of raws) {
        // `undefined` (not JSON) is written as null, as JSON.stringify of an array would.
        const json = JSON.stringify(raw) ?? 'null';
        if (position > 0) offset += 1; // the comma before it
        const length = Buffer.byteLength(json);
        rows.push(indexer.row(position, offset, length, raw));
        parts.push(json);
        offset += length;
        position += 1;
      }
      const text = parts.join(',');
      return { text: first || text === '' ? text : `,${text}`, rows };
    },
    tail: resultFileTail,
    counts: (): MappingCounts => (withRows ? indexer.counts() : mapper.counts()),
    itemCount: () => position,
  };
}
