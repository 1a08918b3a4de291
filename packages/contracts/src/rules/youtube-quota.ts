// YouTube Data API quota as Google counts it since 2026-06-01 (the one cost table of the
// product; the fake Google keeps its own copy on purpose, so a wrong table here is caught).
//
// Two buckets per API project (we keep them per OAuth client, one client = one project):
// - the upload bucket: videos.insert calls a day (default 100), 1 unit each;
// - the units bucket: every other call (default 10,000 units a day) at the costs below.
// Both reset at midnight Pacific time (15:00 WIB in the northern winter, 14:00 in summer).
// Before 2025-12-04 an upload cost about 1,600 of the 10,000 units; pages saying so are old.

import { jakartaClock, WIB } from './jakarta-time.ts';

/** What a new OAuth client gets (Google's defaults for a project). */
export const YOUTUBE_QUOTA_DEFAULTS = { dailyUploads: 100, dailyUnits: 10_000 } as const;

/**
 * What the client-secret form accepts. Google grants extensions well past the defaults on
 * request; the upper bounds only keep typos (an extra zero or three) out.
 */
export const YOUTUBE_QUOTA_RANGES = {
  dailyUploads: { min: 1, max: 100_000 },
  dailyUnits: { min: 1, max: 100_000_000 },
} as const;

/** videos.insert's cost in its own bucket. */
export const UPLOAD_BUCKET_COST = 1;

/** Units of the shared bucket each call costs (YouTube Data API v3, 2026). */
export const YOUTUBE_UNIT_COSTS = {
  'channels.list': 1,
  'playlists.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'thumbnails.set': 50,
  'playlistItems.insert': 50,
  'playlists.insert': 50,
  'videos.update': 50,
} as const;
export type YouTubeUnitCall = keyof typeof YOUTUBE_UNIT_COSTS;

/** Units an upload's optional extras cost: its thumbnail and its playlist item. */
export const UPLOAD_EXTRAS_UNITS =
  YOUTUBE_UNIT_COSTS['thumbnails.set'] + YOUTUBE_UNIT_COSTS['playlistItems.insert'];

const pacificDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Google's quota day: the date (YYYY-MM-DD) in America/Los_Angeles. */
export function quotaDay(at: Date = new Date()): string {
  return pacificDate.format(at);
}

/** The first instant of the next quota day (Pacific midnight, daylight saving included). */
export function nextQuotaDayStart(at: Date = new Date()): Date {
  const today = quotaDay(at);
  // Step forward an hour at a time: the first whole hour whose Pacific date differs is the
  // day change (at most 25 steps; Pacific offsets move by whole hours).
  let probe = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  for (let i = 0; i < 26 && quotaDay(probe) === today; i++) {
    probe = new Date(probe.getTime() + 3_600_000);
  }
  return probe;
}

/** What is left of a bucket; never below zero (Google's word can push `used` past the limit). */
export function quotaRemaining(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

/** When the quota resets, as members read it: "direset pukul 15.00 WIB" (14.00 in summer). */
export function quotaResetText(resetsAt: Date): string {
  return `direset pukul ${jakartaClock(resetsAt)} ${WIB}`;
}
