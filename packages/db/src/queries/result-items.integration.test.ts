// The ranks "hide duplicates" reads (result_items.title_rank, written once with the index) and
// the items page that uses them: the ranks are right across the pages the rows go in by, for
// skipped rows and empty titles, idempotent, and what migration 0031 backfills; the page's
// hidden/visible rows and counts are the downloader's rule (applyHideFilters), checked against
// a plain reference over a file with many repeated titles, for every combination of filters.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { migrationsFolder } from '../migrate.ts';
import { downloads } from '../schema/downloads.ts';
import { users } from '../schema/users.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { insertScrapeTask } from './scrape-tasks.ts';
import { insertResultItems, listResultItemsPage, setResultMapping, type ResultItemInsert } from './result-items.ts';

let testDb: TestDatabase;
let database: Database;
let ownerId = '';

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 3 });
  const [owner] = await database.db.insert(users).values({ username: 'peringkat', passwordHash: 'x', role: 'user' }).returning();
  ownerId = owner?.id ?? '';
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

async function newTask(): Promise<string> {
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: 'clockworks/tiktok-scraper',
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: 'peringkat',
    input: { searchQueries: 'x' },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  return task.id;
}

function row(position: number, over: Partial<ResultItemInsert> = {}): ResultItemInsert {
  const title = over.title ?? `Video ${position}`;
  return {
    position,
    rawStart: position * 100,
    rawLength: 90,
    itemId: `item-${position}`,
    skipReason: null,
    title,
    titleKey: title.trim().toLowerCase(),
    author: `kreator${position % 3}`,
    url: `https://example.test/${position}`,
    thumbnail: '',
    duration: 10 + position,
    playCount: position,
    likeCount: position,
    width: null,
    height: null,
    ...over,
  };
}
const skipped = (position: number): ResultItemInsert => ({ ...row(position), itemId: null, skipReason: 'duplicate', title: '', titleKey: '' });

async function ranks(taskId: string): Promise<Array<number | null>> {
  const rows = await database.sql<Array<{ title_rank: number | null }>>`select title_rank from result_items where task_id = ${taskId} order by position`;
  return rows.map((r) => r.title_rank);
}

describe('result_items.title_rank', () => {
  it('ranks the items of a repeated title in file order, across the pages the rows were written in; a title of one item, empty titles and skipped items have none', async () => {
    const taskId = await newTask();
    // Pages of three: "a" repeats across pages, "b" within one, "" (no title) never counts.
    await insertResultItems(database.sql, taskId, [row(0, { title: 'A' }), row(1, { title: 'b' }), row(2, { title: 'B ' })]);
    await insertResultItems(database.sql, taskId, [row(3, { title: '' }), skipped(4), row(5, { title: 'a' })]);
    await insertResultItems(database.sql, taskId, [row(6, { title: '' }), row(7, { title: 'c' }), row(8, { title: 'A' })]);
    expect(await ranks(taskId)).toEqual([null, null, null, null, null, null, null, null, null]);
    await setResultMapping(database.sql, taskId, 'hash');
    expect(await ranks(taskId)).toEqual([1, 1, 2, null, null, 2, null, null, 3]);
    // Again (a rebuilt index, the same mapping set twice): the same ranks, no row written.
    await setResultMapping(database.sql, taskId, 'hash');
    expect(await ranks(taskId)).toEqual([1, 1, 2, null, null, 2, null, null, 3]);
  });

  it('is what migration 0031 backfills for rows written before it', async () => {
    const taskId = await newTask();
    const other = await newTask();
    await insertResultItems(database.sql, taskId, [row(0, { title: 'x' }), row(1, { title: 'y' }), row(2, { title: 'x' }), row(3, { title: 'x' }), skipped(4)]);
    // The same title in another file is not a duplicate of this one's.
    await insertResultItems(database.sql, other, [row(0, { title: 'y' }), row(1, { title: 'x' })]);
    await setResultMapping(database.sql, taskId, 'hash');
    await setResultMapping(database.sql, other, 'hash');
    const written = [await ranks(taskId), await ranks(other)];
    await database.sql`update result_items set title_rank = null where task_id in (${taskId}, ${other})`;
    const backfill = readFileSync(join(migrationsFolder, '0031_result_title_rank.sql'), 'utf8').split('--> statement-breakpoint')[1] ?? '';
    expect(backfill).toContain('UPDATE "result_items"');
    await database.sql.unsafe(backfill);
    expect([await ranks(taskId), await ranks(other)]).toEqual(written);
    expect(written).toEqual([
      [1, null, 2, 3, null],
      [null, null],
    ]);
  });
});

