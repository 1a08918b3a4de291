// Integration harness: the real app on a real port, on a fresh database of its own, with
// real pg-boss. Tests talk to it over HTTP with fetch. Files go to DATA_DIR/storage, or with
// TEST_STORAGE_DRIVER=s3 to an S3-compatible server of the file's own (s3rver).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDatabase, type Database } from '@scrapper/db/client';
import { startBoss, type Boss } from '@scrapper/db/queue';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { insertUser } from '@scrapper/db/queries/users';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createStorage } from '@scrapper/integrations/storage/create-storage';
import type { Storage } from '@scrapper/integrations/storage/storage';
import type { S3Server } from '@scrapper/testkit/s3-server/start-s3-server';
import { startTestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { buildApp } from '../src/app.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { hashPassword } from '../src/services/auth/password.ts';
import { checkAnswersAgainst } from './checked-fetch.ts';

export interface Harness {
  app: FastifyInstance;
  env: Env;
  database: Database;
  boss: Boss;
  storage: Storage;
  /** Which driver this run's files are on (TEST_STORAGE_DRIVER). */
  storageDriver: 'local' | 's3';
  /** The S3 test server when the driver is s3 (to make it run out of room, count requests). */
  s3: S3Server | undefined;
  /** What the store holds under a key prefix, in-progress writes included (see startTestStorage). */
  storedFiles(prefix: string): Promise<string[]>;
  baseUrl: string;
  request(method: string, path: string, options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  createUser(username: string, password: string, role: 'user' | 'admin'): Promise<{ id: string }>;
  login(username: string, password: string): Promise<string>;
  /** Every log line the app wrote, when started with `captureLogs` (else empty). */
  logs: string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Keep the app's log lines in `logs` instead of printing them; LOG_LEVEL still applies. */
  captureLogs?: boolean;
  /** Force a storage driver for this file, whatever TEST_STORAGE_DRIVER says. */
  storageDriver?: 'local' | 's3';
}

export async function startHarness(envOverrides: Record<string, string> = {}, options: HarnessOptions = {}): Promise<Harness> {
  const testDb: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'scrapper-api-test-'));
  const testStorage = await startTestStorage({ dataDir, driver: options.storageDriver });
  const env = loadEnv({
    DATABASE_URL: testDb.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...testStorage.env,
    ...envOverrides,
  });
  const database = createDatabase(env.databaseUrl, { max: 5 });
  const boss = await startBoss(env.databaseUrl, { supervise: false, max: 2 });
  const storage = createStorage(env.storage);
  const logs: string[] = [];
  const logStream = options.captureLogs ? { write: (line: string) => void logs.push(line) } : undefined;
  const app = await buildApp({ env, database, boss, secrets: createSecretBox(env.secretsKey), storage, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Every answer this app sends to fetch (harness.request and direct calls alike) is checked
  // against the OpenAPI document it serves; one that does not match fails the request.
  const answers = await checkAnswersAgainst(baseUrl);

  const request: Harness['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    // A live event stream (GET /api/events) never ends: the status and headers are the answer.
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, body: undefined, headers: res.headers };
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  return {
    app,
    env,
    database,
    boss,
    storage,
    storageDriver: testStorage.driver,
    s3: testStorage.s3,
    storedFiles: (prefix) => testStorage.files(prefix),
    baseUrl,
    logs,
    request,
    async createUser(username, password, role) {
      const row = await insertUser(database.db, { username, passwordHash: await hashPassword(password), role });
      if (!row) throw new Error(`user ${username} exists`);
      return { id: row.id };
    },
    async login(username, password) {
      const res = await request('POST', '/api/auth/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async close() {
      answers.stop();
      await app.close();
      await boss.stop({ graceful: false, close: true });
      await database.close();
      storage.close();
      await testStorage.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (answers.violations.length > 0) {
        throw new Error(`answers that do not match the OpenAPI document:\n${answers.violations.join('\n')}`);
      }
    },
  };
}
