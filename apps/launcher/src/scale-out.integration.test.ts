// Scale-out proof (issue 7): 2 API processes and 3 worker processes, each with a DATA_DIR of its
// own (no shared disk), on one PostgreSQL and one S3-compatible store (s3rver). 200 mixed jobs go
// in through both APIs: scrapes against the fake Apify, downloads from the media server, uploads
// to the fake YouTube. One worker is SIGKILLed while jobs run. Every job ends once, every file is
// readable from both APIs, nothing is lost.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { startBoss, type Boss } from '@scrapper/db/queue';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgres } from '@scrapper/db/embedded';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startS3Server, type S3Server } from '@scrapper/testkit/s3-server/start-s3-server';
import { openEventStream } from '@scrapper/testkit/event-stream-reader';
import { notifyUser } from '@scrapper/db/queries/notifications';

const apiMain = fileURLToPath(new URL('../../api/src/server.ts', import.meta.url));
const workerMain = fileURLToPath(new URL('../../worker/src/main.ts', import.meta.url));
const ACTOR = 'clockworks/tiktok-scraper';
const SCRAPES = 80;
const DOWNLOADS = 80;
const UPLOADS = 40;
const ITEMS_PER_BATCH = 4;
const CHANNELS = 4;
const channelIds = Array.from({ length: CHANNELS }, (_, i) => `UCscaleout${i}`.padEnd(24, 'x'));

const root = mkdtempSync(join(tmpdir(), 'scrapper-scale-out-'));
const processes: Array<{ name: string; child: ChildProcess; output: string[] }> = [];
let pg: EmbeddedPostgres;
let database: Database;
let supervisor: Boss;
let s3: S3Server;
let apify: FakeApify;
let media: MediaServer;
let google: FakeGoogle;
let apis: string[] = [];
let member = '';
let clip: Buffer;

function start(name: string, main: string, env: Record<string, string>): { child: ChildProcess; output: string[] } {
  // A process group of its own: SIGKILL takes its yt-dlp and ffmpeg along, as when a machine dies.
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  processes.push({ name, child, output });
  return { child, output };
}

async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function started(p: { child: ChildProcess; output: string[] }, marker: string, name: string): Promise<true> {
  return until(`${name} to start`, () => {
    const text = p.output.join('');
    if (text.includes(marker)) return true;
    if (p.child.exitCode !== null) throw new Error(`${name} exited:\n${text}`);
    return undefined;
  }, 90_000);
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const payload: unknown = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: payload as any };
}

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', '', { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return res.body.token as string;
}

const api = (i: number) => apis[i % apis.length] ?? '';