describe('the items page over the stored ranks', () => {
  const N = 400;
  let taskId = '';
  // A file where titles repeat a lot (one of 23, some empty), durations from 1 to 60 s (some
  // unknown), and every 7th item downloaded.
  const rows = Array.from({ length: N }, (_, i) =>
    row(i, {
      title: i % 11 === 0 ? '' : `Judul ${(i * 7) % 23}${i % 2 ? ' ' : ''}`,
      duration: i % 13 === 0 ? null : 1 + ((i * 37) % 60),
      playCount: i % 17 === 0 ? null : (i * 31) % 101,
    }),
  );
  const downloaded = new Set(rows.filter((_, i) => i % 7 === 0).map((r) => r.itemId));

  beforeAll(async () => {
    taskId = await newTask();
    for (let from = 0; from < N; from += 64) await insertResultItems(database.sql, taskId, rows.slice(from, from + 64));
    await setResultMapping(database.sql, taskId, 'hash');
    await database.db.insert(downloads).values(
      [...downloaded].map((id) => ({ ownerId, platform: 'tiktok', sourceItemId: id ?? '', sourceUrl: 'https://example.test/', title: 'v', quality: 'best' as const, status: 'completed' as const })),
    );
  });

  /** The downloader's rule, plainly: duration first, then duplicates among what is left, then downloaded, then the search. */
  function reference(q: { minSeconds?: number; maxSeconds?: number; hideDuplicates: boolean; hideDownloaded: boolean; search?: string }) {
    const byDuration = (r: ResultItemInsert) =>
      r.duration !== null && ((q.minSeconds !== undefined && r.duration < q.minSeconds) || (q.maxSeconds !== undefined && r.duration > q.maxSeconds));
    const seen = new Set<string>();
    const counts = { all: 0, hiddenByDuration: 0, hiddenAsDuplicate: 0, hiddenAsDownloaded: 0 };
    const visible: ResultItemInsert[] = [];
    for (const r of rows) {
      counts.all += 1;
      if (byDuration(r)) {
        counts.hiddenByDuration += 1;
        continue;
      }
      if (q.hideDuplicates && r.titleKey !== '') {
        if (seen.has(r.titleKey)) {
          counts.hiddenAsDuplicate += 1;
          continue;
        }
        seen.add(r.titleKey);
      }
      if (q.hideDownloaded && downloaded.has(r.itemId)) {
        counts.hiddenAsDownloaded += 1;
        continue;
      }
      const s = q.search?.toLowerCase();
      if (s && !r.title.toLowerCase().includes(s) && !r.author.toLowerCase().includes(s)) continue;
      visible.push(r);
    }
    // Sort by plays, most first, unknown last, the file order breaking ties.
    visible.sort((a, b) => (a.playCount === b.playCount ? a.position - b.position : a.playCount === null ? 1 : b.playCount === null ? -1 : b.playCount - a.playCount));
    return { counts, total: visible.length, positions: visible.slice(0, 25).map((r) => r.position) };
  }

  const durations = [{}, { minSeconds: 20 }, { maxSeconds: 30 }, { minSeconds: 15, maxSeconds: 45 }];
  const cases = durations.flatMap((d) =>
    [false, true].flatMap((hideDuplicates) =>
      [false, true].flatMap((hideDownloaded) => [undefined, 'judul 1'].map((search) => ({ ...d, hideDuplicates, hideDownloaded, search }))),
    ),
  );

  it.each(cases)('%j', async (q) => {
    const page = await listResultItemsPage(
      database.sql,
      { taskId, ownerId, platform: 'tiktok' },
      { offset: 0, limit: 25, sortBy: 'playCount', order: 'desc', ...q },
    );
    const want = reference(q);
    expect({ counts: page.counts, total: page.total, positions: page.items.map((i) => i.position) }).toEqual(want);
    expect(page.items.every((i) => i.downloaded === (!q.hideDownloaded && downloaded.has(i.itemId)))).toBe(true);
  });
});
