// The library roll-up (download_library_totals, migration 0013) stays equal to the aggregate it
// stands for through every kind of write the product makes, and the file manager's and the
// history's stats read it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDatabase, type Database } from '../client.ts';
import { downloads } from '../schema/downloads.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { markDownloadFileDeleted, summarizeDownloadedFiles } from './download-files.ts';
import { hideAllDownloadHistory, hideDownloadFromHistory, listDownloadHistory } from './download-history.ts';
import { completeDownload, failDownload, insertOrJoinDownload, markDownloadRunning, updateDownloadProgress } from './downloads.ts';
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

async function newUser(): Promise<string> {
  const u = await insertUser(database.db, { username: `lib-${randomBytes(4).toString('hex')}`, passwordHash: 'x', role: 'user' });
  if (!u) throw new Error('insertUser returned nothing');
  return u.id;
}

/** The roll-up as stored (zero rows left out). */
async function stored() {
  return [
    ...(await database.sql`select owner_id::text, platform, files, file_bytes::text, history_entries from download_library_totals
       where files <> 0 or file_bytes <> 0 or history_entries <> 0 order by 1, 2`),
  ];
}

/** The same, straight from downloads, with the predicates written out independently. */
async function aggregated() {
  return [
    ...(await database.sql`
      select owner_id::text, platform,
             (count(*) filter (where status = 'completed' and storage_key is not null and file_deleted_at is null))::int as files,
             (coalesce(sum(size_bytes) filter (where status = 'completed' and storage_key is not null and file_deleted_at is null), 0))::text as file_bytes,
             (count(*) filter (where status in ('queued', 'running', 'completed') and hidden_from_history_at is null))::int as history_entries
      from downloads group by 1, 2
      having count(*) filter (where status = 'completed' and storage_key is not null and file_deleted_at is null) <> 0
          or count(*) filter (where status in ('queued', 'running', 'completed') and hidden_from_history_at is null) <> 0
      order by 1, 2`),
  ];
}

let counter = 0;
function item(ownerId: string, platform = 'tiktok') {
  counter += 1;
  return {
    ownerId,
    platform,
    sourceItemId: `item-${counter}`,
    sourceUrl: 'https://example.test/v',
    directUrl: null,
    resultFileName: null,
    title: `Video ${counter}`,
    author: 'kreator',
    quality: 'best' as const,
    batchId: null,
    item: null,
  };
}

describe('download_library_totals', () => {
  it('follows inserts, progress, completion, failures, deleted files, hidden entries and deleted users', async () => {
    const alice = await newUser();
    const bob = await newUser();
    // A bulk insert (one statement, many keys).
    await database.db.insert(downloads).values(
      Array.from({ length: 30 }, (_, n) => ({
        ...item(n % 2 ? alice : bob, ['tiktok', 'youtube', 'instagram'][n % 3] ?? 'tiktok'),
        status: 'completed' as const,
        storageKey: `downloads/x/${n}.mp4`,
        sizeBytes: 1000 + n,
      })),
    );
    expect(await stored()).toEqual(await aggregated());

    // One download through its life: queued, running with progress, completed with its file.
    const { row } = await insertOrJoinDownload(database.db, item(alice, 'douyin'));
    expect(await stored()).toEqual(await aggregated());
    await markDownloadRunning(database.db, row.id);
    await updateDownloadProgress(database.db, row.id, 40);
    expect(await stored()).toEqual(await aggregated());
    await completeDownload(database.db, row.id, { storageKey: 'downloads/x/d.mp4', sizeBytes: 777, mime: 'video/mp4' });
    expect(await stored()).toEqual(await aggregated());

    // A failure leaves the history; a deleted file leaves the files but not the history.
    const failing = await insertOrJoinDownload(database.db, item(bob, 'facebook'));
    await failDownload(database.db, failing.row.id, 'Gagal.');
    await markDownloadFileDeleted(database.db, row.id);
    expect(await stored()).toEqual(await aggregated());
    const [someOfBob] = await database.db.select({ id: downloads.id }).from(downloads).where(eq(downloads.ownerId, bob)).limit(1);
    await hideDownloadFromHistory(database.db, someOfBob?.id ?? '');
    expect(await stored()).toEqual(await aggregated());

    // What the file manager and the history read.
    const aliceFiles = await summarizeDownloadedFiles(database.db, alice);
    const aliceRows = await database.db.select().from(downloads).where(eq(downloads.ownerId, alice));
    const live = aliceRows.filter((d) => d.status === 'completed' && d.storageKey && !d.fileDeletedAt);
    expect(aliceFiles.reduce((n, p) => n + p.files, 0)).toBe(live.length);
    expect(aliceFiles.reduce((n, p) => n + p.bytes, 0)).toBe(live.reduce((n, d) => n + (d.sizeBytes ?? 0), 0));
    const everyone = await summarizeDownloadedFiles(database.db, null);
    expect(everyone.reduce((n, p) => n + p.files, 0)).toBe(30);
    const history = await listDownloadHistory(database.db, { ownerId: alice, sortBy: 'createdAt', order: 'desc', offset: 0, limit: 5 });
    expect(history.total).toBe(aliceRows.filter((d) => d.status === 'completed' && !d.hiddenFromHistoryAt).length);
    const douyin = await listDownloadHistory(database.db, { ownerId: alice, platform: 'douyin', sortBy: 'createdAt', order: 'desc', offset: 0, limit: 5 });
    expect(douyin.total).toBe(1);

    // A member deleted with their downloads; then everyone's history hidden.
    await deleteUser(database.db, bob);
    expect(await stored()).toEqual(await aggregated());
    await hideAllDownloadHistory(database.db);
    expect(await stored()).toEqual(await aggregated());
    expect((await listDownloadHistory(database.db, { ownerId: null, sortBy: 'createdAt', order: 'desc', offset: 0, limit: 5 })).total).toBe(0);
  });
});
