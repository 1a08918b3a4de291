import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { platformRateLimits, platformRateUsage, type PlatformRateLimitRow } from '../schema/platform-rate-limits.ts';

export async function listPlatformRateLimits(db: Db): Promise<PlatformRateLimitRow[]> {
  return db.select().from(platformRateLimits).orderBy(asc(platformRateLimits.platform));
}

/** Sets the platform's limit, or removes it (no limit) when null. */
export async function setPlatformRateLimit(db: Db, platform: string, requestsPerMinute: number | null): Promise<PlatformRateLimitRow | undefined> {
  if (requestsPerMinute === null) {
    await db.delete(platformRateLimits).where(eq(platformRateLimits.platform, platform));
    return undefined;
  }
  const [row] = await db
    .insert(platformRateLimits)
    .values({ platform, requestsPerMinute })
    .onConflictDoUpdate({ target: platformRateLimits.platform, set: { requestsPerMinute, updatedAt: new Date() } })
    .returning();
  return row;
}

export type RateTurn = { granted: true } | { granted: false; retryAfterMs: number };

/**
 * Takes one request of the platform's budget for the current minute, for every worker process
 * at once (one atomic upsert). A platform without a limit is always granted. Refused: how long
 * until the next minute starts, when the budget is new again.
 */
export async function takePlatformRequest(db: Db, platform: string): Promise<RateTurn> {
  const rows = await db.execute<{ granted: boolean; limited: boolean; wait_ms: number }>(sql`
    with lim as (
      select requests_per_minute as n from ${platformRateLimits} where platform = ${platform}
    ), take as (
      insert into ${platformRateUsage} (platform, window_start, used)
      select ${platform}, date_trunc('minute', now()), 1 from lim
      on conflict (platform, window_start) do update
        set used = ${platformRateUsage}.used + 1
        where ${platformRateUsage}.used < (select n from lim)
      returning used
    )
    select
      exists (select 1 from take) as granted,
      exists (select 1 from lim) as limited,
      ceil(extract(epoch from (date_trunc('minute', now()) + interval '1 minute' - now())) * 1000)::int as wait_ms`);
  const row = rows[0];
  if (!row || row.granted || !row.limited) return { granted: true };
  return { granted: false, retryAfterMs: Math.max(50, row.wait_ms) };
}

/** The maintenance sweep forgets minutes older than an hour. */
export async function pruneRateUsage(db: Db, olderThan = new Date(Date.now() - 3600_000)): Promise<number> {
  const rows = await db.delete(platformRateUsage).where(lt(platformRateUsage.windowStart, olderThan)).returning({ p: platformRateUsage.platform });
  return rows.length;
}

/** Requests taken in the current minute, per platform. */
export async function currentMinuteUsage(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ platform: platformRateUsage.platform, used: platformRateUsage.used })
    .from(platformRateUsage)
    .where(eq(platformRateUsage.windowStart, sql`date_trunc('minute', now())`));
  return new Map(rows.map((r) => [r.platform, r.used]));
}
