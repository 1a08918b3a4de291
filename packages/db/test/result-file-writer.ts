// For tests and benches that need a task's result_items rows without running the indexer over
// the file: the product's writer, plus the index row of every raw item as it is written (its byte
// range in the file, the mapped fields or why the mapping left it out).
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { MappingCounts } from '@scrapper/contracts/rules/map-items';
import { createResultIndexer, type ResultIndexRow } from '../src/result-file/index-rows.ts';
import { createResultFileWriter, RESULT_FILE_HEAD } from '../src/result-file/result-file-writer.ts';

export function createIndexedResultFileWriter(config: ActorConfig) {
  const writer = createResultFileWriter(config);
  const indexer = createResultIndexer(config);
  let position = 0;
  let offset = Buffer.byteLength(RESULT_FILE_HEAD);
  return {
    head: writer.head,
    /** The text that follows what was written so far, and the rows of these raw items. */
    page(raws: readonly unknown[]): { text: string; rows: ResultIndexRow[] } {
      const rows: ResultIndexRow[] = [];
      for (const raw of raws) {
        // `undefined` (not JSON) is written as null, as JSON.stringify of an array would.
        const length = Buffer.byteLength(JSON.stringify(raw) ?? 'null');
        if (position > 0) offset += 1; // the comma before it
        rows.push(indexer.row(position, offset, length, raw));
        offset += length;
        position += 1;
      }
      return { text: writer.page(raws).text, rows };
    },
    tail: writer.tail,
    counts: (): MappingCounts => indexer.counts(),
    itemCount: writer.itemCount,
  };
}
