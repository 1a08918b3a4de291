// The downloader's result files and items over real HTTP, PostgreSQL and storage: files page
// newest first with true totals, items page filtered and sorted in SQL over the index the worker
// writes (made here with the same shared writer), one item's raw record by its byte range, files
// of the old shape indexed on first open, and an index rebuilt when the admin changes the mapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { insertResultItems, setResultMapping } from '@scrapper/db/queries/result-items';
import { completeScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { downloads } from '@scrapper/db/schema';
import { readZipEntries } from '@scrapper/testkit/zip-entries';
import { eq } from 'drizzle-orm';
import { resultMappingHash } from '@scrapper/db/result-file/mapping-hash';
import { createIndexedResultFileWriter } from '@scrapper/db/testing/result-file-writer';
import { mapItem } from '@scrapper/contracts/rules/map-items';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let alice: string;
let bob: string;
let admin: string;
let aliceId: string;
let bobId: string;

const tiktok = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: 'clockworks/tiktok-scraper',
  mapping: { id: 'id', url: 'webVideoUrl', title: 'text', duration: 'videoMeta.duration', author: 'authorMeta.name', play_count: 'playCount', like_count: 'diggCount' },
  platformSpecific: { skipIfNoUrl: true },
});

/** A TikTok-shaped raw item; `over` replaces fields (duration null: the item says none). */
function raw(i: number, over: { text?: string; duration?: number | null; author?: string; url?: string | null; plays?: number } = {}) {
  const id = `7${String(i).padStart(18, '0')}`;
  return {
    id,
    text: over.text ?? `Video ${i}`,
    desc: `Deskripsi ${i}`,
    ...(over.url === null ? {} : { webVideoUrl: over.url ?? `https://www.tiktok.com/@k${i}/video/${id}` }),
    videoMeta: over.duration === null ? {} : { duration: over.duration ?? 10 + i },
    authorMeta: { name: over.author ?? `kreator${i % 3}` },
    playCount: over.plays ?? 100 + i,
    diggCount: i,
  };
}

let fileSeq = 0;
/**
 * A completed task whose result file the worker would have written: raw items once, index rows
 * with byte ranges, the mapping's hash. `legacy`: a file of the old shape (mapped items carrying
 * `raw`, no index, result_mapping null), as written before the index existed.
 */
