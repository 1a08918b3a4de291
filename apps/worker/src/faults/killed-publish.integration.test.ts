// Issue 33 item 6, exactly once per platform: a real worker process SIGKILLed while a target's
// bytes are on their way (the fake stalls the upload: the remote id is stored, the bytes have not
// all arrived), and one killed after the platform accepted everything (TikTok holds the answer
// of the last chunk; Meta holds the answer of Facebook's finish and Instagram's media_publish).
// Another worker takes the job over, reads the platform's status with the stored remote id and
// resumes or only waits: one post at the fake each, never a second init.
// And Instagram's media_publish answer lost on the way: the retry finds the reel, publishes nothing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, startBoss, type Boss } from '@scrapper/db/queue';
import { insertPublishPost, type NewPublishTarget } from '@scrapper/db/queries/publish-posts';
import { downloads, oauthClientSecrets, publishAccounts, publishTargets } from '@scrapper/db/schema';
import { startFakeMeta, type FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import { startFakeTikTok, type FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { makeVideo, metaAccountValues, tiktokAccountValues, type VideoSpec } from '@scrapper/testkit/publish-fixtures';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { until } from '../../test/waits.ts';

const client = { clientKey: 'aw-kill', clientSecret: 'rahasia-kill' };
let h: WorkerHarness;
let tiktok: FakeTikTok;
let meta: FakeMeta;
let supervisor: Boss;
let userId: string;
let fileId: string;
let fileSha: string;
let current: ChildProcess | undefined;
const output: Array<() => string> = [];
const ids = {} as { tiktok: string; instagram: string; facebook: string };

function startWorkerProcess(): ChildProcess {
  const worker = h.spawnWorkerProcess();
  output.push(worker.output);
  current = worker.child;
  return worker.child;
}

/**
 * The test's tuning, on each job (a worker starting sets the queue back to the catalog's 60 s
 * heartbeat and 30 s retries): a missed heartbeat hands a dead worker's job on after 10 s
 * (pg-boss's minimum), retried at once.
 */
const TUNING = { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false };

async function killCurrent(): Promise<void> {
  const child = current;
  if (!child) return;
  const killed = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)));
  process.kill(-(child.pid ?? 0), 'SIGKILL');
  expect(await killed).toBe('SIGKILL');
}

async function insertAccount(values: typeof publishAccounts.$inferInsert): Promise<string> {
  const [row] = await h.database.db.insert(publishAccounts).values(values).returning();
  if (!row) throw new Error('no account');
  return row.id;
}

/** A video made by ffmpeg, stored as the member's completed download: its id, size and hash. */
async function storeVideo(name: string, spec: VideoSpec): Promise<{ id: string; size: number; sha: string }> {
  const path = join(h.dataDir, name);
  makeVideo(path, spec);
  const bytes = readFileSync(path);
  const key = `downloads/${userId}/${name}`;
  await h.storage.write(key, bytes);
  const [row] = await h.database.db
    .insert(downloads)
    .values({ ownerId: userId, platform: 'tiktok', sourceItemId: name, sourceUrl: 'https://www.tiktok.com/@a/video/1', title: name, quality: 'best', status: 'completed', storageKey: key, sizeBytes: bytes.length, mime: 'video/mp4', finishedAt: new Date() })
    .returning();
  return { id: row?.id ?? '', size: bytes.length, sha: createHash('sha256').update(bytes).digest('hex') };
}

async function publish(target: NewPublishTarget, serverFileId = fileId): Promise<string> {
  const saved = await h.database.transaction(({ db }) => insertPublishPost(db, { userId, serverFileId, caption: `Sekali saja ${crypto.randomUUID().slice(0, 6)}` }, [target]));
  const id = saved.targets[0]?.id ?? '';
  await enqueue(supervisor, 'publish.target', { targetId: id }, { singletonKey: id, ...TUNING });
  return id;
}

async function target(id: string) {
  const [row] = await h.database.db.select().from(publishTargets).where(eq(publishTargets.id, id));
  return row;
}

function targetFinal(id: string) {
  return until(`target ${id} to end`, async () => {
    const row = await target(id);
    return row && ['published', 'sent_to_inbox', 'failed', 'cancelled'].includes(row.status) ? row : undefined;
  }, 150_000);
}

/** The target's remote id is stored and its upload request reached the fake. */
function uploadStarted(id: string, requests: () => { endpoint?: string | undefined }[], endpoint: string) {
  return until(`target ${id} to be sending`, async () => {
    const row = await target(id);
    return row?.remoteId && requests().some((r) => r.endpoint === endpoint) ? row : undefined;
  }, 90_000, 50);
}

