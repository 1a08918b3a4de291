import type { PlatformRateLimit } from '@scrapper/contracts/http/rate-limits';
import type { Database } from '@scrapper/db/client';
import { listActorConfigs } from '@scrapper/db/queries/actor-configs';
import { currentMinuteUsage, listPlatformRateLimits, setPlatformRateLimit } from '@scrapper/db/queries/platform-rate-limits';
import { notFound } from '../../lib/errors.ts';

/** One entry per configured platform (and any platform that still has a limit stored). */
export async function listRateLimits(database: Database): Promise<PlatformRateLimit[]> {
  const [configs, limits, usage] = await Promise.all([
    listActorConfigs(database.db),
    listPlatformRateLimits(database.db),
    currentMinuteUsage(database.db),
  ]);
  const byPlatform = new Map(limits.map((l) => [l.platform, l]));
  const platforms = [...new Set([...configs.map((c) => c.platformId), ...byPlatform.keys()])].sort();
  return platforms.map((platform) => {
    const limit = byPlatform.get(platform);
    return {
      platform,
      requestsPerMinute: limit?.requestsPerMinute ?? null,
      usedThisMinute: usage.get(platform) ?? 0,
      updatedAt: limit ? limit.updatedAt.toISOString() : null,
    };
  });
}

export async function setRateLimit(database: Database, platform: string, requestsPerMinute: number | null): Promise<PlatformRateLimit> {
  const configs = await listActorConfigs(database.db);
  if (!configs.some((c) => c.platformId === platform)) {
    const existing = await listPlatformRateLimits(database.db);
    // A limit left from a removed platform may still be cleared.
    if (!(requestsPerMinute === null && existing.some((l) => l.platform === platform))) {
      throw notFound(`Platform "${platform}" tidak ada di konfigurasi actor.`);
    }
  }
  const row = await setPlatformRateLimit(database.db, platform, requestsPerMinute);
  const usage = await currentMinuteUsage(database.db);
  return {
    platform,
    requestsPerMinute: row?.requestsPerMinute ?? null,
    usedThisMinute: usage.get(platform) ?? 0,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}
