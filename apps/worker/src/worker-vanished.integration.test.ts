// A worker that vanishes mid-job (SIGKILL: no shutdown, no hand-back) leaves its job `active`
// in pg-boss. Once the job's heartbeat goes stale, pg-boss's supervisor fails it to `retry` and
// another worker completes it: one history row, one file, from the user's point of view once.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findDownload, insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { insertUser } from '@scrapper/db/queries/users';
import { downloads } from '@scrapper/db/schema';
import { eq } from 'drizzle-orm';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startWorkerHarness, type WorkerHarness } from '../test/harness.ts';
import { until, waitForJob } from '../test/waits.ts';

let h: WorkerHarness;
let database: Database;
let media: MediaServer;
let dataDir: string;
let supervisor: PgBoss;

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'worker-vanished',
    // The test looks at the stored file on disk.
    storage: 'local',
    media: {}, // the slow clip trickles at about 160 KiB/s
    poolMax: 4,
    env: { WORKER_QUEUES: 'video.download', HEARTBEAT_INTERVAL_SECONDS: '1' },
  });
  ({ database, media, dataDir } = h);
  supervisor = await h.startSupervisor();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('a worker killed mid-job', () => {
  it('leaves the job to another worker, which completes it exactly once', async () => {
    // Worker A: a real process in a group of its own, so SIGKILL takes its yt-dlp with it, as
    // when a machine or container dies.
    const { child: doomed, output } = h.spawnWorkerProcess();
    const doomedExit = new Promise<NodeJS.Signals | null>((done) =>
      doomed.once('exit', (_code, signal) => done(signal)),
    );
    await until(
      `worker A to start:\n${output()}`,
      () => (output().includes('running video.download') ? true : undefined),
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
    await until('worker A to be downloading', async () => {
      const r = await findDownload(database.db, row.id);
      const fetching = media.requests.some(
        (q) => q.path === '/slow/clip.mp4' && q.status === 200 && !q.completed,
      );
      return r?.status === 'running' && fetching ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const pid = doomed.pid;
    if (!pid) throw new Error('no pid');
    process.kill(-pid, 'SIGKILL');
    expect(await doomedExit).toBe('SIGKILL');
    expect((await supervisor.getJobById('video.download', jobId))?.state).toBe('active');
    expect((await findDownload(database.db, row.id))?.status).toBe('running');

    // Worker B, in this process. Its download need not be slow any more: the whole clip (2.6 MB)
    // in about a second instead of 16 at the trickle's pace.
    media.setSlowThrottle({ chunkBytes: 256 * 1024, intervalMs: 100 });
    await h.startWorker();
    const done = await until(
      'the download to finish',
      async () => {
        const r = await findDownload(database.db, row.id);
        return r?.status === 'completed' || r?.status === 'failed' ? r : undefined;
      },
      120_000,
    );

    expect(done.status).toBe('completed');
    expect(done.error).toBeNull();
    // The row is saved before pg-boss records the job's end: wait for that too.
    const job = await waitForJob(supervisor, 'video.download', jobId, ['completed', 'failed']);
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
