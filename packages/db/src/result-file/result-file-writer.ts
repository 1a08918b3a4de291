import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { createDatasetMapper, type MappingCounts } from '@scrapper/contracts/rules/map-items';

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
 * Writes a result file page by page: each page's text to append. Each raw item is only mapped for
 * the counts; the index rows are made afterwards by scanning the file (ensure-index). Holds
 * nothing but the position and the mapper's counts (the ids seen, for duplicates).
 */
export function createResultFileWriter(config: ActorConfig) {
  const mapper = createDatasetMapper(config);
  let position = 0;
  return {
    head: () => RESULT_FILE_HEAD,
    /** The text that follows what was written so far. */
    page(raws: readonly unknown[]): { text: string } {
      const first = position === 0;
      for (const raw of raws) mapper.map(raw);
      position += raws.length;
      // One JSON.stringify per page: `[a,b]` without its brackets is the items joined by
      // commas (`undefined` becomes null, as for each item alone).
      const text = raws.length === 0 ? '' : JSON.stringify(raws).slice(1, -1);
      return { text: first || text === '' ? text : `,${text}` };
    },
    tail: resultFileTail,
    counts: (): MappingCounts => mapper.counts(),
    itemCount: () => position,
  };
}
