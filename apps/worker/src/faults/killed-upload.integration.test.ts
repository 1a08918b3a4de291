// Issue 15, exactly once: a real worker process SIGKILLed after YouTube finished the video but
// before the worker heard so (the fake holds its answer), so the id was never saved. Another
// worker process takes the job over once the dead one's heartbeat is missed, asks the stored
// resumable session for its state, gets the video back and saves it: one video on YouTube.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { migrateDatabase } from '@scrapper/db/migrate';
import { startBoss, type Boss } from '@scrapper/db/queue';
import { insertUser } from '@scrapper/db/queries/users';
import { youtubeUploads } from '@scrapper/db/schema';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createStorage, type ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startTestStorage, type TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { loadEnv } from '../env.ts';
import { connectFakeChannel, queueUpload, until } from './fault-fixtures.ts';

const workerMain = fileURLToPath(new URL('../main.ts', import.meta.url));
const secretsKey = randomBytes(32).toString('base64');
const box = createSecretBox(secretsKey);

let testDb: TestDatabase;
let database: Database;
let supervisor: Boss;
let google: FakeGoogle;
let dataDir: string;
let testStorage: TestStorage;
let storage: ProcessStorage;
let workerEnv: Record<string, string>;
let ownerId: string;
let accountId: string;
let clip: Buffer;
const children: ChildProcess[] = [];
const output: string[] = [];

/** A worker process as an operator runs it (its own process group, so SIGKILL takes it whole). */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', workerMain], {
    env: { ...process.env, ...workerEnv },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  children.push(child);
  return child;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await migrateDatabase(testDb.url);
  database = createDatabase(testDb.url, { max: 4 });
  google = await startFakeGoogle({ channels: [{ id: 'UCkilledupload'.padEnd(24, 'x'), title: 'Kanal' }] });
  dataDir = mkdtempSync(join(tmpdir(), 'faults-killed-upload-'));
  testStorage = await startTestStorage({ dataDir });
  const clipPath = join(dataDir, 'clip.mp4');
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clipPath]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  clip = readFileSync(clipPath);
  workerEnv = {
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    YTDLP_AUTO_UPDATE: 'false',
    GOOGLE_API_ROOT_URL: google.urls.apiRootUrl,
    GOOGLE_OAUTH_AUTH_URL: google.urls.oauthAuthUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.urls.oauthTokenUrl,
    WORKER_QUEUES: 'youtube.upload',
    HEARTBEAT_INTERVAL_SECONDS: '2',
    LOG_LEVEL: 'warn',
    ...testStorage.env,
  };
  storage = createStorage(loadEnv(workerEnv).storage);
  const owner = await insertUser(database.db, { username: 'member', passwordHash: 'x', role: 'user' });
  ownerId = owner?.id ?? '';
  accountId = await connectFakeChannel(database, box, google, ownerId);
}, 120_000);

afterAll(async () => {
  for (const child of children) {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  }
  await supervisor?.stop({ graceful: false, close: true });
  await database?.close();
  await testDb?.drop();
  await google?.close();
  storage?.close();
  await testStorage?.close();
  rmSync(dataDir, { recursive: true, force: true });
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
    supervisor = await startBoss(testDb.url, { max: 2, supervise: true, superviseIntervalSeconds: 1 });
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
    expect(row.status, output.join('')).toBe('uploaded');
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
