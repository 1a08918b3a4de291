// The YouTube Data API quota as Google enforces it since 2026-06-01, per OAuth client (one
// client stands for one API project here): videos.insert has a bucket of its own (100 calls a
// day, 1 each), every other call shares 10,000 units a day. Both reset at midnight Pacific
// time. This table is the fake's own on purpose: it describes Google, not the product, so a
// product that counts wrongly is caught instead of agreeing with itself.
import type { FakeGoogleEndpoint, FakeGoogleState, FakeQuotaUsage } from './state.ts';

export const FAKE_QUOTA_DEFAULTS = { dailyUploads: 100, dailyUnits: 10_000 } as const;

/** The bucket each YouTube call draws from, and what it costs there. */
const COSTS: Partial<Record<FakeGoogleEndpoint, { bucket: 'uploads' | 'units'; cost: number }>> = {
  'videos.insert': { bucket: 'uploads', cost: 1 },
  'channels.list': { bucket: 'units', cost: 1 },
  'playlists.list': { bucket: 'units', cost: 1 },
  'thumbnails.set': { bucket: 'units', cost: 50 },
  'playlistItems.insert': { bucket: 'units', cost: 50 },
  'videos.update': { bucket: 'units', cost: 50 },
};

const pacificDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Google's quota day: the date in Los Angeles. */
export function pacificDay(at: Date = new Date()): string {
  return pacificDate.format(at);
}

function key(clientId: string, at: Date): string {
  return `${clientId}|${pacificDay(at)}`;
}

/** What the client used today (a copy). */
export function usageOf(state: FakeGoogleState, clientId: string, at = new Date()): FakeQuotaUsage {
  const usage = state.quota.usage.get(key(clientId, at));
  return { uploads: usage?.uploads ?? 0, units: usage?.units ?? 0 };
}

export function setUsage(
  state: FakeGoogleState,
  clientId: string,
  usage: Partial<FakeQuotaUsage>,
  at = new Date(),
): void {
  state.quota.usage.set(key(clientId, at), { ...usageOf(state, clientId, at), ...usage });
}

/**
 * Charges the call to its bucket. False (nothing charged) when the bucket cannot pay: the
 * caller answers 403 quotaExceeded. Calls outside the table are free.
 */
export function chargeQuota(
  state: FakeGoogleState,
  clientId: string,
  endpoint: FakeGoogleEndpoint,
): boolean {
  const price = COSTS[endpoint];
  if (!price) return true;
  const usage = usageOf(state, clientId);
  const limit =
    price.bucket === 'uploads' ? state.quota.limits.dailyUploads : state.quota.limits.dailyUnits;
  if (usage[price.bucket] + price.cost > limit) return false;
  usage[price.bucket] += price.cost;
  setUsage(state, clientId, usage);
  return true;
}

/** Whether the client's API project is unaudited: its uploads are locked to private. */
export function isUnaudited(state: FakeGoogleState, clientId: string): boolean {
  return (
    state.unaudited === true || (state.unaudited instanceof Set && state.unaudited.has(clientId))
  );
}
