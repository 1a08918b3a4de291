import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { createDatabase, type Database } from '../client.ts';
import { migrateDatabase, migrationsFolder } from '../migrate.ts';
import { downloads, type DownloadStatus } from '../schema/downloads.ts';
import { createTestDatabase, TEST_ADMIN_URL_ENV, type TestDatabase } from '../../test/index.ts';
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import { dashboardFigures, jakartaDayStartBefore, scrapeCostFigures } from './analytics.ts';
import { cancelBatchDownloads } from './download-batches.ts';
import { markDownloadFileDeleted } from './download-files.ts';
import { hideAllDownloadHistory, hideDownloadFromHistory } from './download-history.ts';
import { completeDownload, failDownload, insertOrJoinDownload, markDownloadRunning } from './downloads.ts';
import { deleteUser, insertUser } from './users.ts';

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 5 });
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const DAY = 24 * 3600_000;
/** 12:00 in Jakarta on 2026-11-22: fixed, so windows and days do not move under the test. */
const NOW = new Date('2026-11-22T05:00:00Z');
const STATUSES: DownloadStatus[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];
const PLATFORMS = ['tiktok', 'youtube', 'instagram'];
let itemCounter = 0;

async function newUser(prefix = 'user'): Promise<string> {
  const u = await insertUser(database.db, {
    username: `${prefix}-${randomBytes(4).toString('hex')}`,
    passwordHash: 'x',
    role: 'user',
  });
  if (!u) throw new Error('insertUser returned nothing');
  return u.id;
}

function downloadRow(
  ownerId: string,
  values: Partial<typeof downloads.$inferInsert> = {},
): typeof downloads.$inferInsert {
  itemCounter += 1;
  return {
    ownerId,
    platform: 'tiktok',
    sourceItemId: `item-${itemCounter}`,
    sourceUrl: 'https://example.test/v',
    title: `Video ${itemCounter}`,
    quality: 'best',
    status: 'completed',
    sizeBytes: 1000,
    createdAt: NOW,
    ...values,
  };
}

/** Roll-up keys as stored; keys whose downloads all went away may stay as zero rows. */
async function storedRollUps(sql: postgres.Sql) {
  const [perMember, total] = await Promise.all([
    sql`select owner_id::text, day::text, platform, status, downloads, stored_bytes::text from download_daily_stats
        where downloads <> 0 or stored_bytes <> 0 order by 1, 2, 3, 4`,
    sql`select day::text, platform, status, downloads, stored_bytes::text from download_daily_totals
        where downloads <> 0 or stored_bytes <> 0 order by 1, 2, 3`,
  ]);
  return { perMember: [...perMember], total: [...total] };
}

/** The same keys computed straight from downloads, independently of the migration's functions. */
async function aggregatedFromDownloads(sql: postgres.Sql) {
  const day = sql`to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;
  const bytes = sql`coalesce(sum(size_bytes) filter (where file_deleted_at is null), 0)::text`;
  const [perMember, total] = await Promise.all([
    sql`select owner_id::text, ${day} as day, platform, status, count(*)::int as downloads, ${bytes} as stored_bytes
        from downloads where status in ('completed', 'failed') group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    sql`select ${day} as day, platform, status, count(*)::int as downloads, ${bytes} as stored_bytes
        from downloads where status in ('completed', 'failed') group by 1, 2, 3 order by 1, 2, 3`,
  ]);
  return { perMember: [...perMember], total: [...total] };
}

/**
 * The dashboard as it was computed before the roll-ups (straight over downloads): the
 * figures must not change.
 */
