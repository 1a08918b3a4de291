import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { MappingCounts } from '@scrapper/contracts/rules/map-items';
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
 * Writes a result file page by page: each page's text to append and its index rows (byte
 * range of each raw item, the mapped fields or why the mapping left it out). Holds nothing
 * but the running offset and the ids seen (for duplicates).
 */
export function createResultFileWriter(config: ActorConfig) {
  const indexer = createResultIndexer(config);
  let position = 0;
  let offset = Buffer.byteLength(RESULT_FILE_HEAD);
  return {
    head: () => RESULT_FILE_HEAD,
    /** The text that follows what was written so far, and the rows of these raw items. */
    page(raws: readonly unknown[]): { text: string; rows: ResultIndexRow[] } {
      const first = position === 0;
      const parts: string[] = [];
      const rows: ResultIndexRow[] = [];
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
    counts: (): MappingCounts => indexer.counts(),
    itemCount: () => position,
  };
}
