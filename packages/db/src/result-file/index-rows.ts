import type { ActorConfig, VideoItem } from '@scrapper/contracts/http/actor-configs';
import { createItemMapper, type MappingCounts, type SkipReason } from '@scrapper/contracts/rules/map-items';
import { titleKey } from '@scrapper/contracts/rules/title-key';

/**
 * One raw item of a result file as the index (table result_items) holds it: where its JSON
 * sits in the stored file and, when the mapping kept it, the fields the downloader lists,
 * filters and sorts by. Made the same way by the worker (as it writes the file) and the API
 * (when the admin changed the mapping, or for a file of the old shape).
 */
export interface ResultIndexRow {
  position: number;
  /** Byte offset and length of the raw item's JSON in the file; null for files of the old shape. */
  rawStart: number | null;
  rawLength: number | null;
  itemId: string | null;
  skipReason: SkipReason | null;
  title: string;
  titleKey: string;
  author: string;
  url: string;
  thumbnail: string;
  duration: number | null;
  playCount: number | null;
  likeCount: number | null;
  width: number | null;
  height: number | null;
}

const SKIPPED = { title: '', titleKey: '', author: '', url: '', thumbnail: '', duration: null, playCount: null, likeCount: null, width: null, height: null };

/** The index row of a kept item. */
export function rowOfItem(position: number, rawStart: number | null, rawLength: number | null, item: VideoItem): ResultIndexRow {
  return {
    position,
    rawStart,
    rawLength,
    itemId: item.id,
    skipReason: null,
    title: item.title,
    titleKey: titleKey(item.title),
    author: item.author,
    url: item.url,
    thumbnail: item.thumbnail,
    duration: Number.isFinite(item.duration) ? item.duration : null,
    playCount: Number.isFinite(item.play_count) ? item.play_count : null,
    likeCount: Number.isFinite(item.like_count) ? item.like_count : null,
    width: item.width ?? null,
    height: item.height ?? null,
  };
}

export function skippedRow(position: number, rawStart: number | null, rawLength: number | null, reason: SkipReason): ResultIndexRow {
  return { position, rawStart, rawLength, itemId: null, skipReason: reason, ...SKIPPED };
}

/**
 * Maps raw items one by one, in file order, into index rows, with the same tally as
 * createDatasetMapper (the task's counts): the first item with an id stays, later ones with
 * the same id are duplicates.
 */
export function createResultIndexer(config: ActorConfig) {
  const mapOne = createItemMapper(config);
  const seen = new Set<string>();
  const counts: MappingCounts = { found: 0, saved: 0, skipped: {} };
  return {
    row(position: number, rawStart: number | null, rawLength: number | null, raw: unknown): ResultIndexRow {
      counts.found += 1;
      const outcome = mapOne(raw);
      let reason: SkipReason | undefined = outcome.skipped;
      if (outcome.item !== undefined) {
        if (!seen.has(outcome.item.id)) {
          seen.add(outcome.item.id);
          counts.saved += 1;
          return rowOfItem(position, rawStart, rawLength, outcome.item);
        }
        reason = 'duplicate';
      }
      const why = reason ?? 'invalid';
      counts.skipped[why] = (counts.skipped[why] ?? 0) + 1;
      return skippedRow(position, rawStart, rawLength, why);
    },
    counts: (): MappingCounts => ({ found: counts.found, saved: counts.saved, skipped: { ...counts.skipped } }),
  };
}
