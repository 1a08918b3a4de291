// Issue 15, exactly once: a real worker process SIGKILLed after YouTube finished the video but
// before the worker heard so (the fake holds its answer), so the id was never saved. Another
// worker process takes the job over once the dead one's heartbeat is missed, asks the stored
// resumable session for its state, gets the video back and saves it: one video on YouTube.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { startBoss, type Boss } from '@scrapper/db/queue';
import { youtubeUploads } from '@scrapper/db/schema';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { connectFakeChannel, queueUpload } from '../../test/fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { until } from '../../test/waits.ts';

let h: WorkerHarness;
let database: Database;
let supervisor: Boss;
let google: FakeGoogle;
let storage: ProcessStorage;
let ownerId: string;
let accountId: string;
let clip: Buffer;
const output: Array<() => string> = [];

/** A worker process as an operator runs it (its own process group, so SIGKILL takes it whole). */
function startWorkerProcess() {
  const worker = h.spawnWorkerProcess();
  output.push(worker.output);
  return worker.child;
}

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'faults-killed-upload',
    poolMax: 4,
    google: { channels: [{ id: 'UCkilledupload'.padEnd(24, 'x'), title: 'Kanal' }] },
    env: { WORKER_QUEUES: 'youtube.upload', HEARTBEAT_INTERVAL_SECONDS: '2', LOG_LEVEL: 'warn' },
  });
  ({ database, google, storage } = h);
  const clipPath = join(h.dataDir, 'clip.mp4');
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clipPath]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  clip = readFileSync(clipPath);
  ownerId = await h.insertUser('member');
  accountId = await connectFakeChannel(database, h.box, google, ownerId);
}, 120_000);

afterAll(async () => {
  await supervisor?.stop({ graceful: false, close: true });
  await h?.close();
}, 60_000);

describe('a worker process killed between YouTube finishing and the id being saved', () => {
  it('the next worker gets the id from the stored session: one video, no second insert', async () => {
    const first = startWorkerProcess();
    // The worker creates its queues on start; then, as the scale-out test does, a missed
    // heartbeat hands a dead worker's job on after 10 s (pg-boss's minimum) instead of 60 s.
    await until('the worker to create its queue', async () => {
      // to_regclass: the pgboss schema itself appears only once the worker got that far.
      const [row] = await database.sql<{ ready: boolean }[]>`
        select to_regclass('pgboss.queue') is not null as ready`;
      if (!row?.ready) return undefined;
      const [queue] = await database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.queue where name = 'youtube.upload'`;
      return queue?.n === 1 ? true : undefined;
    }, 90_000);
    supervisor = await startBoss(h.testDb.url, { max: 2, supervise: true, superviseIntervalSeconds: 1 });
    supervisor.on('error', () => undefined);
    await supervisor.updateQueue('youtube.upload', { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });

    google.holdUploadAnswers(true);
    const id = crypto.randomUUID();
    const key = `uploads/${ownerId}/${id}/video.mp4`;
    await storage.write(key, clip);
    await queueUpload(database, supervisor, { id, userId: ownerId, accountId, title: 'Sekali saja', videoStorageKey: key, videoSizeBytes: clip.length });

    // YouTube has the whole video; its answer is held, so the worker has not saved the id.
    await until('YouTube to finish the video', () => (google.uploads.length === 1 ? true : undefined), 90_000, 50);
    const [during] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
    expect(during?.youtubeVideoId).toBeNull();
    expect(during?.uploadSessionUrl).toBe(google.uploadSessions[0]?.url);
    expect(during?.uploadSessionBytes).toBe(clip.length);

    const killed = new Promise<NodeJS.Signals | null>((done) => first.once('exit', (_code, signal) => done(signal)));
    process.kill(-(first.pid ?? 0), 'SIGKILL');
    expect(await killed).toBe('SIGKILL');
    google.holdUploadAnswers(false);

    startWorkerProcess();
    const row = await until('the upload to finish on the second worker', async () => {
      const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
      return r?.status === 'uploaded' || r?.status === 'failed' ? r : undefined;
    }, 120_000);
    expect(row.status, output.map((o) => o()).join('')).toBe('uploaded');
    expect(google.uploads).toHaveLength(1);
    expect(row.youtubeVideoId).toBe(google.uploads[0]?.id);
    expect(google.uploads[0]?.sha256).toBe(createHash('sha256').update(clip).digest('hex'));
    // One session, one videos.insert; the second worker only asked the session (200).
    expect(google.requests.filter((r) => r.endpoint === 'videos.insert')).toHaveLength(1);
    expect(google.uploadSessions[0]?.puts.map((p) => [p.contentRange, p.status])).toEqual([
      [`bytes 0-${clip.length - 1}/${clip.length}`, 0],
      [`bytes */${clip.length}`, 200],
    ]);
    expect(google.quotaUsage('faults.apps.googleusercontent.com').uploads).toBe(1);
  }, 240_000);
});