async function dashboardFromDownloads(sql: postgres.Sql, ownerId: string | null, now: Date) {
  const since7 = jakartaDayStartBefore(now, 6).toISOString();
  const since30 = jakartaDayStartBefore(now, 29).toISOString();
  const scope = ownerId ? sql`owner_id = ${ownerId}` : sql`true`;
  const [totals] = await sql<
    Array<{ total: number; last7: number; last30: number; failed: number; bytes: string }>
  >`
    select
      count(*) filter (where status = 'completed')::int as total,
      count(*) filter (where status = 'completed' and created_at >= ${since7}::timestamptz)::int as last7,
      count(*) filter (where status = 'completed' and created_at >= ${since30}::timestamptz)::int as last30,
      count(*) filter (where status = 'failed')::int as failed,
      coalesce(sum(size_bytes) filter (where status = 'completed' and file_deleted_at is null), 0)::text as bytes
    from downloads where ${scope}`;
  const byPlatform = await sql<Array<{ platform: string; count: number }>>`
    select platform, count(*)::int as count from downloads
    where ${scope} and status = 'completed' group by platform order by count desc, platform`;
  const dailyRows = await sql<Array<{ date: string; downloads: number }>>`
    select to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD') as date, count(*)::int as downloads
    from downloads where ${scope} and status = 'completed' and created_at >= ${since7}::timestamptz group by 1`;
  const recent = await sql<Array<{ created_at: Date }>>`
    select created_at from downloads where ${scope} and status = 'completed' order by created_at desc limit 10`;
  const byDate = new Map(dailyRows.map((r) => [r.date, r.downloads]));
  return {
    totalDownloads: totals?.total ?? 0,
    downloadsLast7Days: totals?.last7 ?? 0,
    downloadsLast30Days: totals?.last30 ?? 0,
    failedDownloads: totals?.failed ?? 0,
    storageBytes: Number(totals?.bytes ?? 0),
    byPlatform: byPlatform.map((r) => ({ platform: r.platform, count: r.count })),
    daily: Array.from({ length: 7 }, (_, i) => {
      const date = jakartaDate(new Date(Date.parse(since7) + i * DAY + 3600_000));
      return { date, downloads: byDate.get(date) ?? 0 };
    }),
    recentCreatedAt: recent.map((r) => new Date(r.created_at).toISOString()),
  };
}

async function expectDashboardUnchanged(ownerId: string | null, label: string) {
  const f = await dashboardFigures(database.db, ownerId, NOW);
  expect(
    {
      totalDownloads: f.totalDownloads,
      downloadsLast7Days: f.downloadsLast7Days,
      downloadsLast30Days: f.downloadsLast30Days,
      failedDownloads: f.failedDownloads,
      storageBytes: f.storageBytes,
      byPlatform: f.byPlatform,
      daily: f.daily,
      // Ties on created_at may order differently; the instants may not.
      recentCreatedAt: f.recent.map((r) => r.createdAt.toISOString()),
    },
    label,
  ).toEqual(await dashboardFromDownloads(database.sql, ownerId, NOW));
}

