// GET /api/events (issue 34): a real LISTEN on a real PostgreSQL. Changes are written the way a
// worker writes them (a row through the db package: the table's trigger announces it, or
// `announce` itself), and read by a streaming fetch, as the web app reads them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce, deleteEventsBefore } from '@scrapper/db/queries/events';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { insertDownloadBatch } from '@scrapper/db/queries/download-batches';
import { insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { downloads, events, scrapeTaskLogs, scrapeTasks } from '@scrapper/db/schema';
import { openEventStream, type EventStreamReader } from '@scrapper/testkit/event-stream-reader';
import { and, eq } from 'drizzle-orm';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { automationOf } from '../../../test/security-fixtures.ts';

let h: Harness;
let admin: { id: string; token: string };
let memberA: { id: string; token: string };
let memberB: { id: string; token: string };
const open: EventStreamReader[] = [];

const newTask = (ownerId: string) =>
  insertScrapeTask(h.database.db, {
    ownerId,
    actorId: 'clockworks/tiktok-scraper',
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: 'uji',
    input: { searchQueries: 'uji', resultsPerPage: 10 },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });

async function user(username: string, role: 'user' | 'admin') {
  const { id } = await h.createUser(username, `${username}-password`, role);
  return { id, token: await h.login(username, `${username}-password`) };
}

async function stream(token: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const reader = await openEventStream(`${h.baseUrl}/api/events`, { authorization: `Bearer ${token}`, ...headers });
  open.push(reader);
  return reader;
}

const about = (entityId: string) => (e: { data: string }) => e.data.includes(entityId);

beforeAll(async () => {
  // A short heartbeat: the session is checked again on each, and the revocation test waits for one.
  h = await startHarness({ EVENTS_HEARTBEAT_S: '0.2' });
  admin = await user('admin-acara', 'admin');
  memberA = await user('anggota-a', 'user');
  memberB = await user('anggota-b', 'user');
});
afterAll(async () => {
  for (const reader of open) reader.close();
  await h.close();
});

describe('GET /api/events', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await h.request('GET', '/api/events');
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers HEAD with the stream headers and ends (no stream held open)', async () => {
    const res = await h.request('HEAD', '/api/events', { token: memberA.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it("sends a worker's change to its member and to admins, never to another member", async () => {
    const [a, b, boss] = await Promise.all([stream(memberA.token), stream(memberB.token), stream(admin.token)]);
    expect(a.status).toBe(200);
    expect(a.contentType).toMatch(/^text\/event-stream/);

    // As a worker writes: a notification row (its trigger announces it) and a plain announce.
    const dedupeKey = `uji:${randomUUID()}`;
    await notifyUser(h.database.db, memberA.id, { kind: 'batch.finished', message: 'Batch selesai', dedupeKey });
    const downloadId = randomUUID();
    await announce(h.database.db, { memberId: memberA.id, kind: 'download', entityId: downloadId });
    const marker = randomUUID();
    await announce(h.database.db, { memberId: memberB.id, kind: 'download', entityId: marker });

    const notification = await a.next((e) => e.event === 'notification', "A's notification");
    expect(JSON.parse(notification.data)).toMatchObject({ kind: 'notification', id: notification.id });
    const download = await a.next(about(downloadId), "A's download");
    expect(Number(download.id)).toBeGreaterThan(Number(notification.id));
    await boss.next(about(downloadId), "the admin's copy of A's download");

    // B's own event comes after A's in the one ordered feed: by then A's would have arrived.
    await b.next(about(marker), "B's own event");
    expect(b.events.some(about(downloadId)), 'B saw A’s download').toBe(false);
    expect(b.events.some((e) => e.event === 'notification')).toBe(false);
    expect(a.events.some(about(marker)), 'A saw B’s download').toBe(false);
  });

  it('replays what a reconnect missed after its Last-Event-ID, in order', async () => {
    const first = await stream(memberA.token);
    const seen = randomUUID();
    await announce(h.database.db, { memberId: memberA.id, kind: 'upload', entityId: seen });
    const last = await first.next(about(seen), 'the event before the drop');
    first.close();

    const missed = [randomUUID(), randomUUID()];
    for (const id of missed) await announce(h.database.db, { memberId: memberA.id, kind: 'automation.run', entityId: id });
    await announce(h.database.db, { memberId: memberB.id, kind: 'automation.run', entityId: randomUUID() });

    const again = await stream(memberA.token, { 'last-event-id': String(last.id) });
    const one = await again.next(about(missed[0] ?? ''), 'the first missed event');
    const two = await again.next(about(missed[1] ?? ''), 'the second missed event');
    expect(Number(one.id)).toBeGreaterThan(Number(last.id));
    expect(Number(two.id)).toBeGreaterThan(Number(one.id));
    expect(again.events.filter((e) => e.event === 'automation.run')).toHaveLength(2);
    expect(again.events.some((e) => e.event === 'resync')).toBe(false);
  });

  it('sends resync when the Last-Event-ID is older than what the server keeps', async () => {
    const before = await stream(memberA.token);
    const id = randomUUID();
    await announce(h.database.db, { memberId: memberA.id, kind: 'upload', entityId: id });
    const last = await before.next(about(id), 'an event');
    before.close();
    await announce(h.database.db, { memberId: memberA.id, kind: 'upload', entityId: randomUUID() });
    // The maintenance sweep pruned everything (as after the retention window).
    await deleteEventsBefore(h.database.db, new Date(Date.now() + 60_000));
    await announce(h.database.db, { memberId: memberA.id, kind: 'upload', entityId: randomUUID() });

    const again = await stream(memberA.token, { 'last-event-id': String(last.id) });
    await again.next((e) => e.event === 'resync', 'resync');
  });

  it('ends the stream once its API token is revoked (checked on the heartbeat)', async () => {
    const created = await h.request('POST', '/api/me/tokens', { token: memberA.token, body: { name: 'Langsung', scope: 'read' } });
    expect(created.status).toBe(201);
    const reader = await stream(created.body.secret as string);
    expect(reader.status).toBe(200);
    await reader.until(() => reader.comments.includes('hb'), 'a heartbeat');
    expect((await h.request('DELETE', `/api/me/tokens/${created.body.token.id}`, { token: memberA.token })).status).toBeLessThan(300);
    await reader.ended;
    expect(reader.events.at(-1)?.event).toBe('session-ended');
    expect((await h.request('GET', '/api/events', { token: created.body.secret as string })).status).toBe(401);
  });

  it('announces progress of a running task at most about once a second, and its final state always', async () => {
    const reader = await stream(memberA.token);
    const task = await newTask(memberA.id);
    const started = Date.now();
    await h.database.db.update(scrapeTasks).set({ state: 'running' }).where(eq(scrapeTasks.id, task.id));
    for (let p = 1; p <= 20; p++) await h.database.db.update(scrapeTasks).set({ progressPercentage: p * 5 }).where(eq(scrapeTasks.id, task.id));
    const elapsedSeconds = (Date.now() - started) / 1000;
    await h.database.db.update(scrapeTasks).set({ state: 'completed', progressPercentage: 100 }).where(eq(scrapeTasks.id, task.id));

    const rows = await h.database.db.select().from(events).where(and(eq(events.entityId, task.id), eq(events.kind, 'scrape.task')));
    // Insert + state change + final state, plus at most one progress event per second begun.
    expect(rows.length).toBeLessThanOrEqual(3 + Math.ceil(elapsedSeconds));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const last = rows.at(-1);
    await reader.next((e) => e.id === String(last?.id), 'the final state');
  });

  it('is announced by each table a member watches, as the workers write them (tool reports to admins only)', async () => {
    const [a, boss] = await Promise.all([stream(memberA.token), stream(admin.token)]);
    const db = h.database.db;
    const batch = await insertDownloadBatch(db, { ownerId: memberA.id, resultFileName: null, quality: 'best', total: 1 });
    await a.next((e) => e.event === 'batch' && e.data.includes(batch.id), 'the batch');

    const [download] = await db
      .insert(downloads)
      .values({ ownerId: memberA.id, platform: 'tiktok', sourceItemId: randomUUID(), sourceUrl: 'https://www.tiktok.com/@a/video/1', title: 'Satu', quality: 'best', batchId: batch.id })
      .returning();
    await a.next((e) => e.event === 'download' && e.data.includes(download?.id ?? '?'), 'the download');

    const run = await automationOf({ h }, memberA, true);
    await a.next((e) => e.event === 'automation.run' && e.data.includes(run.runId ?? '?'), 'the automation run');

    // New log lines of a task whose last event is older than the throttle window.
    const task = await newTask(memberA.id);
    await db.update(events).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(events.entityId, task.id));
    await db.insert(scrapeTaskLogs).values([{ taskId: task.id, message: 'satu' }, { taskId: task.id, message: 'dua' }]);
    const logged = await db.select().from(events).where(and(eq(events.entityId, task.id), eq(events.kind, 'scrape.task')));
    expect(logged).toHaveLength(2);
    await a.next((e) => e.id === String(logged.at(-1)?.id), 'the log lines');

    const hostname = `mesin-${randomUUID()}`;
    await h.database.sql`insert into tool_update_checks (hostname, outcome, message) values (${hostname}, 'failed', 'Gagal memperbarui yt-dlp.')`;
    await boss.next((e) => e.event === 'tools' && e.data.includes(hostname), 'the tool report (admin)');
    const marker = randomUUID();
    await announce(db, { memberId: memberA.id, kind: 'upload', entityId: marker });
    await a.next(about(marker), 'a later event of A');
    expect(a.events.some((e) => e.event === 'tools')).toBe(false);
  });
});
