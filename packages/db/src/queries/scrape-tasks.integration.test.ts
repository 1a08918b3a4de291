// queueScrapeTask: the task row and its scrape.run job in the caller's transaction, with the
// real pg-boss on the test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { enqueue, startBoss, type Boss } from '../queue.ts';
import { findScrapeTask, queueScrapeTask } from './scrape-tasks.ts';
import { insertUser } from './users.ts';

let testDb: TestDatabase;
let database: Database;
let boss: Boss;
let ownerId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 3 });
  boss = await startBoss(testDb.url, { max: 2, supervise: false });
  const owner = await insertUser(database.db, { username: 'queue-owner', passwordHash: 'x', role: 'user' });
  if (!owner) throw new Error('no owner');
  ownerId = owner.id;
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await database.close();
  await testDb.drop();
});

const values = () => ({
  ownerId,
  actorId: 'apify/instagram-scraper',
  platformId: 'instagram',
  scrapeType: 'url' as const,
  target: 'https://www.instagram.com/someone/',
  input: { directUrls: ['https://www.instagram.com/someone/'] },
  platformInfo: { platformId: 'instagram', scrapeType: 'url' as const, displayName: 'Instagram' },
});

async function scrapeJobsFor(taskId: string): Promise<number> {
  const rows = await database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'scrape.run' and data->>'taskId' = ${taskId}`;
  return rows[0]?.n ?? 0;
}

describe('queueScrapeTask', () => {
  it('writes the task and one scrape.run job for it when the transaction commits', async () => {
    const task = await database.transaction((tx) =>
      queueScrapeTask(tx, (queue, payload, options) => enqueue(boss, queue, payload, options), values()),
    );
    expect((await findScrapeTask(database.db, task.id))?.state).toBe('waiting');
    expect(await scrapeJobsFor(task.id)).toBe(1);
  });

  it('leaves neither the task nor its job when the caller’s transaction rolls back', async () => {
    let taskId = '';
    await expect(
      database.transaction(async (tx) => {
        const task = await queueScrapeTask(tx, (queue, payload, options) => enqueue(boss, queue, payload, options), values());
        taskId = task.id;
        throw new Error('the caller’s next step failed');
      }),
    ).rejects.toThrow('the caller’s next step failed');
    expect(taskId).not.toBe('');
    expect(await findScrapeTask(database.db, taskId)).toBeUndefined();
    expect(await scrapeJobsFor(taskId)).toBe(0);
  });
});
