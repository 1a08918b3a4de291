import { VideoItemSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { Readable } from 'node:stream';
import type { Database } from '../client.ts';
import {
  deleteResultItems,
  findResultIndexState,
  insertResultItems,
  lockResultIndex,
  setResultMapping,
  type ResultItemInsert,
} from '../queries/result-items.ts';
import { createResultIndexer, rowOfItem, skippedRow } from './index-rows.ts';
import { resultMappingHash } from './mapping-hash.ts';
import { scanResultItems } from './scan-items.ts';

/** What indexing needs of the store: the file's bytes (the storage adapter fits). */
export interface ResultFileReader {
  read(key: string): Promise<Readable>;
}

/** result_mapping of a file indexed from its stored mapping (an old-shape file whose actor config is gone). */
export const STORED_MAPPING = 'stored';
/**
 * result_mapping of a file of raw items written by scrape.run and not indexed yet (the
 * result.index job makes the rows); null is a file of the old shape, written before the index.
 */
export const PENDING_INDEX = 'pending';
const BATCH = 1000;

/**
 * The raw record inside one element of an old-shape file (a mapped item carrying `raw`); an
 * element that is not a mapped item is taken as the raw item itself, as the API always did.
 */
export function rawOfLegacyElement(element: unknown): unknown {
  const parsed = VideoItemSchema.safeParse(element);
  return parsed.success ? parsed.data.raw : element;
}

/**
 * Makes sure the task's result_items rows were made with the actor's current mapping:
 * - the same mapping: nothing to do (every open after the first costs one small read);
 * - the admin changed the mapping: the rows are made again from the raw items of the file;
 * - a file of the old shape (written before the index; result_mapping null): indexed on first
 *   open, without byte ranges (its elements are mapped items, not raw ones);
 * - the actor config is gone: the rows stay as they are.
 * The file is streamed once (one element in memory at a time), the rows go in pages, and all
 * of it is one transaction under a per-task lock: readers see the old index or the new one,
 * never half of one, and two requests never rebuild the same file at once.
 */
export async function ensureResultIndex(
  database: Database,
  storage: ResultFileReader,
  task: { id: string; resultPath: string | null },
  config: ActorConfig | undefined,
): Promise<void> {
  const wanted = config ? resultMappingHash(config) : STORED_MAPPING;
  const upToDate = (state: { mapping: string | null } | undefined) =>
    !state || (state.mapping !== null && state.mapping !== PENDING_INDEX && (!config || state.mapping === wanted));
  if (upToDate(await findResultIndexState(database.sql, task.id))) return;
  const path = task.resultPath;
  if (!path) return;
  await database.transaction(async ({ sql }) => {
    await lockResultIndex(sql, task.id);
    // Another request may have made it while this one waited for the lock.
    const state = await findResultIndexState(sql, task.id);
    if (upToDate(state)) return;
    const legacy = state?.mapping === null || state?.legacy === true;
    await deleteResultItems(sql, task.id);
    const indexer = config ? createResultIndexer(config) : undefined;
    const seen = new Set<string>();
    let batch: ResultItemInsert[] = [];
    for await (const element of scanResultItems(await storage.read(path))) {
      const value: unknown = JSON.parse(element.json);
      const start = legacy ? null : element.start;
      const length = legacy ? null : element.length;
      if (indexer) {
        batch.push(indexer.row(element.position, start, length, legacy ? rawOfLegacyElement(value) : value));
      } else {
        // No config: the mapping stored in an old-shape file stands (first id wins, as always).
        const stored = VideoItemSchema.safeParse(value);
        const fresh = stored.success && !seen.has(stored.data.id);
        if (fresh) seen.add(stored.data.id);
        batch.push(fresh ? rowOfItem(element.position, start, length, stored.data) : skippedRow(element.position, start, length, stored.success ? 'duplicate' : 'invalid'));
      }
      if (batch.length >= BATCH) {
        await insertResultItems(sql, task.id, batch);
        batch = [];
      }
    }
    await insertResultItems(sql, task.id, batch);
    await setResultMapping(sql, task.id, wanted);
  });
}
