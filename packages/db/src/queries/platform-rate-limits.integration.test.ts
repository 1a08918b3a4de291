import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { currentMinuteUsage, pruneRateUsage, setPlatformRateLimit, takePlatformRequest } from './platform-rate-limits.ts';

let testDb: TestDatabase;
let database: Database;
// Several pools, as several worker processes would have.
let pools: Database[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
  pools = [0, 1, 2].map(() => createDatabase(testDb.url, { max: 4 }));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await database.close();
  await testDb.drop();
});

/** Waits until at least `ms` remain in the current minute, so a test does not straddle two windows. */
async function awayFromMinuteEdge(ms = 10_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 200));
}

describe('platform rate limits', () => {
  it('grants every request of a platform without a limit', async () => {
    const turns = await Promise.all(Array.from({ length: 30 }, () => takePlatformRequest(database.db, 'tiktok')));
    expect(turns.every((t) => t.granted)).toBe(true);
    expect((await currentMinuteUsage(database.db)).get('tiktok')).toBeUndefined();
  });

  it('grants exactly the limit per minute across many concurrent workers, and says when to come back', async () => {
    await awayFromMinuteEdge();
    await setPlatformRateLimit(database.db, 'douyin', 5);
    const turns = await Promise.all(Array.from({ length: 40 }, (_, i) => takePlatformRequest((pools[i % 3] as Database).db, 'douyin')));
    expect(turns.filter((t) => t.granted)).toHaveLength(5);
    const refused = turns.filter((t) => !t.granted);
    expect(refused).toHaveLength(35);
    const left = 60_000 - (Date.now() % 60_000);
    for (const t of refused) if (!t.granted) expect(Math.abs(t.retryAfterMs - left)).toBeLessThan(2_000);
    expect((await currentMinuteUsage(database.db)).get('douyin')).toBe(5);
    // Other platforms are not touched by douyin's budget.
    expect((await takePlatformRequest(database.db, 'instagram')).granted).toBe(true);
  });

  it('lifts the limit when it is removed, and raises it at once when raised', async () => {
    await awayFromMinuteEdge();
    await setPlatformRateLimit(database.db, 'facebook', 1);
    expect((await takePlatformRequest(database.db, 'facebook')).granted).toBe(true);
    expect((await takePlatformRequest(database.db, 'facebook')).granted).toBe(false);
    await setPlatformRateLimit(database.db, 'facebook', 3);
    expect((await takePlatformRequest(database.db, 'facebook')).granted).toBe(true);
    await setPlatformRateLimit(database.db, 'facebook', null);
    const turns = await Promise.all(Array.from({ length: 10 }, () => takePlatformRequest(database.db, 'facebook')));
    expect(turns.every((t) => t.granted)).toBe(true);
  });

  it('prunes old minutes only', async () => {
    await database.sql`insert into platform_rate_usage (platform, window_start, used) values ('tiktok', now() - interval '2 hours', 9)`;
    await setPlatformRateLimit(database.db, 'youtube', 10);
    await takePlatformRequest(database.db, 'youtube');
    expect(await pruneRateUsage(database.db)).toBe(1);
    expect((await currentMinuteUsage(database.db)).get('youtube')).toBe(1);
  });
});
