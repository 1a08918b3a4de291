// Planning posts ahead within each destination's daily budget (issue 33 items 6 and 7): an
// automation's destination whose budget is spent around a slot rolls to the same slot a day
// later, as YouTube's upload quota already rolls its uploads.
import { PUBLISH_DAILY_LIMITS, type PublishPlatformId } from './publish-destinations.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Posts a destination takes in a rolling 24 h. YouTube: none here (its upload quota is planned
 * by planSlots). TikTok from an automation sends inbox drafts, whose pending limit applies.
 */
export function destinationDailyLimit(platform: PublishPlatformId): number | null {
  switch (platform) {
    case 'tiktok':
      return PUBLISH_DAILY_LIMITS.tiktokPendingInbox;
    case 'facebook':
      return PUBLISH_DAILY_LIMITS.facebookReelsPerDay;
    case 'instagram':
      return PUBLISH_DAILY_LIMITS.instagramPostsPerDay;
    case 'youtube':
      return null;
  }
}

export interface BudgetSlot {
  /** When the destination publishes. */
  at: Date;
  /** Moved to a later day because the budget around the wanted time was spent. */
  rolledOver: boolean;
}

/**
 * The first of `wanted`, `wanted + 1 day`, ... (at most `maxDays` later) where the destination
 * stays within `limit` posts in every rolling 24 h: fewer than `limit` of `used` fall within
 * 24 h either side of it (every 24-hour window holding that time lies inside those 48 hours).
 * `used` is the destination's publishing times, including those planned in this pass (the
 * caller adds the answer). Null: no day within `maxDays` has room.
 */
export function fitIntoBudget(wanted: Date, used: readonly Date[], limit: number | null, maxDays: number): BudgetSlot | null {
  if (limit === null) return { at: wanted, rolledOver: false };
  for (let day = 0; day <= maxDays; day++) {
    const at = new Date(wanted.getTime() + day * DAY_MS);
    const near = used.filter((u) => Math.abs(u.getTime() - at.getTime()) < DAY_MS).length;
    if (near < limit) return { at, rolledOver: day > 0 };
  }
  return null;
}