/** mulberry32: small, seedable, good enough to pick operations. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('download roll-ups', () => {
  // Every kind of change the app makes to downloads (and a few it does not make yet), in a
  // random order: after each step the roll-ups must equal an aggregate over downloads.
  it.each([1, 2, 3])(
    'stay equal to an aggregate over downloads through random changes (seed %i)',
    async (seed) => {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => {
        const item = items[Math.floor(random() * items.length)];
        if (item === undefined) throw new Error('pick from an empty list');
        return item;
      };
      // Instants around Jakarta midnights (17:00 UTC) and mid-day, over the last 35 days.
      const instant = () => {
        const jakartaMidnight =
          Date.parse('2026-11-21T17:00:00Z') - Math.floor(random() * 35) * DAY;
        return new Date(jakartaMidnight + pick([-1000, 0, 1000, 6 * 3600_000]));
      };
      const size = () => (random() < 0.15 ? null : 1 + Math.floor(random() * 5_000_000));
      const owners = [await newUser(), await newUser(), await newUser()];
      // Titles are unique and made in order, so a seed replays the same sequence.
      const someDownloads = async (count: number) => {
        const rows = await database.sql<
          Array<{ id: string }>
        >`select id from downloads order by title`;
        return rows.length === 0 ? [] : Array.from({ length: count }, () => pick(rows).id);
      };
      const onSomeDownload = async (change: (id: string) => Promise<unknown>) => {
        const [id] = await someDownloads(1);
        if (id) await change(id);
      };

      const operations: Record<string, () => Promise<unknown>> = {
        insertRows: () =>
          database.db.insert(downloads).values(
            Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
              downloadRow(pick(owners), {
                platform: pick(PLATFORMS),
                status: pick(STATUSES),
                sizeBytes: size(),
                createdAt: instant(),
                fileDeletedAt: random() < 0.2 ? NOW : null,
              }),
            ),
          ),
        requestDownload: () => {
          itemCounter += 1;
          return insertOrJoinDownload(database.db, {
            ownerId: pick(owners),
            platform: pick(PLATFORMS),
            sourceItemId: `item-${itemCounter}`,
            sourceUrl: 'https://example.test/v',
            directUrl: null,
            resultFileName: null,
            title: `Video ${itemCounter}`,
            author: '',
            quality: 'best',
            batchId: null,
            item: null,
          });
        },
        markRunning: () => onSomeDownload((id) => markDownloadRunning(database.db, id)),
        complete: () =>
          onSomeDownload((id) =>
            completeDownload(database.db, id, {
              storageKey: 'k',
              sizeBytes: size() ?? 0,
              mime: 'video/mp4',
            }),
          ),
        fail: () =>
          onSomeDownload((id) =>
            failDownload(database.db, id, 'gagal', pick(['failed', 'cancelled'] as const)),
          ),
        cancelBatch: async () => {
          const batchId = crypto.randomUUID();
          await database.sql`update downloads set batch_id = ${batchId} where id = any(${await someDownloads(3)}::uuid[])`;
          return cancelBatchDownloads(database.db, batchId);
        },
        setAnyStatus: () =>
          onSomeDownload(
            (id) => database.sql`update downloads set status = ${pick(STATUSES)} where id = ${id}`,
          ),
        setSize: () =>
          onSomeDownload(
            (id) => database.sql`update downloads set size_bytes = ${size()} where id = ${id}`,
          ),
        hide: () => onSomeDownload((id) => hideDownloadFromHistory(database.db, id)),
        hideAll: () => hideAllDownloadHistory(database.db),
        deleteFile: () => onSomeDownload((id) => markDownloadFileDeleted(database.db, id)),
        restoreFile: () =>
          onSomeDownload(
            (id) => database.sql`update downloads set file_deleted_at = null where id = ${id}`,
          ),
        move: () =>
          onSomeDownload(
            (id) =>
              database.sql`update downloads set created_at = ${instant().toISOString()}::timestamptz, platform = ${pick(PLATFORMS)}, owner_id = ${pick(owners)} where id = ${id}`,
          ),
        deleteRows: async () =>
          database.sql`delete from downloads where id = any(${await someDownloads(1 + Math.floor(random() * 3))}::uuid[])`,
        deleteUser: async () => {
          const gone = pick(owners);
          await deleteUser(database.db, gone);
          owners[owners.indexOf(gone)] = await newUser();
        },
        // Concurrent transactions adding to one roll-up key at the same moment lose nothing.
        concurrentInserts: async () => {
          const owner = pick(owners);
          const createdAt = instant();
          await Promise.all(
            Array.from({ length: 4 }, () =>
              database.transaction(async (tx) => {
                await tx.db
                  .insert(downloads)
                  .values(downloadRow(owner, { createdAt, sizeBytes: 10 }));
                await new Promise((r) => setTimeout(r, 5));
              }),
            ),
          );
        },
      };
      const weighted = Object.keys(operations).flatMap((name) =>
        name.startsWith('insert') || name === 'requestDownload' ? [name, name, name] : [name],
      );

      for (let step = 0; step < 150; step++) {
        const name = pick(weighted);
        await operations[name]?.();
        if (step % 5 === 4)
          expect(await storedRollUps(database.sql), `seed ${seed}, step ${step} (${name})`).toEqual(
            await aggregatedFromDownloads(database.sql),
          );
      }
      expect(await storedRollUps(database.sql)).toEqual(
        await aggregatedFromDownloads(database.sql),
      );
      const [{ n } = { n: 0 }] = await database.sql<
        Array<{ n: number }>
      >`select count(*)::int as n from downloads where status = 'completed'`;
      expect(n, 'the sequence left completed downloads to count').toBeGreaterThan(0);

      await expectDashboardUnchanged(null, 'admin');
      for (const owner of owners) await expectDashboardUnchanged(owner, `member ${owner}`);
    },
  );

  it('puts 16:59:59Z and 17:00:00Z on different Jakarta days', async () => {
    const owner = await newUser('boundary');
    await database.db.insert(downloads).values([
      downloadRow(owner, { platform: 'facebook', createdAt: new Date('2026-11-19T16:59:59Z') }), // 23:59:59 on the 19th in Jakarta
      downloadRow(owner, { platform: 'facebook', createdAt: new Date('2026-11-19T17:00:00Z') }), // 00:00:00 on the 20th
      downloadRow(owner, { platform: 'facebook', createdAt: new Date('2026-11-19T17:00:01Z') }),
    ]);
    const days =
      await database.sql`select day::text, downloads from download_daily_stats where owner_id = ${owner} order by day`;
    expect([...days]).toEqual([
      { day: '2026-11-19', downloads: 1 },
      { day: '2026-11-20', downloads: 2 },
    ]);
    const f = await dashboardFigures(database.db, owner, NOW);
    expect(f.daily.filter((d) => d.downloads > 0)).toEqual([
      { date: '2026-11-19', downloads: 1 },
      { date: '2026-11-20', downloads: 2 },
    ]);
  });

  it('starts the 7- and 30-day windows at a Jakarta midnight', async () => {
    const owner = await newUser('window');
    const start7 = jakartaDayStartBefore(NOW, 6); // 2026-11-15T17:00:00Z, Jakarta midnight of the 16th
    const start30 = jakartaDayStartBefore(NOW, 29);
    expect(start7.toISOString()).toBe('2026-11-15T17:00:00.000Z');
    await database.db
      .insert(downloads)
      .values([
        downloadRow(owner, { createdAt: start7 }),
        downloadRow(owner, { createdAt: new Date(start7.getTime() - 1000) }),
        downloadRow(owner, { createdAt: start30 }),
        downloadRow(owner, { createdAt: new Date(start30.getTime() - 1000) }),
      ]);
    const f = await dashboardFigures(database.db, owner, NOW);
    expect(f).toMatchObject({ totalDownloads: 4, downloadsLast7Days: 1, downloadsLast30Days: 3 });
    expect(f.daily[0]).toEqual({ date: '2026-11-16', downloads: 1 });
    await expectDashboardUnchanged(owner, 'window member');
  });

  it('gives a member their own figures and an admin everyone’s', async () => {
    const ani = await newUser('ani');
    const budi = await newUser('budi');
    const yesterday = new Date(NOW.getTime() - DAY);
    await database.db.insert(downloads).values([
      downloadRow(ani, { platform: 'tiktok', sizeBytes: 100 }),
      downloadRow(ani, { platform: 'tiktok', sizeBytes: 200, fileDeletedAt: NOW }),
      downloadRow(ani, { platform: 'youtube', status: 'failed', sizeBytes: null }),
      downloadRow(budi, { platform: 'youtube', sizeBytes: 1000, createdAt: yesterday }),
      downloadRow(budi, { platform: 'youtube', sizeBytes: 2000, hiddenFromHistoryAt: NOW }), // hidden from history: still a download
      downloadRow(budi, { platform: 'instagram', status: 'cancelled', sizeBytes: 5000 }),
      downloadRow(budi, { platform: 'instagram', status: 'queued', sizeBytes: null }),
    ]);
    const a = await dashboardFigures(database.db, ani, NOW);
    expect(a).toMatchObject({
      totalDownloads: 2,
      failedDownloads: 1,
      storageBytes: 100,
      byPlatform: [{ platform: 'tiktok', count: 2 }],
    });
    const b = await dashboardFigures(database.db, budi, NOW);
    expect(b).toMatchObject({
      totalDownloads: 2,
      failedDownloads: 0,
      storageBytes: 3000,
      byPlatform: [{ platform: 'youtube', count: 2 }],
    });
    expect(b.daily.find((d) => d.date === jakartaDate(yesterday))?.downloads).toBe(1);

    // The admin's figures include these two members (and whatever earlier tests left).
    const everyone = await dashboardFigures(database.db, null, NOW);
    const before = await dashboardFromDownloads(database.sql, null, NOW);
    expect(everyone.totalDownloads).toBe(before.totalDownloads);
    expect(everyone.storageBytes).toBe(before.storageBytes);
    await deleteUser(database.db, budi);
    const after = await dashboardFigures(database.db, null, NOW);
    expect(everyone.totalDownloads - after.totalDownloads).toBe(2);
    expect(everyone.storageBytes - after.storageBytes).toBe(3000);
    await expectDashboardUnchanged(null, 'admin after deleting a member');
    await expectDashboardUnchanged(ani, 'member');
  });
});

describe('dashboard statements', () => {
  it('are all prepared, the admin’s parameterless ones included: planned once per connection, not on every visit', async () => {
    const member = await newUser('prepared-member');
    // One connection, so pg_prepared_statements (per session) shows what the dashboard left there.
    const single = createDatabase(testDb.url, { max: 1 });
    try {
      for (const owner of [member, null]) {
        await dashboardFigures(single.db, owner, NOW);
        await scrapeCostFigures(single.db, owner, 6, NOW);
      }
      const prepared = await single.sql<Array<{ statement: string }>>`select statement from pg_prepared_statements`;
      const has = (pattern: RegExp) => prepared.filter((p) => pattern.test(p.statement)).length;
      // Member and admin: totals (with the user count), per platform, per day, the newest ten;
      // costs: the member's months, and the admin's two (everyone's months, each month's highest).
      expect(has(/count\(\*\)::int from users/), prepared.map((p) => p.statement).join('\n---\n')).toBe(2);
      expect(has(/group by platform having/)).toBe(2);
      expect(has(/to_char\(day, 'YYYY-MM-DD'\)/)).toBe(2);
      expect(has(/order by d\.created_at desc nulls last limit 10/)).toBe(2);
      expect(has(/from scrape_monthly_costs/)).toBe(3);
    } finally {
      await single.close();
    }
  });
});

describe('analytics roll-up migration', () => {
  it('backfills the downloads that existed before it ran', async () => {
    const adminUrl = process.env[TEST_ADMIN_URL_ENV];
    if (!adminUrl) throw new Error(`${TEST_ADMIN_URL_ENV} is not set`);
    const name = `test_backfill_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // The migrations up to (not including) the one that creates the roll-ups.
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: Array<{ tag: string }> };
    const firstRollUp = journal.entries.findIndex((e) =>
      readFileSync(join(migrationsFolder, `${e.tag}.sql`), 'utf8').includes('download_daily_stats'),
    );
    expect(firstRollUp).toBeGreaterThan(0);
    const olderFolder = mkdtempSync(join(tmpdir(), 'scrapper-migrations-'));
    cpSync(migrationsFolder, olderFolder, { recursive: true });
    writeFileSync(
      join(olderFolder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, firstRollUp) }),
    );
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await migrate(drizzle(sql), { migrationsFolder: olderFolder });
      const [u1, u2] = await sql<
        Array<{ id: string }>
      >`insert into users (username, password_hash, role) values ('lama1', 'x', 'user'), ('lama2', 'x', 'user') returning id`;
      if (!u1 || !u2) throw new Error('no users');
      await sql`
        insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status, size_bytes, file_deleted_at, created_at)
        select case when g % 3 = 0 then ${u1.id}::uuid else ${u2.id}::uuid end,
               (array['tiktok', 'youtube'])[1 + g % 2], 'old-' || g, 'https://example.test', 'Lama', 'best',
               (array['completed', 'completed', 'failed', 'queued', 'cancelled'])[1 + g % 5],
               case when g % 7 = 0 then null else g * 10 end,
               case when g % 4 = 0 then now() end,
               '2026-11-10T17:00:00Z'::timestamptz + (g * interval '37 minutes') - interval '1 second'
        from generate_series(1, 300) g`;

      await migrateDatabase(url.toString());

      const stored = await storedRollUps(sql);
      expect(stored.perMember.length).toBeGreaterThan(10);
      expect(stored).toEqual(await aggregatedFromDownloads(sql));
      // And the triggers carry on from the backfilled figures.
      await sql`update downloads set status = 'completed', size_bytes = 5 where status = 'queued'`;
      await sql`delete from users where id = ${u1.id}`;
      expect(await storedRollUps(sql)).toEqual(await aggregatedFromDownloads(sql));
    } finally {
      await sql.end({ timeout: 5 });
      rmSync(olderFolder, { recursive: true, force: true });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    }
  });
});
