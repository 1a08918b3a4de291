// The scrape roll-up (scrape_library_totals, migration 0014) stays equal to the aggregate it
// stands for through every kind of write the product makes, and the scrape history's and the
// result-file list's totals read it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { listResultFilesPage } from './result-items.ts';
import { cancelScrapeTask, completeScrapeTask, failScrapeTask, hideScrapeTask, insertScrapeTask, listScrapeHistory } from './scrape-tasks.ts';
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

async function newUser(): Promise<{ id: string; username: string }> {
  const u = await insertUser(database.db, { username: `st-${randomBytes(4).toString('hex')}`, passwordHash: 'x', role: 'user' });
  if (!u) throw new Error('insertUser returned nothing');
  return { id: u.id, username: u.username };
}

async function newTask(ownerId: string): Promise<string> {
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: 'clockworks/tiktok-scraper',
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: 'kucing',
    input: { searchQueries: 'kucing' },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  return task.id;
}

async function stored() {
  return [...(await database.sql`select owner_id::text, history_entries, result_files from scrape_library_totals
     where history_entries <> 0 or result_files <> 0 order by 1`)];
}

/** The same, straight from scrape_tasks, with the predicates written out independently. */
async function aggregated() {
  return [
    ...(await database.sql`
      select owner_id::text,
             (count(*) filter (where state in ('completed', 'failed', 'cancelled') and hidden_at is null))::int as history_entries,
             (count(*) filter (where state = 'completed' and result_file_name is not null))::int as result_files
      from scrape_tasks group by 1
      having count(*) filter (where state in ('completed', 'failed', 'cancelled') and hidden_at is null) <> 0
          or count(*) filter (where state = 'completed' and result_file_name is not null) <> 0
      order by 1`),
  ];
}

describe('scrape_library_totals', () => {
  it('equals the aggregate through inserts, completion, failure, cancel, hide, deletes and a user delete', async () => {
    const a = await newUser();
    const b = await newUser();
    const check = async (step: string) => expect(await stored(), step).toEqual(await aggregated());
    const ids = [await newTask(a.id), await newTask(a.id), await newTask(a.id), await newTask(b.id), await newTask(b.id)];
    await check('inserted (none finished)');
    const [t0, t1, t2, t3, t4] = ids as [string, string, string, string, string];
    await completeScrapeTask(database.db, t0, { fileName: 'tiktok_20261126-000000_aaaaaaaa.json', path: 'results/x/a.json', itemCount: 3 });
    await completeScrapeTask(database.db, t3, { fileName: 'tiktok_20261126-000000_bbbbbbbb.json', path: 'results/x/b.json', itemCount: 3 });
    await check('completed');
    await failScrapeTask(database.db, t1, 'gagal');
    await cancelScrapeTask(database.db, t4);
    await check('failed and cancelled');
    await hideScrapeTask(database.db, t0);
    await check('hidden (its file stays listed)');
    await database.sql`insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state, result_file_name, finished_at)
      select ${b.id}, 'x', 'tiktok', 'keyword', 't' || g, '{}', '{"platformId":"tiktok","displayName":"","scrapeType":"keyword"}', 'completed', 'tiktok_20261126-000000_' || lpad(g::text, 8, '0') || '.json', now()
      from generate_series(1, 40) g`;
    await check('bulk insert');
    await database.sql`delete from scrape_tasks where id = ${t2}`;
    await database.sql`delete from scrape_tasks where owner_id = ${b.id} and target like 't%' and target <> 'kucing' and random() < 2`;
    await check('deletes');

    // The totals the lists answer come from the roll-up and agree with counting.
    expect((await listScrapeHistory(database.db, a.id, { offset: 0, limit: 1 })).total).toBe(1);
    expect((await listScrapeHistory(database.db, b.id, { offset: 0, limit: 1 })).total).toBe(2);
    expect((await listScrapeHistory(database.db, null, { offset: 0, limit: 1 })).total).toBe(3);
    const files = await listResultFilesPage(database.sql, { ownerId: b.id, offset: 0, limit: 1 });
    expect(files.total).toBe(1);
    const byName = await listResultFilesPage(database.sql, { ownerId: null, username: a.username.toUpperCase(), offset: 0, limit: 5 });
    expect([byName.total, byName.rows.length]).toEqual([1, 1]);
    const searched = await listResultFilesPage(database.sql, { ownerId: null, search: 'bbbbbbbb', offset: 0, limit: 5 });
    expect(searched.total).toBe(1);

    await deleteUser(database.db, a.id);
    await check('user deleted');
  });
});
