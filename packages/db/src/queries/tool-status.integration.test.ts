import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { toolUpdateChecks, workerHeartbeats } from '../schema/worker-heartbeats.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { listLatestToolUpdateChecks, listWorkerToolReports } from './tool-status.ts';

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('tool status queries', () => {
  it('lists the workers seen since the cut-off, newest started first, with their report or null', async () => {
    const [old, fresh, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await database.db.insert(workerHeartbeats).values([
      { id: old, hostname: 'mesin-a', pid: 1, queues: [], startedAt: minutesAgo(30), lastSeenAt: minutesAgo(1) },
      { id: fresh, hostname: 'mesin-b', pid: 2, queues: [], startedAt: minutesAgo(5), lastSeenAt: minutesAgo(0) },
      { id: gone, hostname: 'mesin-c', pid: 3, queues: [], startedAt: minutesAgo(300), lastSeenAt: minutesAgo(120) },
    ]);
    const rows = await listWorkerToolReports(database.db, minutesAgo(60));
    expect(rows.map((r) => r.id)).toEqual([fresh, old]);
    expect(rows[0]?.tools).toBeNull();
  });

  it('gives the newest yt-dlp check per hostname, only for the hostnames asked', async () => {
    await database.db.insert(toolUpdateChecks).values([
      { hostname: 'mesin-a', outcome: 'failed', message: 'lama', finishedAt: minutesAgo(50) },
      { hostname: 'mesin-a', outcome: 'current', message: 'baru', finishedAt: minutesAgo(10) },
      { hostname: 'mesin-a', tool: 'ffmpeg', outcome: 'failed', message: 'alat lain', finishedAt: minutesAgo(1) },
      { hostname: 'mesin-b', outcome: 'offline', message: 'luring', finishedAt: minutesAgo(20) },
      { hostname: 'mesin-x', outcome: 'failed', message: 'tidak ditanya', finishedAt: minutesAgo(1) },
    ]);
    const rows = await listLatestToolUpdateChecks(database.db, ['mesin-a', 'mesin-b', 'mesin-a', 'mesin-z']);
    expect(rows.map((r) => [r.hostname, r.message])).toEqual([
      ['mesin-a', 'baru'],
      ['mesin-b', 'luring'],
    ]);
    expect(await listLatestToolUpdateChecks(database.db, [])).toEqual([]);
  });
});
