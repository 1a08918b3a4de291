import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { findLastToolUpdateCheck, findLatestVerifiedToolVersion, insertToolUpdateCheck, ToolUpdateLockTimeout, withToolUpdateLock } from './tools.ts';

let testDb: TestDatabase;
// Two pools, as two worker processes would have.
let one: Database;
let two: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  one = createDatabase(testDb.url, { max: 3 });
  two = createDatabase(testDb.url, { max: 3 });
});
afterAll(async () => {
  await one.close();
  await two.close();
  await testDb.drop();
});

describe('withToolUpdateLock', () => {
  it('runs one update at a time across processes: the second waits, then runs', async () => {
    const order: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withToolUpdateLock(one, 'yt-dlp', async () => {
      order.push('first starts');
      await held;
      order.push('first ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = withToolUpdateLock(two, 'yt-dlp', async () => {
      order.push('second runs');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('gives up after its wait with ToolUpdateLockTimeout, and another tool is not held up', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withToolUpdateLock(one, 'yt-dlp', () => held);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(withToolUpdateLock(two, 'yt-dlp', async () => 'never', 300)).rejects.toBeInstanceOf(ToolUpdateLockTimeout);
    expect(await withToolUpdateLock(two, 'ffmpeg', async () => 'other tool', 300)).toBe('other tool');
    release();
    await first;
    // The lock (and lock_timeout) ended with the transaction.
    expect(await withToolUpdateLock(two, 'yt-dlp', async () => 'free again', 300)).toBe('free again');
  });
});

describe('update check records', () => {
  it("finds a machine's last check and the newest verified version of any machine", async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 3, minutes));
    const base = { workerId: null, fromVersion: null, toVersion: null, message: 'x', startedAt: at(0) };
    await insertToolUpdateCheck(one.db, { ...base, hostname: 'a', outcome: 'updated', latestVersion: '2026.11.20', finishedAt: at(1) });
    await insertToolUpdateCheck(one.db, { ...base, hostname: 'b', outcome: 'current', latestVersion: '2026.11.20', finishedAt: at(2) });
    await insertToolUpdateCheck(one.db, { ...base, hostname: 'a', outcome: 'offline', latestVersion: null, finishedAt: at(3) });
    expect(await findLastToolUpdateCheck(one.db, 'a')).toMatchObject({ outcome: 'offline' });
    expect(await findLastToolUpdateCheck(one.db, 'c')).toBeUndefined();
    expect(await findLatestVerifiedToolVersion(one.db)).toMatchObject({ hostname: 'b', latestVersion: '2026.11.20' });
  });
});
