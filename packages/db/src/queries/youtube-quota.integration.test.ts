// The two YouTube quota buckets per OAuth client, on real PostgreSQL, with several pools
// reserving at once as several worker processes would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaDay } from '@scrapper/contracts/rules/youtube-quota';
import { createDatabase, type Database } from '../client.ts';
import { oauthClientSecrets } from '../schema/youtube.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { chargeQuotaUnits, findQuotaUsage, listClientSecretsWithUsage } from './youtube.ts';
import { exhaustQuotaToday, reserveUnits, reserveUpload } from './youtube-jobs.ts';

let testDb: TestDatabase;
let database: Database;
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

async function newClient(name: string): Promise<string> {
  const [row] = await database.db
    .insert(oauthClientSecrets)
    .values({ name, clientId: `${name}.apps.googleusercontent.com`, sealedClientSecret: 'v1.x', secretLastFour: 'abcd', redirectUri: 'http://127.0.0.1/cb' })
    .returning();
  if (!row) throw new Error('no client');
  return row.id;
}

const poolOf = (i: number) => (pools[i % pools.length] as Database).db;

describe('YouTube quota buckets', () => {
  it('new clients get Google’s 2026 defaults: 100 uploads and 10,000 units a day', async () => {
    const id = await newClient('defaults');
    const [row] = (await listClientSecretsWithUsage(database.db)).filter((c) => c.id === id);
    expect(row).toMatchObject({ quotaDailyUploads: 100, quotaDailyUnits: 10_000, usageToday: { uploads: 0, unitsUsed: 0 } });
  });

  it('an upload takes 1 from the upload bucket and nothing from the units: exactly the limit goes through under contention', async () => {
    const id = await newClient('uploads');
    const turns = await Promise.all(Array.from({ length: 130 }, (_, i) => reserveUpload(poolOf(i), id, 100)));
    expect(turns.filter(Boolean)).toHaveLength(100);
    expect(await findQuotaUsage(database.db, id)).toEqual({ uploads: 100, unitsUsed: 0 });
    // The units bucket is untouched: extras still fit.
    expect(await reserveUnits(database.db, id, 50, 10_000)).toBe(true);
  });

  it('units are reserved only while they fit; a call that does not fit takes nothing', async () => {
    const id = await newClient('units');
    const turns = await Promise.all(Array.from({ length: 12 }, (_, i) => reserveUnits(poolOf(i), id, 50, 500)));
    expect(turns.filter(Boolean)).toHaveLength(10);
    expect(await reserveUnits(database.db, id, 1, 500)).toBe(false);
    expect(await findQuotaUsage(database.db, id)).toEqual({ uploads: 0, unitsUsed: 500 });
    // A call bigger than the whole bucket never fits, even on a fresh day.
    const other = await newClient('tiny');
    expect(await reserveUnits(database.db, other, 50, 10)).toBe(false);
    expect(await findQuotaUsage(database.db, other)).toEqual({ uploads: 0, unitsUsed: 0 });
  });

  it('counts per quota day (Pacific) and per client', async () => {
    const id = await newClient('days');
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    expect(await reserveUpload(database.db, id, 1, yesterday)).toBe(true);
    expect(await reserveUpload(database.db, id, 1, yesterday)).toBe(false);
    expect(await reserveUpload(database.db, id, 1)).toBe(true);
    expect(quotaDay(yesterday)).not.toBe(quotaDay());
    expect(await findQuotaUsage(database.db, id, yesterday)).toEqual({ uploads: 1, unitsUsed: 0 });
  });

  it('Google’s quotaExceeded fills only the bucket it named, never lowering a count', async () => {
    const id = await newClient('exhaust');
    await reserveUpload(database.db, id, 100);
    await exhaustQuotaToday(database.db, id, 'units', 10_000);
    expect(await findQuotaUsage(database.db, id)).toEqual({ uploads: 1, unitsUsed: 10_000 });
    expect(await reserveUpload(database.db, id, 100)).toBe(true);
    await exhaustQuotaToday(database.db, id, 'uploads', 100);
    expect(await reserveUpload(database.db, id, 100)).toBe(false);
    await chargeQuotaUnits(database.db, id, 3);
    await exhaustQuotaToday(database.db, id, 'units', 10_000);
    expect(await findQuotaUsage(database.db, id)).toEqual({ uploads: 100, unitsUsed: 10_003 });
  });
});
