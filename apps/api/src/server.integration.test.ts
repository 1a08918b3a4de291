// The API process as operators run it (server.ts in a child process), told to stop with SIGTERM
// while a big file is still on its way to a client: it stops accepting connections at once,
// answers requests that still arrive on a busy connection with 503 (readiness included), lets
// the in-flight response finish, and cuts a stream that would hold it beyond API_SHUTDOWN_GRACE_S.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { findFreePort } from '@scrapper/db/embedded';
import { completeDownload, insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { findUserByUsername } from '@scrapper/db/queries/users';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';

const serverMain = fileURLToPath(new URL('./server.ts', import.meta.url));
const FILE_BYTES = 64 * 1024 * 1024; // far beyond what loopback socket buffers hold
const ADMIN_PASSWORD = 'drain-admin-password';

let testDb: TestDatabase;
let database: Database;
let dataDir: string;
let downloadId = '';
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  SECRETS_KEY: randomBytes(32).toString('base64'),
};
const children: ChildProcess[] = [];

interface Api {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startApi(graceSeconds: number): Promise<Api> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverMain], {
    env: {
      ...process.env,
      ...secrets,
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      API_SHUTDOWN_GRACE_S: String(graceSeconds),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('[api] listening on')) {
    if (child.exitCode !== null) throw new Error(`api exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`api not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, output: () => out, exited };
}

async function login(api: Api): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${api.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { token: string };
  return body.token;
}

/** A raw HTTP/1.1 connection, so the test decides when to read and what to pipeline. */
function openConnection(
  port: number,
): Promise<{ socket: Socket; received: () => Buffer[]; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () =>
      resolve({ socket, received: () => chunks, closed }),
    );
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
  });
}

function requestText(path: string, token?: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n`;
}

async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const total = (chunks: Buffer[]) => chunks.reduce((n, c) => n + c.length, 0);

async function refusesNewConnections(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`);
    return false;
  } catch {
    return true;
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
  dataDir = mkdtempSync(join(tmpdir(), 'scrapper-api-drain-'));
  // Seeds the admin, whose stored download the tests then fetch.
  const api = await startApi(1);
  api.child.kill('SIGTERM');
  expect(await api.exited).toBe(0);
  const admin = await findUserByUsername(database.db, 'admin');
  if (!admin) throw new Error('admin not seeded');
  const { row } = await insertOrJoinDownload(database.db, {
    ownerId: admin.id,
    platform: 'tiktok',
    sourceItemId: 'big-1',
    sourceUrl: 'https://www.tiktok.com/@a/video/1',
    directUrl: null,
    resultFileName: null,
    title: 'Video besar',
    author: 'kreator',
    quality: 'best',
    batchId: null,
    item: {},
  });
  const key = `downloads/${admin.id}/${row.id}.mp4`;
  const path = join(dataDir, 'storage', key);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.alloc(FILE_BYTES, 7));
  await completeDownload(database.db, row.id, {
    storageKey: key,
    sizeBytes: FILE_BYTES,
    mime: 'video/mp4',
  });
  downloadId = row.id;
}, 120_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database.close();
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('API shutdown on SIGTERM', () => {
  it('refuses new connections, answers 503 to requests arriving while it drains, and finishes the response in flight', async () => {
    const api = await startApi(20);
    const token = await login(api);
    const conn = await openConnection(api.port);
    conn.socket.write(requestText(`/api/media/download/history/${downloadId}`, token));
    await until(() => Buffer.concat(conn.received()).includes('\r\n\r\n'), 'the response headers');
    conn.socket.pause(); // a slow client: the file is only partly sent

    api.child.kill('SIGTERM');
    await until(() => refusesNewConnections(api.port), 'the listener to close');
    // A request that still arrives on the busy connection (pipelined behind the download).
    conn.socket.write(requestText('/api/ready'));
    await new Promise((r) => setTimeout(r, 300));
    expect(api.child.exitCode, 'exited while a response was in flight').toBeNull();

    conn.socket.resume();
    await conn.closed;
    const all = Buffer.concat(conn.received());
    const headerEnd = all.indexOf('\r\n\r\n') + 4;
    const head = all.subarray(0, headerEnd).toString();
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(new RegExp(`content-length: ${FILE_BYTES}`, 'i'));
    // The whole file came, then the 503 for the request that arrived during the drain.
    const rest = all.subarray(headerEnd + FILE_BYTES).toString();
    expect(rest).toMatch(/^HTTP\/1\.1 503/);
    expect(rest).toMatch(/connection: close/i);
    expect(rest).toContain('Service Unavailable');
    expect(await api.exited).toBe(0);
  }, 90_000);

  it('cuts a stream that outlives API_SHUTDOWN_GRACE_S, then exits', async () => {
    const api = await startApi(2);
    const token = await login(api);
    const conn = await openConnection(api.port);
    conn.socket.write(requestText(`/api/media/download/history/${downloadId}`, token));
    await until(() => Buffer.concat(conn.received()).includes('\r\n\r\n'), 'the response headers');
    conn.socket.pause(); // a client that never reads on

    const started = Date.now();
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(10_000);
    expect(api.output()).toMatch(/shutdown grace over/);
    conn.socket.resume();
    await conn.closed;
    expect(total(conn.received())).toBeLessThan(FILE_BYTES);
  }, 90_000);
});