async function seedResultFile(owner: { id: string; username: string }, raws: unknown[], options: { target?: string; legacy?: boolean; config?: ActorConfig; finishedAt?: Date } = {}) {
  const config = options.config ?? tiktok;
  fileSeq += 1;
  const fileName = `tiktok_20261122-${String(100000 + fileSeq)}_${fileSeq.toString(16).padStart(8, '0')}.json`;
  const path = `results/${owner.id}/${fileName}`;
  const task = await insertScrapeTask(h.database.db, {
    ownerId: owner.id,
    actorId: config.actorId,
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: options.target ?? `target ${fileSeq}`,
    input: { searchQueries: 'uji' },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  const metadata = { taskId: task.id, platformId: 'tiktok', actorId: config.actorId, input: { searchQueries: 'uji' }, owner, createdAt: new Date().toISOString(), itemCount: raws.length };
  if (options.legacy) {
    const items = raws.map((r) => mapItem(r, config)).filter((i) => i !== null);
    await h.storage.write(path, JSON.stringify({ items, metadata }));
    await completeScrapeTask(h.database.db, task.id, { fileName, path, itemCount: items.length });
  } else {
    const writer = createIndexedResultFileWriter(config);
    const { text, rows } = writer.page(raws);
    await h.storage.write(path, writer.head() + text + writer.tail(metadata));
    await insertResultItems(h.database.sql, task.id, rows);
    await completeScrapeTask(h.database.db, task.id, { fileName, path, itemCount: writer.counts().saved, counts: writer.counts() });
    await setResultMapping(h.database.sql, task.id, resultMappingHash(config));
  }
  if (options.finishedAt) await h.database.sql`update scrape_tasks set finished_at = ${options.finishedAt.toISOString()}::timestamptz where id = ${task.id}`;
  return { taskId: task.id, fileName, path };
}

async function completedDownload(ownerId: string, sourceItemId: string, fileDeleted = false) {
  await h.database.db.insert(downloads).values({
    ownerId,
    platform: 'tiktok',
    sourceItemId,
    sourceUrl: 'https://www.tiktok.com/@k/video/1',
    title: 'sudah',
    quality: 'best',
    status: 'completed',
    storageKey: `downloads/${ownerId}/${sourceItemId}.mp4`,
    fileDeletedAt: fileDeleted ? new Date() : null,
    finishedAt: new Date(),
  });
}

const items = (fileName: string, query: string, token = alice) => h.request('GET', `/api/data/items?filename=${fileName}${query}`, { token });
const ids = (body: { items: Array<{ id: string }> }) => body.items.map((i) => i.id.slice(-2));

beforeAll(async () => {
  h = await startHarness();
  await replaceActorConfigs(h.database.db, [tiktok]);
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
});
afterAll(() => h.close());

describe('GET /api/data/files', () => {
  it('pages newest first with the true total; search by name or target; admins filter by member before the page is cut', async () => {
    const base = Date.parse('2026-11-22T10:00:00Z');
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await seedResultFile({ id: aliceId, username: 'alice' }, [raw(i)], { target: i === 2 ? 'kucing oren' : `anjing ${i}`, finishedAt: new Date(base + i * 60_000) }));
    for (let i = 0; i < 3; i++) await seedResultFile({ id: bobId, username: 'bob' }, [raw(i)], { finishedAt: new Date(base + 3_600_000 + i) });

    const first = await h.request('GET', '/api/data/files?limit=2', { token: alice });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 5, hasMore: true });
    expect(first.body.files.map((f: { fileName: string }) => f.fileName)).toEqual([mine[4]?.fileName, mine[3]?.fileName]);
    const last = await h.request('GET', '/api/data/files?limit=2&offset=4', { token: alice });
    expect(last.body).toMatchObject({ files: [{ fileName: mine[0]?.fileName, username: 'alice', itemCount: 1 }], pagination: { total: 5, hasMore: false } });

    const byTarget = await h.request('GET', '/api/data/files?search=KUCING', { token: alice });
    expect(byTarget.body.files.map((f: { target: string }) => f.target)).toEqual(['kucing oren']);
    const byName = await h.request('GET', `/api/data/files?search=${mine[1]?.fileName.slice(-13, -5)}`, { token: alice });
    expect(byName.body.files.map((f: { fileName: string }) => f.fileName)).toEqual([mine[1]?.fileName]);

    // Bob's three files are the newest; alice's filter still finds her five, paged.
    const adminAlice = await h.request('GET', '/api/data/files?username=ALICE&limit=3', { token: admin });
    expect(adminAlice.body.pagination).toEqual({ total: 5, hasMore: true });
    expect(adminAlice.body.files.every((f: { username: string }) => f.username === 'alice')).toBe(true);
    const everyone = await h.request('GET', '/api/data/files?limit=1', { token: admin });
    expect(everyone.body).toMatchObject({ files: [{ username: 'bob' }], pagination: { total: 8, hasMore: true } });
    // A member's username filter does not widen what they see.
    const sneaky = await h.request('GET', '/api/data/files?username=bob', { token: alice });
    expect(sneaky.body.pagination.total).toBe(5);
  });

  it.each([
    ['limit=201', 'limit paling banyak 200.'],
    ['offset=-1', 'offset tidak boleh negatif.'],
    ['offset=abc', 'offset harus berupa angka.'],
  ])('refuses %s with a readable 400', async (query, message) => {
    const res = await h.request('GET', `/api/data/files?${query}`, { token: alice });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('GET /api/data/items', () => {
  // 0: kept; 1: same title as 0 (a duplicate when shown); 2: short (5 s); 3: no duration;
  // 4: duplicate id of 0 (left out by the mapping); 5: no URL (left out); 6: long (400 s) with
  // the title of 7; 7: kept, downloaded; 8: kept, downloaded but its file deleted.
  const rawItems = [
    raw(0, { text: 'Kucing Lucu', duration: 30, author: 'budi' }),
    raw(1, { text: '  kucing lucu ', duration: 40 }),
    raw(2, { duration: 5 }),
    raw(3, { duration: null, plays: 5 }),
    { ...raw(0), text: 'ulang' },
    raw(5, { url: null }),
    raw(6, { text: 'Sama', duration: 400 }),
    raw(7, { text: 'sama', duration: 70, plays: 1 }),
    raw(8, { text: 'Anjing', duration: 50, author: 'Budi Santoso' }),
  ];
  let file: Awaited<ReturnType<typeof seedResultFile>>;

  beforeAll(async () => {
    file = await seedResultFile({ id: aliceId, username: 'alice' }, rawItems);
    await completedDownload(aliceId, raw(7).id);
    await completedDownload(aliceId, raw(8).id, true);
    // Bob's download of the same item is not alice's.
    await completedDownload(bobId, raw(0).id);
  });

  it('lists the kept items in file order, without raw records, with downloaded set for the owner', async () => {
    const res = await items(file.fileName, '');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fileName: file.fileName, platformId: 'tiktok', pagination: { total: 7, hasMore: false } });
    expect(res.body.counts).toEqual({ all: 7, hiddenByDuration: 0, hiddenAsDuplicate: 0, hiddenAsDownloaded: 0 });
    expect(ids(res.body)).toEqual(['00', '01', '02', '03', '06', '07', '08']);
    expect(res.body.items[0]).toEqual({
      id: raw(0).id,
      platform: 'tiktok',
      url: raw(0).webVideoUrl,
      duration: 30,
      title: 'Kucing Lucu',
      author: 'budi',
      play_count: 100,
      like_count: 0,
      thumbnail: '',
      downloaded: false,
    });
    expect(res.body.items.map((i: { downloaded: boolean }) => i.downloaded)).toEqual([false, false, false, false, false, true, false]);
  });

  it('pages with offset and limit', async () => {
    const page = await items(file.fileName, '&offset=2&limit=3');
    expect(ids(page.body)).toEqual(['02', '03', '06']);
    expect(page.body.pagination).toEqual({ total: 7, hasMore: true });
  });

  it('sorts on the server, unknown values last, the file order breaking ties', async () => {
    expect(ids((await items(file.fileName, '&sortBy=duration&order=desc')).body)).toEqual(['06', '07', '08', '01', '00', '02', '03']);
    expect(ids((await items(file.fileName, '&sortBy=duration')).body)).toEqual(['02', '00', '01', '08', '07', '06', '03']);
    expect(ids((await items(file.fileName, '&sortBy=playCount&limit=2')).body)).toEqual(['07', '03']);
  });

  it('hides by duration (an unknown duration never), duplicates among what the duration filter leaves, and downloaded items; counts each', async () => {
    const duration = await items(file.fileName, '&minSeconds=10&maxSeconds=300');
    expect(ids(duration.body)).toEqual(['00', '01', '03', '07', '08']);
    expect(duration.body.counts).toMatchObject({ all: 7, hiddenByDuration: 2 });

    const dup = await items(file.fileName, '&hideDuplicates=true');
    expect(ids(dup.body)).toEqual(['00', '02', '03', '06', '08']);
    expect(dup.body.counts).toEqual({ all: 7, hiddenByDuration: 0, hiddenAsDuplicate: 2, hiddenAsDownloaded: 0 });

    // The long "Sama" is hidden by duration, so its short twin is no duplicate any more.
    const both = await items(file.fileName, '&hideDuplicates=true&maxSeconds=300');
    expect(ids(both.body)).toEqual(['00', '02', '03', '07', '08']);
    expect(both.body.counts).toEqual({ all: 7, hiddenByDuration: 1, hiddenAsDuplicate: 1, hiddenAsDownloaded: 0 });

    const all = await items(file.fileName, '&hideDuplicates=true&maxSeconds=300&hideDownloaded=true&limit=2');
    expect(ids(all.body)).toEqual(['00', '02']);
    expect(all.body.pagination).toEqual({ total: 4, hasMore: true });
    expect(all.body.counts).toEqual({ all: 7, hiddenByDuration: 1, hiddenAsDuplicate: 1, hiddenAsDownloaded: 1 });
  });

  it('searches title and author, case-insensitive, with % and _ as plain characters', async () => {
    expect(ids((await items(file.fileName, '&search=budi')).body)).toEqual(['00', '08']);
    expect(ids((await items(file.fileName, '&search=KUCING')).body)).toEqual(['00', '01']);
    expect((await items(file.fileName, '&search=%25')).body.pagination.total).toBe(0);
    expect((await items(file.fileName, '&search=_')).body.pagination.total).toBe(0);
  });

  it.each([
    ['&limit=501', 'limit paling banyak 500.'],
    ['&offset=-1', 'offset tidak boleh negatif.'],
    ['&offset=abc', 'offset harus berupa angka.'],
    ['&sortBy=nope', 'Urutan harus salah satu dari'],
    ['&order=up', 'Arah urutan harus asc atau desc.'],
    ['&minSeconds=-5', 'Durasi tidak boleh negatif.'],
    ['&hideDownloaded=yes', 'Nilai harus true atau false.'],
  ])('refuses %s with a readable 400', async (query, message) => {
    const res = await items(file.fileName, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("answers 404 for an unknown file and another member's file, and lets an admin open it", async () => {
    expect((await h.request('GET', '/api/data/items?filename=tiktok_20261122-101010_deadbeef.json', { token: alice })).status).toBe(404);
    const other = await items(file.fileName, '', bob);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('File hasil tidak ditemukan.');
    expect((await h.request('GET', `/api/data/items/${raw(0).id}?filename=${file.fileName}`, { token: bob })).status).toBe(404);
    expect((await items(file.fileName, '&username=bob', admin)).status).toBe(404);
    const asAdmin = await items(file.fileName, '&username=alice', admin);
    expect(asAdmin.status).toBe(200);
    // `downloaded` is the owner's, whoever asks.
    expect(asAdmin.body.items.find((i: { id: string }) => i.id === raw(7).id)?.downloaded).toBe(true);
  });
});

describe('GET /api/data/items/:id', () => {
  it('answers the full item with its raw record, read by its byte range', async () => {
    const withUnicode = raw(1, { text: 'Émoji 🎬 "kutip" ]},' });
    const file = await seedResultFile({ id: aliceId, username: 'alice' }, [raw(0), withUnicode, raw(2)]);
    const res = await h.request('GET', `/api/data/items/${withUnicode.id}?filename=${file.fileName}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...mapItem(withUnicode, tiktok), raw: withUnicode });
    const missing = await h.request('GET', `/api/data/items/nope?filename=${file.fileName}`, { token: alice });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Item tidak ditemukan di file hasil.');
  });

  it('a batch takes its items from the index: each download carries its raw record', async () => {
    const file = await seedResultFile({ id: aliceId, username: 'alice' }, [raw(20), raw(21), raw(22)]);
    const res = await h.request('POST', '/api/media/batches', { token: alice, body: { filename: file.fileName, itemIds: [raw(22).id, raw(20).id] } });
    expect(res.status).toBe(202);
    const rows = await h.database.sql<Array<{ source_item_id: string; item: unknown; source_url: string }>>`
      select source_item_id, item, source_url from downloads where batch_id = ${res.body.id} order by source_item_id`;
    expect(rows).toEqual([
      { source_item_id: raw(20).id, item: raw(20), source_url: raw(20).webVideoUrl },
      { source_item_id: raw(22).id, item: raw(22), source_url: raw(22).webVideoUrl },
    ]);
    const unknown = await h.request('POST', '/api/media/batches', { token: alice, body: { filename: file.fileName, itemIds: [raw(21).id, 'nope'] } });
    expect(unknown.status).toBe(404);
  });
});

describe('one name for one video (issue 31 item 2)', () => {
  it('an untitled TikTok item is "Video TikTok dari {author}" on its row, while downloading, in Riwayat, the file manager, the saved file and the zip', async () => {
    const untitled = raw(40, { text: '', author: 'kreator.sunyi' });
    const file = await seedResultFile({ id: aliceId, username: 'alice' }, [untitled, raw(41)]);
    const name = 'Video TikTok dari kreator.sunyi';
    const res = await h.request('POST', '/api/media/batches', { token: alice, body: { filename: file.fileName, itemIds: [untitled.id] } });
    expect(res.status).toBe(202);
    // While it is queued (the batch panel), before any worker has looked at it.
    expect(res.body.items).toMatchObject([{ itemId: untitled.id, title: name, status: 'queued' }]);
    const [row] = await h.database.db.select().from(downloads).where(eq(downloads.batchId, res.body.id));
    if (!row) throw new Error('no row');
    expect(row.title).toBe(name);

    // The worker's side, as completeDownload leaves it: a file under the row's uuid.
    const key = `downloads/${aliceId}/${row.id}.mp4`;
    await h.storage.write(key, Buffer.from('isi'));
    await h.database.db
      .update(downloads)
      .set({ status: 'completed', progress: 100, storageKey: key, sizeBytes: 3, mime: 'video/mp4', finishedAt: new Date() })
      .where(eq(downloads.id, row.id));

    const history = await h.request('GET', '/api/media/history?search=sunyi&limit=50', { token: alice });
    expect(history.body.history.find((e: { id: string }) => e.id === row.id)).toMatchObject({ title: name, filename: `${name}.mp4` });
    const files = await h.request('GET', '/api/files', { token: alice });
    expect(files.body.files.find((f: { id: string }) => f.id === row.id)).toMatchObject({ title: name, fileName: `${name}.mp4` });
    const saved = await fetch(`${h.baseUrl}/api/media/download/history/${row.id}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toContain(`filename="${name}.mp4"`);
    const zip = await fetch(`${h.baseUrl}/api/media/batches/${res.body.id}/zip`, { headers: { authorization: `Bearer ${alice}` } });
    expect(readZipEntries(Buffer.from(await zip.arrayBuffer())).map((e) => e.name)).toEqual([`${name}.mp4`]);
  });
});

describe('files of the old shape and changed mappings', () => {
  it('indexes a file of the old shape on first open; its detail reads the raw record from the file', async () => {
    const file = await seedResultFile({ id: aliceId, username: 'alice' }, [raw(30), raw(31, { text: 'Lama' }), raw(32)], { legacy: true });
    const res = await items(file.fileName, '&sortBy=title');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['31', '30', '32']);
    const [state] = await h.database.sql<Array<{ result_mapping: string | null }>>`select result_mapping from scrape_tasks where id = ${file.taskId}`;
    expect(state?.result_mapping).toBe(resultMappingHash(tiktok));
    const ranges = await h.database.sql<Array<{ raw_start: string | null }>>`select raw_start from result_items where task_id = ${file.taskId}`;
    expect(ranges.every((r) => r.raw_start === null)).toBe(true);
    const detail = await h.request('GET', `/api/data/items/${raw(31).id}?filename=${file.fileName}`, { token: alice });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: raw(31).id, title: 'Lama', raw: raw(31, { text: 'Lama' }) });
  });

  it('rebuilds the index from the raw items when the admin changes the mapping; an item the old mapping dropped comes back', async () => {
    const file = await seedResultFile({ id: aliceId, username: 'alice' }, [raw(40), raw(41, { url: null }), raw(42)]);
    expect(ids((await items(file.fileName, '')).body)).toEqual(['40', '42']);
    // The admin maps the title from `desc` and no longer skips items without a URL.
    const fixed = ActorConfigSchema.parse({ ...tiktok, mapping: { ...tiktok.mapping, title: 'desc' }, platformSpecific: { ...tiktok.platformSpecific, skipIfNoUrl: false } });
    await replaceActorConfigs(h.database.db, [fixed]);
    try {
      // Two readers at once: one rebuild (the lock), both see the whole new index.
      const [a, b] = await Promise.all([items(file.fileName, ''), items(file.fileName, '')]);
      for (const res of [a, b]) {
        expect(res.status).toBe(200);
        expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['Deskripsi 40', 'Deskripsi 41', 'Deskripsi 42']);
      }
      const [state] = await h.database.sql<Array<{ result_mapping: string | null }>>`select result_mapping from scrape_tasks where id = ${file.taskId}`;
      expect(state?.result_mapping).toBe(resultMappingHash(fixed));
      const detail = await h.request('GET', `/api/data/items/${raw(41).id}?filename=${file.fileName}`, { token: alice });
      expect(detail.body).toEqual({ ...mapItem(raw(41, { url: null }), fixed), raw: raw(41, { url: null }) });
      expect(detail.body.title).toBe('Deskripsi 41');
    } finally {
      await replaceActorConfigs(h.database.db, [tiktok]);
    }
  });

  it('keeps the rows of a file whose actor config is gone', async () => {
    const file = await seedResultFile({ id: aliceId, username: 'alice' }, [raw(50), raw(51)]);
    await replaceActorConfigs(h.database.db, []);
    try {
      const res = await items(file.fileName, '');
      expect(ids(res.body)).toEqual(['50', '51']);
      const detail = await h.request('GET', `/api/data/items/${raw(51).id}?filename=${file.fileName}`, { token: alice });
      expect(detail.body).toMatchObject({ id: raw(51).id, title: 'Video 51', raw: raw(51) });
    } finally {
      await replaceActorConfigs(h.database.db, [tiktok]);
    }
  });
});
