import type { VideoItem } from '@scrapper/contracts/http/actor-configs';

// A result file can hold 50,000 items. Checking each one with the contract's zod schema costs
// a few hundred milliseconds of main thread after the data arrives (the first rows wait for
// it); these plain checks say the same thing of the same fields in a few milliseconds.
// video-item-guard.test.ts keeps them equal to VideoItemSchema.

/** The fields of VideoItemSchema, each with its check. */
export const VIDEO_ITEM_FIELD_CHECKS = {
  id: (v: unknown) => typeof v === 'string',
  platform: (v: unknown) => typeof v === 'string',
  url: (v: unknown) => typeof v === 'string',
  duration: (v: unknown) => v === null || isNumber(v),
  title: (v: unknown) => typeof v === 'string',
  author: (v: unknown) => typeof v === 'string',
  play_count: (v: unknown) => v === null || isNumber(v),
  like_count: (v: unknown) => v === null || isNumber(v),
  thumbnail: (v: unknown) => typeof v === 'string',
  width: (v: unknown) => v === undefined || isNumber(v),
  height: (v: unknown) => v === undefined || isNumber(v),
  raw: () => true,
} as const satisfies Record<keyof VideoItem, (value: unknown) => boolean>;

const FIELDS = Object.entries(VIDEO_ITEM_FIELD_CHECKS);

// zod's z.number() refuses NaN and Infinity (JSON cannot carry them anyway).
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether a value is a VideoItem, as VideoItemSchema would judge it. */
export function isVideoItem(value: unknown): value is VideoItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const [field, check] of FIELDS) {
    if (!check(record[field])) return false;
  }
  return true;
}