beforeAll(async () => {
  pg = await startEmbeddedPostgres({ dir: join(root, 'pg') });
  database = createDatabase(pg.url, { max: 4 });
  s3 = await startS3Server();
  apify = await startFakeApify({ waitForFinishCapMs: 50 });
  media = await startMediaServer();
  google = await startFakeGoogle({
    autoApprove: true,
    channels: channelIds.map((id, i) => ({ id, title: `Kanal ${i + 1}` })),
  });
  // A tiny clip to upload (about 20 KB).
  const clipPath = join(root, 'clip.mp4');
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clipPath]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  clip = readFileSync(clipPath);

  // What every machine shares: the database, the bucket, the secrets, the outside services.
  const shared: Record<string, string> = {
    DATABASE_URL: pg.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    APIFY_BASE_URL: apify.baseUrl,
    APIFY_POLL_SECONDS: '0',
    GOOGLE_API_ROOT_URL: google.urls.apiRootUrl,
    GOOGLE_OAUTH_AUTH_URL: google.urls.oauthAuthUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.urls.oauthTokenUrl,
    FETCH_ALLOW_PRIVATE_HOSTS: new URL(media.urls.clip3s).host,
    LOG_LEVEL: 'warn',
  };
  // The first API migrates and seeds the admin; then the rest start together.
  const ports = [await findFreePort(), await findFreePort()];
  apis = ports.map((port) => `http://127.0.0.1:${port}`);
  const apiEnv = (i: number) => ({ ...shared, DATA_DIR: join(root, `api-${i}`), PORT: String(ports[i]), HOST: '127.0.0.1' });
  await started(start('api-0', apiMain, apiEnv(0)), 'listening on', 'api-0');
  const rest = [started(start('api-1', apiMain, apiEnv(1)), 'listening on', 'api-1')];
  for (let i = 0; i < 3; i++) {
    const w = start(`worker-${i}`, workerMain, {
      ...shared,
      DATA_DIR: join(root, `worker-${i}`),
      HEARTBEAT_INTERVAL_SECONDS: '2',
      WORKER_CONCURRENCY_SCRAPE_RUN: '4',
      WORKER_CONCURRENCY_VIDEO_DOWNLOAD: '2',
      WORKER_CONCURRENCY_YOUTUBE_UPLOAD: '2',
      WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
      DB_POOL_MAX: '6',
      // The worker's "running" line (what `started` waits for) is logged at info since its logs went to pino.
      LOG_LEVEL: 'info',
    });
    rest.push(started(w, 'running', `worker-${i}`));
  }
  await Promise.all(rest);

  // Test tuning only, as apps/worker's worker-vanished test does: the catalog's heartbeats
  // (30 s, 60 s for uploads) would make the killed worker's jobs wait that long before another
  // worker takes them; here 10 s (pg-boss's minimum), with a supervisor looking every second
  // (pg-boss's default: once a minute) and a 1 s retry delay. Every process created the queues
  // already; jobs take these values when they are sent.
  supervisor = await startBoss(pg.url, { max: 2, supervise: true, superviseIntervalSeconds: 1, onError: () => {} });
  for (const queue of ['scrape.run', 'video.download', 'youtube.upload']) {
    await supervisor.updateQueue(queue, { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });
  }

  // A member with an Apify key, a client secret and four connected channels (through the
  // real OAuth popup flow against the fake Google), alternating API instances throughout.
  const admin = await login(api(0), 'admin', 'admin-password');
  expect((await call(api(1), 'POST', '/api/admin/users', admin, { username: 'member', password: 'member-password', role: 'user' })).status).toBe(201);
  member = await login(api(1), 'member', 'member-password');
  expect((await call(api(0), 'POST', '/api/keys', admin, { key: apify.token })).status).toBe(201);
  const secret = await call(api(1), 'POST', '/api/admin/client-secrets', admin, {
    name: 'Proyek', clientId: 'scale.apps.googleusercontent.com', clientSecret: 'GOCSPX-scale-out-secret', quotaDailyUnits: 10_000_000,
  });
  expect(secret.status, JSON.stringify(secret.body)).toBe(201);
  for (let i = 0; i < CHANNELS; i++) {
    const url = await call(api(i), 'GET', `/api/youtube/auth/url?clientSecretId=${secret.body.id}`, member);
    expect(url.status, JSON.stringify(url.body)).toBe(200);
    google.nextConsentChannelId = channelIds[i];
    const consent = await fetch(url.body.authUrl as string, { redirect: 'manual' });
    const back = await fetch(consent.headers.get('location') ?? '');
    expect(back.status).toBe(200);
  }

  apify.script(ACTOR, {
    polls: 1,
    items: Array.from({ length: DOWNLOADS }, (_, i) => ({
      id: `${9000 + i}`,
      text: `Klip ${i}`,
      // Distinct URLs of the 3 s clip: one download each.
      webVideoUrl: `${media.urls.clip3s}?n=${i}`,
      authorMeta: { name: 'kreator' },
      videoMeta: { duration: 3 },
    })),
  });
}, 180_000);

afterAll(async () => {
  for (const { child } of processes) {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  }
  await supervisor?.stop({ graceful: false, close: true });
  await database?.close();
  await pg?.stop();
  await Promise.all([s3?.close(), apify?.close(), media?.close(), google?.close()]);
  rmSync(root, { recursive: true, force: true });
}, 60_000);

