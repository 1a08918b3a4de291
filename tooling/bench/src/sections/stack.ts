// The product as the API overhead and job latency benchmarks see it: embedded PostgreSQL
// (migrated), the fake Apify in this process (it records when each request arrived), and the
// API as its own process with fixed secrets, so a worker started later shares them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { findFreePort, startEmbeddedPostgres } from '@scrapper/db/embedded';
import { migrateDatabase } from '@scrapper/db/migrate';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startNode, stopChild, waitForHttp } from '../lib/proc.ts';

export interface Stack {
  dir: string;
  databaseUrl: string;
  apiBase: string;
  api: ChildProcess;
  env: Record<string, string>;
  fake: FakeApify;
  adminToken: string;
  /** Calls the API as `token`; throws on a non-2xx answer. */
  call<T>(method: string, path: string, token: string, body?: unknown): Promise<T>;
  login(username: string, password: string): Promise<{ token: string; userId: string }>;
  stop(): Promise<void>;
}

export const ADMIN = { username: 'bench', password: 'bench-admin-password' };

/** `apiFlags`: extra Node flags for the API process (the live events bench opens its inspector). */
export async function startStack(options: { apiFlags?: string[] } = {}): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-stack-'));
  const pg = await startEmbeddedPostgres({ dir: join(dir, 'pg') });
  await migrateDatabase(pg.url);
  // Like the real API, the fake holds `waitForFinish` long-polls (the worker's APIFY_POLL_SECONDS).
  const fake = await startFakeApify({ waitForFinishCapMs: 60_000 });
  const port = await findFreePort();
  const env = {
    DATABASE_URL: pg.url,
    DATA_DIR: dir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    APIFY_BASE_URL: fake.baseUrl,
    // Measurements stay offline: no yt-dlp update check against the real release channel.
    YTDLP_AUTO_UPDATE: 'false',
  };
  // BENCH_API_NODE_FLAGS: extra Node flags for the API (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const apiFlags = [...(process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...(options.apiFlags ?? [])];
  const api = startNode('apps/api/src/server.ts', { env, quiet: true, extraFlags: apiFlags });
  const apiBase = `http://127.0.0.1:${port}`;
  await waitForHttp(`${apiBase}/api/health`, { child: api, timeoutMs: 60_000 });

  async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  async function login(username: string, password: string) {
    const res = await fetch(`${apiBase}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
    const json = (await res.json()) as { token: string; user: { id: string } };
    return { token: json.token, userId: json.user.id };
  }
  const admin = await login(ADMIN.username, ADMIN.password);
  return {
    dir,
    databaseUrl: pg.url,
    apiBase,
    api,
    env,
    fake,
    adminToken: admin.token,
    call,
    login,
    async stop() {
      await stopChild(api);
      await fake.close();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
