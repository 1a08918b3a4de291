// Integration harness for the worker, as apps/api/test/harness.ts is for the API: one place that
// makes what a worker test file runs on and takes it all down again. A fresh database of the
// file's own (copied from the run's migrated template), a data folder, a secrets key, the storage
// of TEST_STORAGE_DRIVER (local under DATA_DIR, or an S3-compatible server of the file's own),
// the testkit fakes the file asks for, and the env every worker of the file starts with. Workers
// started through it (in this process, or as real processes) are stopped by `close`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgBoss } from 'pg-boss';
import { createDatabase, type Database } from '@scrapper/db/client';
import { insertApiKey } from '@scrapper/db/queries/api-keys';
import { insertUser } from '@scrapper/db/queries/users';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { createSecretBox, type SecretBox } from '@scrapper/integrations/secret-box';
import { createStorage, type ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import { startFakeApify, type FakeApify, type FakeApifyOptions } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle, type FakeGoogleOptions } from '@scrapper/testkit/fake-google/start-fake-google';
import { startMediaServer, type MediaServer, type MediaServerOptions } from '@scrapper/testkit/media-server/start-media-server';
import { startTestStorage, type TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { loadEnv, type Env } from '../src/env.ts';
import { startWorker, type Logger, type RunningWorker } from '../src/worker.ts';

/** A logger that keeps the test output clean; tests assert on rows, not on log lines. */
export const quiet: Logger = { info: () => {}, error: () => {} };

const workerMain = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface WorkerHarnessOptions {
  /** Names the data folder (`/tmp/<name>-xxxx`), so a leftover one says whose it is. */
  name: string;
  /** Env every worker of the file starts with, over the harness's own (see `envSource`). */
  env?: Record<string, string>;
  /** Files on the driver of TEST_STORAGE_DRIVER (default), on a forced one, or no storage env at all. */
  storage?: 'local' | 's3' | 'none';
  /** A fake Apify (APIFY_BASE_URL points at it, APIFY_POLL_SECONDS is 0). */
  apify?: FakeApifyOptions;
  /** A fake Google (the GOOGLE_* URLs point at it). */
  google?: FakeGoogleOptions;
  /**
   * The testkit's media server. It is on loopback, so the file's workers get its `host:port` in
   * FETCH_ALLOW_PRIVATE_HOSTS: the URL guard stays on for every other private address.
   */
  media?: MediaServerOptions;
  /** More private `host:port` destinations the file's workers may fetch (webhook receivers). */
  allowHosts?: string[];
  /** Connections of the test's own pool. Default 6. */
  poolMax?: number;
}

export interface WorkerHarness {
  testDb: TestDatabase;
  /** The test's own pool on the file's database (workers started here share it). */
  database: Database;
  dataDir: string;
  secretsKey: string;
  /** Seals values as the workers of the file open them (API keys, tokens, cookies). */
  box: SecretBox;
  /** The store the workers write to, as the test reads it; absent with `storage: 'none'`. */
  storage: ProcessStorage;
  /** Which driver and what it holds, in-progress writes included (see startTestStorage). */
  testStorage: TestStorage;
  apify: FakeApify;
  google: FakeGoogle;
  media: MediaServer;
  /** The env of the file's workers as strings (a worker process gets them as its environment). */
  envSource(extra?: Record<string, string>): Record<string, string>;
  env(extra?: Record<string, string>): Env;
  /** A worker in this process on the test's pool; stopped by `stopWorkers` or `close`. */
  startWorker(extra?: Record<string, string>, log?: Logger): Promise<RunningWorker>;
  /** Stops every worker `startWorker` started so far (for files that start fresh ones per test). */
  stopWorkers(): Promise<void>;
  /**
   * A worker as an operator runs it: `node src/main.ts` in a process group of its own (so SIGKILL
   * takes its yt-dlp and ffmpeg with it), stdout and stderr kept in `output`.
   */
  spawnWorkerProcess(extra?: Record<string, string>): { child: ChildProcess; output: () => string };
  /**
   * A pg-boss that only supervises, every second (pg-boss's default is once a minute): a dead
   * worker's job is failed over in seconds. It only changes how soon.
   */
  startSupervisor(): Promise<PgBoss>;
  /** A user row; returns its id. */
  insertUser(username: string, role?: 'user' | 'admin'): Promise<string>;
  /** The fake Apify's token as the saved Apify key, sealed with `box`; returns the key's id. */
  insertApifyKey(): Promise<string>;
  close(): Promise<void>;
}

/** FETCH_ALLOW_PRIVATE_HOSTS for the media server and the file's own receivers, if any. */
function privateHosts(media: MediaServer | undefined, more: string[] = []): Record<string, string> {
  const hosts = [...(media ? [new URL(media.baseUrl).host] : []), ...more];
  return hosts.length > 0 ? { FETCH_ALLOW_PRIVATE_HOSTS: hosts.join(',') } : {};
}

function missing(what: string): never {
  throw new Error(`this file's harness has no ${what}: ask for it in startWorkerHarness`);
}

export async function startWorkerHarness(options: WorkerHarnessOptions): Promise<WorkerHarness> {
  const testDb = await createTestDatabase();
  const database = createDatabase(testDb.url, { max: options.poolMax ?? 6 });
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const secretsKey = randomBytes(32).toString('base64');
  const box = createSecretBox(secretsKey);
  const storageChoice = options.storage ?? process.env['TEST_STORAGE_DRIVER'] ?? 'local';
  const [testStorage, apify, google, media] = await Promise.all([
    storageChoice === 'none' ? undefined : startTestStorage({ dataDir, driver: storageChoice }),
    options.apify ? startFakeApify(options.apify) : undefined,
    options.google ? startFakeGoogle(options.google) : undefined,
    options.media ? startMediaServer(options.media) : undefined,
  ]);
  const workers: RunningWorker[] = [];
  const processes: ChildProcess[] = [];
  const bosses: PgBoss[] = [];

  const envSource = (extra: Record<string, string> = {}): Record<string, string> => ({
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    // Hermetic: no update check of the managed yt-dlp against the real release channel.
    YTDLP_AUTO_UPDATE: 'false',
    // Quick, not different: every queue asks every 0.5 s (a retry whose delay has passed, a job
    // queued for later, is taken at once rather than at the next 2 s poll), and an automation run
    // looks again after 1 s instead of 5. A file can set its own in `env`.
    WORKER_POLL_SECONDS: '0.5',
    AUTOMATION_RUN_WAIT_SECONDS: '1',
    ...(apify ? { APIFY_BASE_URL: apify.baseUrl, APIFY_POLL_SECONDS: '0' } : {}),
    ...(google
      ? { GOOGLE_API_ROOT_URL: google.urls.apiRootUrl, GOOGLE_OAUTH_AUTH_URL: google.urls.oauthAuthUrl, GOOGLE_OAUTH_TOKEN_URL: google.urls.oauthTokenUrl }
      : {}),
    ...testStorage?.env,
    ...privateHosts(media, options.allowHosts),
    ...options.env,
    ...extra,
  });
  const env = (extra: Record<string, string> = {}) => loadEnv(envSource(extra));
  const storage = testStorage ? createStorage(env().storage) : undefined;

  return {
    testDb,
    database,
    dataDir,
    secretsKey,
    box,
    get storage() {
      return storage ?? missing('storage');
    },
    get testStorage() {
      return testStorage ?? missing('storage');
    },
    get apify() {
      return apify ?? missing('fake Apify');
    },
    get google() {
      return google ?? missing('fake Google');
    },
    get media() {
      return media ?? missing('media server');
    },
    envSource,
    env,
    async startWorker(extra = {}, log = quiet) {
      const worker = await startWorker(env(extra), database, log);
      workers.push(worker);
      return worker;
    },
    async stopWorkers() {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
    },
    spawnWorkerProcess(extra = {}) {
      let output = '';
      const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', workerMain], {
        env: { ...process.env, ...envSource(extra) },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      processes.push(child);
      return { child, output: () => output };
    },
    async startSupervisor() {
      const boss = new PgBoss({
        connectionString: testDb.url,
        schema: 'pgboss',
        max: 2,
        supervise: true,
        superviseIntervalSeconds: 1,
        monitorIntervalSeconds: 1,
        schedule: false,
      });
      boss.on('error', () => {});
      await boss.start();
      bosses.push(boss);
      return boss;
    },
    async insertUser(username, role = 'user') {
      const row = await insertUser(database.db, { username, passwordHash: 'x', role });
      if (!row) throw new Error(`user ${username} exists`);
      return row.id;
    },
    async insertApifyKey() {
      const fake = apify ?? missing('fake Apify');
      const key = await insertApiKey(database.db, { type: 'apify', sealedKey: box.seal(fake.token), lastEight: fake.token.slice(-8), label: null });
      return key.id;
    },
    async close() {
      for (const child of processes) {
        if (!child.pid || child.exitCode !== null || child.signalCode !== null) continue;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // the group is gone already
        }
      }
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await Promise.all(bosses.map((b) => b.stop({ graceful: false, close: true })));
      await database.close();
      storage?.close();
      await Promise.all([testStorage?.close(), apify?.close(), google?.close(), media?.close()]);
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