beforeAll(async () => {
  tiktok = await startFakeTikTok({ clients: [client], unaudited: false });
  meta = await startFakeMeta();
  h = await startWorkerHarness({
    name: 'faults-killed-publish',
    poolMax: 4,
    env: {
      WORKER_QUEUES: 'publish.target',
      HEARTBEAT_INTERVAL_SECONDS: '2',
      LOG_LEVEL: 'warn',
      TIKTOK_API_BASE_URL: tiktok.urls.apiBaseUrl,
      META_GRAPH_BASE_URL: meta.urls.graphBaseUrl,
      META_GRAPH_VERSION: meta.version,
      META_UPLOAD_BASE_URL: meta.urls.uploadBaseUrl,
    },
  });
  userId = await h.insertUser('member');
  const [secret] = await h.database.db
    .insert(oauthClientSecrets)
    .values({ name: 'TikTok', clientId: client.clientKey, sealedClientSecret: h.box.seal(client.clientSecret), secretLastFour: 'kill', platform: 'tiktok', redirectUri: 'http://127.0.0.1/cb' })
    .returning();
  ids.tiktok = await insertAccount(tiktokAccountValues(tiktok, h.box, { userId, clientSecretId: secret?.id ?? null, clientKey: client.clientKey, username: 'sekali' }).values);
  const metaRows = metaAccountValues(meta, h.box, { userId, clientSecretId: null });
  ids.instagram = await insertAccount(metaRows.instagram);
  ids.facebook = await insertAccount(metaRows.facebook);
  const clip = await storeVideo('clip.mp4', { width: 540, height: 960, durationSecs: 4 });
  fileId = clip.id;
  fileSha = clip.sha;

  startWorkerProcess();
  await until('the worker to create its queue', async () => {
    const [ready] = await h.database.sql<{ ready: boolean }[]>`select to_regclass('pgboss.queue') is not null as ready`;
    if (!ready?.ready) return undefined;
    const [queue] = await h.database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.queue where name = 'publish.target'`;
    return queue?.n === 1 ? true : undefined;
  }, 90_000);
  supervisor = await startBoss(h.testDb.url, { max: 2, supervise: true, superviseIntervalSeconds: 1 });
  supervisor.on('error', () => undefined);
}, 180_000);

afterAll(async () => {
  await supervisor?.stop({ graceful: false, close: true });
  await h?.close();
  await tiktok?.close();
  await meta?.close();
}, 60_000);

describe('a worker process killed while publishing', () => {
  it('TikTok, killed mid-upload: the next worker sends the chunk to the same upload URL; one post', async () => {
    tiktok.failNext('post.upload', { delayMs: 20_000 });
    const id = await publish({ platform: 'tiktok', accountId: ids.tiktok, options: { mode: 'inbox' } });
    await uploadStarted(id, () => tiktok.requests, 'post.upload');
    await killCurrent();
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('sent_to_inbox');
    const posts = tiktok.posts();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.publishId).toBe(row.remoteId);
    expect(posts[0]?.sha256).toBe(fileSha);
    expect(tiktok.requests.filter((r) => r.endpoint === 'post.inboxVideoInit')).toHaveLength(1);
  }, 240_000);

  it('TikTok, killed after TikTok took every byte (its answer held): the next worker only reads the status; one post', async () => {
    tiktok.reset();
    tiktok.holdAnswers('post.upload', true);
    const id = await publish({ platform: 'tiktok', accountId: ids.tiktok, options: { mode: 'inbox' } });
    await tiktok.waitForHeldAnswer('post.upload');
    await killCurrent();
    tiktok.holdAnswers('post.upload', false);
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('sent_to_inbox');
    expect(tiktok.posts()).toHaveLength(1);
    expect(tiktok.posts()[0]?.sha256).toBe(fileSha);
    expect(tiktok.requests.filter((r) => r.endpoint === 'post.inboxVideoInit')).toHaveLength(1);
    // Only the one PUT of the killed worker: the next one found every byte there.
    expect(tiktok.requests.filter((r) => r.endpoint === 'post.upload')).toHaveLength(1);
  }, 240_000);

  it('TikTok, a two-chunk file killed while its second chunk is on the way: the next worker sends only the second chunk; one post', async () => {
    tiktok.reset();
    // About 23 MB: two chunks by TikTok's rules (10 MiB, then the rest).
    const big = await storeVideo('dua-potong.mp4', { width: 720, height: 1280, durationSecs: 4, bitrateKbps: 48_000 });
    expect(big.size).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    tiktok.failNext('post.upload', {}); // the first chunk goes through as usual
    tiktok.failNext('post.upload', { delayMs: 20_000 }); // the second stalls
    const id = await publish({ platform: 'tiktok', accountId: ids.tiktok, options: { mode: 'inbox' } }, big.id);
    const puts = () => tiktok.requests.filter((r) => r.endpoint === 'post.upload');
    await until('the second chunk to be on its way', async () => (puts().length >= 2 && puts()[0]?.status === 206 ? true : undefined), 90_000, 50);
    await killCurrent();
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('sent_to_inbox');
    expect(tiktok.posts()).toHaveLength(1);
    expect(tiktok.posts()[0]?.sha256).toBe(big.sha);
    expect(tiktok.requests.filter((r) => r.endpoint === 'post.inboxVideoInit')).toHaveLength(1);
    // The killed worker's two PUTs and the next worker's one: the first chunk was not sent again.
    expect(puts()).toHaveLength(3);
  }, 240_000);

  it('Facebook, killed mid-upload: the next worker resumes at bytes_transferred and finishes once; one reel', async () => {
    meta.failNext('fb.upload', { delayMs: 20_000 });
    const id = await publish({ platform: 'facebook', accountId: ids.facebook, options: {} });
    await uploadStarted(id, () => meta.requests, 'fb.upload');
    await killCurrent();
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('published');
    const reels = meta.posts().filter((p) => p.platform === 'facebook');
    expect(reels).toHaveLength(1);
    expect(reels[0]?.sha256).toBe(fileSha);
    expect(meta.requests.filter((r) => r.endpoint === 'fb.reels.start')).toHaveLength(1);
  }, 240_000);

  it('Facebook, killed after Meta published the reel (its finish answer held): the next worker reads the status and starts nothing new; one reel', async () => {
    const before = meta.posts().filter((p) => p.platform === 'facebook').length;
    const starts = () => meta.requests.filter((r) => r.endpoint === 'fb.reels.start').length;
    const startsBefore = starts();
    const acted = meta.holdNextAnswer('fb.reels.finish');
    const id = await publish({ platform: 'facebook', accountId: ids.facebook, options: {} });
    await acted;
    await killCurrent();
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('published');
    const reels = meta.posts().filter((p) => p.platform === 'facebook');
    expect(reels).toHaveLength(before + 1);
    expect(reels.at(-1)?.sha256).toBe(fileSha);
    expect(row.remoteId).toBe(reels.at(-1)?.remoteId);
    // The same video id all along: no second start.
    expect(starts()).toBe(startsBefore + 1);
  }, 240_000);

  it('Instagram, killed mid-upload: one container, one reel', async () => {
    meta.failNext('ig.upload', { delayMs: 20_000 });
    const id = await publish({ platform: 'instagram', accountId: ids.instagram, options: {} });
    await uploadStarted(id, () => meta.requests, 'ig.upload');
    await killCurrent();
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('published');
    const reels = meta.posts().filter((p) => p.platform === 'instagram');
    expect(reels).toHaveLength(1);
    expect(reels[0]?.sha256).toBe(fileSha);
    expect(meta.requests.filter((r) => r.endpoint === 'ig.media.create')).toHaveLength(1);
  }, 240_000);

  it('Instagram, killed after Meta published the reel (its media_publish answer held): the next worker finds it and publishes nothing more; one reel', async () => {
    const before = meta.posts().filter((p) => p.platform === 'instagram').length;
    const containers = () => meta.requests.filter((r) => r.endpoint === 'ig.media.create').length;
    const containersBefore = containers();
    const acted = meta.holdNextAnswer('ig.media.publish');
    const id = await publish({ platform: 'instagram', accountId: ids.instagram, options: {} });
    await acted;
    await killCurrent();
    startWorkerProcess();
    const row = await targetFinal(id);
    expect(row.status, output.map((o) => o()).join('')).toBe('published');
    const reels = meta.posts().filter((p) => p.platform === 'instagram');
    expect(reels).toHaveLength(before + 1);
    expect(reels.at(-1)?.sha256).toBe(fileSha);
    expect(row.remotePostId).toBe(reels.at(-1)?.mediaId);
    expect(containers()).toBe(containersBefore + 1);
  }, 240_000);

  it("Instagram, media_publish's answer lost after Meta published: the retry finds the reel and publishes nothing more", async () => {
    meta.loseNextAnswer('ig.media.publish');
    const before = meta.posts().filter((p) => p.platform === 'instagram').length;
    const id = await publish({ platform: 'instagram', accountId: ids.instagram, options: {} });
    const row = await targetFinal(id);
    expect(row.status, `${row.reason} ${row.detail}`).toBe('published');
    const reels = meta.posts().filter((p) => p.platform === 'instagram');
    expect(reels).toHaveLength(before + 1);
    expect(row.remotePostId).toBe(reels.at(-1)?.mediaId);
  }, 240_000);
});