describe('2 APIs and 3 workers on one database and one S3 store', () => {
  it('pushes a change written to the database (as a worker writes it) to the streams of both APIs', async () => {
    const [row] = await database.sql<{ id: string }[]>`select id from users where username = 'member'`;
    const memberId = row?.id ?? '';
    // One stream per API process: each process has its own LISTEN connection.
    const streams = await Promise.all(apis.map((base) => openEventStream(`${base}/api/events`, { authorization: `Bearer ${member}` })));
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      const dedupeKey = `scale-out:${randomBytes(6).toString('hex')}`;
      await notifyUser(database.db, memberId, { kind: 'info', message: 'Dari proses lain', dedupeKey });
      const [notification] = await database.sql<{ id: string }[]>`select id from notifications where dedupe_key = ${dedupeKey}`;
      const got = await Promise.all(streams.map((s, i) => s.next((e) => e.event === 'notification' && e.data.includes(notification?.id ?? '?'), `the notification on api-${i}`)));
      // Both processes send the same event under the same id.
      expect(new Set(got.map((e) => e.id)).size).toBe(1);
    } finally {
      for (const s of streams) s.close();
    }
  }, 60_000);

  it('finishes 200 mixed jobs once each, through a worker SIGKILL, with every file readable from both APIs', async () => {
    const t0 = Date.now();
    const scrapeBody = (i: number) => ({
      actorId: ACTOR,
      input: { searchQueries: `kucing ${i}`, resultsPerPage: DOWNLOADS },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
    // The first scrape's result file is what the downloads are taken from.
    const first = await call(api(0), 'POST', '/api/scrape/start', member, scrapeBody(0));
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const taskIds: string[] = [first.body.taskId];
    const fileName = await until('the first scrape', async () => {
      const s = await call(api(1), 'GET', `/api/scrape/status/${first.body.taskId}`, member);
      if (s.body.state === 'failed') throw new Error(JSON.stringify(s.body));
      return s.body.state === 'completed' ? (s.body.result.fileName as string) : undefined;
    });
    const items = (await call(api(0), 'GET', `/api/data/items?filename=${fileName}`, member)).body.items as Array<{ id: string }>;
    expect(items).toHaveLength(DOWNLOADS);
    const accounts = (await call(api(1), 'GET', '/api/youtube/accounts', member)).body as Array<{ id: string }>;
    expect(accounts).toHaveLength(CHANNELS);

    // The other 199, interleaved, alternating the two APIs.
    const scrapes: Array<() => Promise<void>> = [];
    for (let i = 1; i < SCRAPES; i++) {
      scrapes.push(async () => {
        const res = await call(api(i), 'POST', '/api/scrape/start', member, scrapeBody(i));
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        taskIds.push(res.body.taskId);
      });
    }
    const batchIds: string[] = [];
    const batches: Array<() => Promise<void>> = [];
    for (let b = 0; b < DOWNLOADS / ITEMS_PER_BATCH; b++) {
      batches.push(async () => {
        const itemIds = items.slice(b * ITEMS_PER_BATCH, (b + 1) * ITEMS_PER_BATCH).map((it) => it.id);
        const res = await call(api(b + 1), 'POST', '/api/media/batches', member, { filename: fileName, itemIds, quality: 'best' });
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        batchIds.push(res.body.id);
      });
    }
    const uploadIds: string[] = [];
    const uploadPosts: Array<() => Promise<void>> = [];
    for (let u = 0; u < UPLOADS; u++) {
      uploadPosts.push(async () => {
        const form = new FormData();
        form.append('accountId', accounts[u % CHANNELS]?.id ?? '');
        form.append('title', `Unggahan ${u}`);
        form.append('madeForKids', 'false');
        form.append('privacyStatus', 'unlisted');
        form.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), `klip-${u}.mp4`);
        const res = await fetch(`${api(u)}/api/youtube/upload`, { method: 'POST', headers: { authorization: `Bearer ${member}` }, body: form });
        const body = (await res.json()) as { id: string };
        expect(res.status, JSON.stringify(body)).toBe(202);
        uploadIds.push(body.id);
      });
    }
    // Mixed: scrape, download batch, upload, ... in a round robin over the three kinds.
    const order = interleave(scrapes, batches, uploadPosts);
    for (let i = 0; i < order.length; i += 8) await Promise.all(order.slice(i, i + 8).map((submit) => submit()));
    const tSubmitted = Date.now();

    // Mid-run: a worker vanishes while the three of them are busy.
    const active = await until('jobs running on the workers', async () => {
      const [row] = await database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where state = 'active' and name in ('scrape.run', 'video.download', 'youtube.upload')`;
      return (row?.n ?? 0) >= 4 ? row?.n : undefined;
    });
    const victim = processes.find((p) => p.name === 'worker-1');
    const victimPid = victim?.child.pid;
    if (!victimPid) throw new Error('no worker-1');
    const victimExit = new Promise<NodeJS.Signals | null>((done) => victim.child.once('exit', (_c, signal) => done(signal)));
    process.kill(-victimPid, 'SIGKILL');
    expect(await victimExit).toBe('SIGKILL');
    const tKilled = Date.now();

    // Everything reaches its final state.
    await until('every job to finish', async () => {
      const [row] = await database.sql<{ open: number }[]>`
        select (select count(*) from scrape_tasks where state not in ('completed', 'failed', 'cancelled'))
             + (select count(*) from downloads where status not in ('completed', 'failed', 'cancelled'))
             + (select count(*) from youtube_uploads where status not in ('uploaded', 'failed', 'cancelled')) as open`;
      return Number(row?.open) === 0 ? true : undefined;
    }, 150_000);
    const tDone = Date.now();

    // Scrapes: each completed, one Apify run each, its result file readable from both APIs.
    const tasks = await database.sql<{ id: string; state: string; apify_run_id: string; result_file_name: string }[]>`
      select id, state, apify_run_id, result_file_name from scrape_tasks`;
    expect(tasks).toHaveLength(SCRAPES);
    expect(tasks.filter((t) => t.state === 'completed')).toHaveLength(SCRAPES);
    expect(new Set(taskIds).size).toBe(SCRAPES);
    const runs = apify.runs(ACTOR);
    const followed = new Set(tasks.map((t) => t.apify_run_id));
    const orphans = runs.filter((r) => !followed.has(r.id)).map((r) => ({ status: r.status, polls: r.polls, input: r.input, startedAt: r.startedAt }));
    expect(runs, `runs no task follows: ${JSON.stringify(orphans)}`).toHaveLength(SCRAPES);
    expect(new Set(tasks.map((t) => t.apify_run_id)).size).toBe(SCRAPES);
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set(tasks.map((t) => t.apify_run_id)));
    for (const [i, t] of tasks.entries()) {
      for (const base of apis) {
        const res = await call(base, 'GET', `/api/scrape/content/${t.result_file_name}`, member);
        expect(res.status, `${t.result_file_name} on ${base}`).toBe(200);
        expect(res.body.metadata.itemCount, `task ${i}`).toBe(DOWNLOADS);
      }
    }

    // Downloads: one completed row per item, one stored object each, the same bytes from both APIs.
    const rows = await database.sql<{ id: string; status: string; storage_key: string; size_bytes: string; source_item_id: string }[]>`
      select id, status, storage_key, size_bytes, source_item_id from downloads`;
    expect(rows).toHaveLength(DOWNLOADS);
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(DOWNLOADS);
    expect(new Set(rows.map((r) => r.source_item_id)).size).toBe(DOWNLOADS);
    const storedDownloads = await storedKeys('downloads/');
    expect(storedDownloads.sort()).toEqual(rows.map((r) => r.storage_key).sort());
    for (const r of rows) {
      const [a, b] = await Promise.all(apis.map((base) => call(base, 'GET', `/api/media/download/history/${r.id}`, member)));
      expect(a?.status).toBe(200);
      expect(b?.status).toBe(200);
      expect((a?.body as Buffer).length).toBe(Number(r.size_bytes));
      expect((a?.body as Buffer).equals(b?.body as Buffer)).toBe(true);
    }
    const batchViews = await Promise.all(batchIds.map((id, i) => call(api(i), 'GET', `/api/media/batches/${id}`, member)));
    expect(batchViews.map((b) => b.body.completed)).toEqual(batchIds.map(() => ITEMS_PER_BATCH));

    // Uploads: each uploaded once, one video in the fake YouTube per row, the bytes intact.
    const uploads = await database.sql<{ id: string; status: string; youtube_video_id: string; error_message: string | null }[]>`
      select id, status, youtube_video_id, error_message from youtube_uploads`;
    expect(uploads).toHaveLength(UPLOADS);
    expect(uploads.filter((u) => u.status === 'uploaded'), JSON.stringify(uploads.filter((u) => u.status !== 'uploaded'))).toHaveLength(UPLOADS);
    expect(google.uploads).toHaveLength(UPLOADS);
    expect(new Set(google.uploads.map((u) => u.id))).toEqual(new Set(uploads.map((u) => u.youtube_video_id)));
    const clipSha = (await import('node:crypto')).createHash('sha256').update(clip).digest('hex');
    expect(google.uploads.every((u) => u.sha256 === clipSha)).toBe(true);
    // Resumable sessions (issue 15): how many a retry asked for their state (bytes */N), for the summary.
    const sessionQueries = google.uploadSessions.flatMap((s) => s.puts).filter((p) => p.contentRange?.startsWith('bytes */')).length;
    // The job copies of uploaded videos are gone from the bucket. They are removed just after
    // the uploaded state commits (never before: a failed commit keeps them for the retry), so
    // the last upload's copy may still be going when every row reads final.
    await until('the uploaded videos\' job copies to be removed', async () => ((await storedKeys('uploads/')).length === 0 ? true : undefined), 30_000);

    const [retried] = await database.sql<{ n: number; completed: number }[]>`
      select count(*)::int as n, (count(*) filter (where state = 'completed'))::int as completed
      from pgboss.job where name in ('scrape.run', 'video.download', 'youtube.upload') and retry_count > 0`;
    // Issue 8's fault counts: every submitted job is a request; an attempt that did not finish
    // (the killed worker's, mostly) is a failure, recovered when its job still ended done once.
    const sent = SCRAPES + DOWNLOADS + UPLOADS;
    const done = tasks.filter((t) => t.state === 'completed').length + rows.filter((r) => r.status === 'completed').length + uploads.filter((u) => u.status === 'uploaded').length;
    const failedAttempts = retried?.n ?? 0;
    const lost = sent - done;
    console.log(`fault worker-sigkill: sent=${sent} failed=${failedAttempts} recovered=${retried?.completed ?? 0} lost=${lost}`);
    expect(retried?.completed).toBe(failedAttempts);
    expect(lost).toBe(0);
    const summary = {
      submitted: { scrapes: SCRAPES, downloads: DOWNLOADS, uploads: UPLOADS, total: SCRAPES + DOWNLOADS + UPLOADS },
      finished: {
        scrapesCompleted: tasks.filter((t) => t.state === 'completed').length,
        apifyRuns: runs.length,
        downloadsCompleted: rows.filter((r) => r.status === 'completed').length,
        storedDownloadObjects: storedDownloads.length,
        uploadsUploaded: uploads.filter((u) => u.status === 'uploaded').length,
        fakeYouTubeVideos: google.uploads.length,
        fakeYouTubeSessions: google.uploadSessions.length,
        fakeYouTubeSessionQueries: sessionQueries,
      },
      killedWorker: { pid: victimPid, activeJobsAtKill: active, jobsRetried: retried?.n ?? 0 },
      seconds: { submit: (tSubmitted - t0) / 1000, killAt: (tKilled - t0) / 1000, allDone: (tDone - t0) / 1000, checked: (Date.now() - t0) / 1000 },
    };
    console.log(`[scale-out] ${JSON.stringify(summary)}`);
  }, 240_000);
});

/** Object keys under a prefix, as s3rver keeps them on its disk (the Storage interface does not list). */
async function storedKeys(prefix: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const dir = join(s3.directory, s3.bucket);
  const entries = await readdir(join(dir, prefix), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('._S3rver_object'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1).replace(/\._S3rver_object$/, ''));
}

function interleave<T>(...lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i] as T);
  return out;
}
