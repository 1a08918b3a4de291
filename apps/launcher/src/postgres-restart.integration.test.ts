// PostgreSQL goes away for a few seconds and comes back on the same port and data folder (a
// restart, a fail-over): the API and the worker ride it out without being restarted. During the
// outage the API answers 503 (not 500, not a hang) on database routes and on /api/ready, and
// liveness stays 200; afterwards both recover and the worker takes new jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgres } from '@scrapper/db/embedded';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scrapper-pg-restart-'));
const pgDir = join(dir, 'pg');
const ADMIN_PASSWORD = 'restart-admin-password';
const children: Array<{ name: string; child: ChildProcess; output: () => string }> = [];
let pg: EmbeddedPostgres;
let base = '';
let token = '';

async function start(
  name: string,
  script: string,
  env: Record<string, string>,
  readyLine: string,
): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, script)],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  children.push({ name, child, output: () => out });
  await until(`${name} to start`, async () => {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${out}`);
    return out.includes(readyLine) ? true : undefined;
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call(method: string, path: string, auth = true) {
  const started = Date.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: auth ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as any;
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
}

/** Queues a maintenance sweep through the API and waits for a worker to complete it. */
async function sweepThroughWorker(): Promise<{ status: string; workerId: string }> {
  const started = await call('POST', '/api/admin/maintenance/runs');
  expect(started.status).toBe(202);
  return until('the sweep to finish', async () => {
    const run = await call('GET', `/api/admin/maintenance/runs/${String(started.body.id)}`);
    return run.status === 200 && (run.body.status === 'completed' || run.body.status === 'failed')
      ? run.body
      : undefined;
  });
}

beforeAll(async () => {
  pg = await startEmbeddedPostgres({ dir: pgDir });
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  const shared = {
    DATABASE_URL: pg.url,
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  };
  await start(
    'api',
    'apps/api/src/server.ts',
    {
      ...shared,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
    },
    '[api] listening on',
  );
  await start(
    'worker',
    'apps/worker/src/main.ts',
    { ...shared, WORKER_QUEUES: 'maintenance.sweep', HEARTBEAT_INTERVAL_SECONDS: '1' },
    'running maintenance.sweep',
  );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
}, 120_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
        }),
    ),
  );
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a PostgreSQL restart', () => {
  it('is survived by the API and the worker without restarting them', async () => {
    expect((await call('GET', '/api/ready', false)).status).toBe(200);
    expect((await sweepThroughWorker()).status).toBe('completed');

    await pg.stop();
    const outageStarted = Date.now();

    // Liveness: the process is fine, only its database is not.
    expect((await call('GET', '/api/health', false)).status).toBe(200);
    const ready = await call('GET', '/api/ready', false);
    expect(ready.status).toBe(503);
    expect(ready.body.failed).toContain('database');
    expect(ready.ms).toBeLessThan(5000);
    // Database routes: 503 with a readable message and Retry-After, answered at once.
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/admin/workers'],
      ['POST', '/api/admin/maintenance/runs'],
    ] as const) {
      const res = await call(method, path);
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body.message).toBe(
        'Basis data sedang tidak dapat dihubungi. Coba lagi dalam beberapa saat.',
      );
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.ms).toBeLessThan(5000);
    }
    // A few seconds down, with the worker polling into the void meanwhile.
    await new Promise((r) => setTimeout(r, Math.max(0, 4000 - (Date.now() - outageStarted))));
    for (const { name, child, output } of children)
      expect(child.exitCode, `${name} died:\n${output()}`).toBeNull();

    pg = await startEmbeddedPostgres({ dir: pgDir, port: pg.port });

    const back = await until('readiness to come back', async () => {
      const res = await call('GET', '/api/ready', false);
      return res.status === 200 ? res : undefined;
    });
    expect(back.body.status).toBe('ready');
    const me = await call('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe('admin');
    // The worker takes new jobs and beats again.
    const run = await sweepThroughWorker();
    expect(run.status).toBe('completed');
    const workers = await until('a fresh heartbeat', async () => {
      const res = await call('GET', '/api/admin/workers');
      const live = (res.body as Array<{ id: string; isStale: boolean }>).filter((w) => !w.isStale);
      return live.length > 0 ? live : undefined;
    });
    expect(workers.map((w) => w.id)).toContain(run.workerId);
    for (const { name, child, output } of children)
      expect(child.exitCode, `${name} died:\n${output()}`).toBeNull();
  }, 180_000);
});
