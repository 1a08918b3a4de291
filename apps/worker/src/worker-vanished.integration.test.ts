// A worker that vanishes mid-job (SIGKILL: no shutdown, no hand-back) leaves its job `active`
// in pg-boss. Once the job's heartbeat goes stale, pg-boss's supervisor fails it to `retry` and
// another worker completes it: one history row, one file, from the user's point of view once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findDownload, insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { insertUser } from '@scrapper/db/queries/users';
import { downloads } from '@scrapper/db/schema';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { eq } from 'drizzle-orm';
import {
  startMediaServer,
  type MediaServer,
} from '@scrapper/testkit/media-server/start-media-server';
import { loadEnv } from './env.ts';
import { startWorker, type RunningWorker } from './worker.ts';

const workerMain = fileURLToPath(new URL('./main.ts', import.meta.url));
const secretsKey = randomBytes(32).toString('base64');
const quiet = { info: () => {}, error: () => {} };

let testDb: TestDatabase;
let database: Database;
let media: MediaServer;
let dataDir: string;
let supervisor: PgBoss;
let doomed: ChildProcess | undefined;
let survivor: RunningWorker | undefined;

function workerEnv(): Record<string, string> {
  return {
    DATABASE_URL: testDb.url,
    // Hermetic: no update check of the managed yt-dlp against the real release channel.
    YTDLP_AUTO_UPDATE: 'false',
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    WORKER_QUEUES: 'video.download',
    HEARTBEAT_INTERVAL_SECONDS: '1',
  };
}

async function waitFor<T>(
  fn: () => Promise<T | undefined> | T | undefined,
  what: string,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 4 });
  media = await startMediaServer(); // the slow clip trickles at about 160 KiB/s
  dataDir = mkdtempSync(join(tmpdir(), 'worker-vanished-'));
  // pg-boss looks for stale heartbeats once a minute by default; this supervisor looks every
  // second, so the test waits seconds instead of a minute. It only changes how soon.
  supervisor = new PgBoss({
    connectionString: testDb.url,
    schema: 'pgboss',
    max: 2,
    supervise: true,
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
    schedule: false,
  });
  supervisor.on('error', () => {});
  await supervisor.start();
}, 120_000);

afterAll(async () => {
  if (doomed?.pid && doomed.exitCode === null && doomed.signalCode === null)
    process.kill(-doomed.pid, 'SIGKILL');
  await survivor?.stop();
  await supervisor.stop({ graceful: false, close: true });
  await database.close();
  await testDb.drop();
  await media.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker killed mid-job', () => {
  it('leaves the job to another worker, which completes it exactly once', async () => {
    // Worker A: a real process in a group of its own, so SIGKILL takes its yt-dlp with it, as
    // when a machine or container dies.
    let output = '';
    doomed = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', workerMain], {
      env: { ...process.env, ...workerEnv() },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    doomed.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    doomed.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const doomedExit = new Promise<NodeJS.Signals | null>((done) =>
      doomed?.once('exit', (_code, signal) => done(signal)),
    );
    await waitFor(
      () => (output.includes('running video.download') ? true : undefined),
      `worker A to start:\n${output}`,
    );

    const owner = await insertUser(database.db, {
      username: 'member',
      passwordHash: 'x',
      role: 'user',
    });
    if (!owner) throw new Error('no owner');
    const { row } = await insertOrJoinDownload(database.db, {
      ownerId: owner.id,
      platform: 'tiktok',
      sourceItemId: 'slow-1',
      sourceUrl: media.urls.slow,
      directUrl: null,
      resultFileName: null,
      title: 'Klip lambat',
      author: 'kreator',
      quality: 'best',
      batchId: null,
      item: {},
    });
    // The catalog's heartbeat (30 s) and retry delay, shortened for this job only.
    const jobId = await enqueue(
      supervisor,
      'video.download',
      { downloadId: row.id },
      {
        singletonKey: row.id,
        heartbeatSeconds: 10,
        retryDelay: 1,
        retryBackoff: false,
      },
    );
    if (!jobId) throw new Error('not enqueued');

    // Mid-download: worker A's yt-dlp is receiving the slow clip.
    await waitFor(async () => {
      const r = await findDownload(database.db, row.id);
      const fetching = media.requests.some(
        (q) => q.path === '/slow/clip.mp4' && q.status === 200 && !q.completed,
      );
      return r?.status === 'running' && fetching ? true : undefined;
    }, 'worker A to be downloading');
    await new Promise((r) => setTimeout(r, 1000));
    const pid = doomed.pid;
    if (!pid) throw new Error('no pid');
    process.kill(-pid, 'SIGKILL');
    expect(await doomedExit).toBe('SIGKILL');
    expect((await supervisor.getJobById('video.download', jobId))?.state).toBe('active');
    expect((await findDownload(database.db, row.id))?.status).toBe('running');

    // Worker B, in this process.
    survivor = await startWorker(loadEnv(workerEnv()), database, quiet);
    const done = await waitFor(
      async () => {
        const r = await findDownload(database.db, row.id);
        return r?.status === 'completed' || r?.status === 'failed' ? r : undefined;
      },
      'the download to finish',
      120_000,
    );

    expect(done.status).toBe('completed');
    expect(done.error).toBeNull();
    const job = await supervisor.getJobById('video.download', jobId);
    expect(job?.state).toBe('completed');
    expect(job?.retryCount).toBe(1); // the dead worker's attempt, then the one that finished
    // Once from the user's point of view: one history row, one complete file.
    expect(
      await database.db.select().from(downloads).where(eq(downloads.ownerId, owner.id)),
    ).toHaveLength(1);
    const ownerDir = join(dataDir, 'storage', 'downloads', owner.id);
    expect(readdirSync(ownerDir)).toEqual([`${row.id}.mp4`]);
    expect(statSync(join(ownerDir, `${row.id}.mp4`)).size).toBe(
      statSync(join(media.mediaDir, 'clip-40s.mp4')).size,
    );
    expect(done.sizeBytes).toBe(statSync(join(media.mediaDir, 'clip-40s.mp4')).size);
    // Both attempts reached the media server (yt-dlp probes the URL, then fetches it).
    const fetches = media.requests.filter((q) => q.path === '/slow/clip.mp4' && q.method === 'GET');
    expect(fetches.length).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
