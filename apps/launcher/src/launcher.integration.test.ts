// The product as `npm start` runs it: real embedded PostgreSQL, API and worker processes.
// Proves the first-start admin, the API -> queue -> worker path, a clean stop with no
// orphans, and that a second start reuses the data.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@scrapper/db/embedded';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'scrapper-launcher-test-'));
const running: ChildProcess[] = [];
const REQUEST_ID = 'launcher-uji-req-1';

interface Launched {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
}

/** The launcher as `npm start` runs it, on this file's data directory; not waited for. */
function spawnLauncher(port: number, extra: NodeJS.ProcessEnv = {}): Launched {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.LOG_FORMAT;
  if (extra.LOG_FORMAT) env.LOG_FORMAT = extra.LOG_FORMAT;
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_USERNAME;
  delete env.JWT_SECRET;
  delete env.SECRETS_KEY;
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out, baseUrl: `http://127.0.0.1:${port}` };
}

async function launch(port: number, extra: NodeJS.ProcessEnv = {}): Promise<Launched> {
  const launched = spawnLauncher(port, extra);
  const deadline = Date.now() + 90_000;
  while (!launched.output().includes('Scrapper is running at')) {
    if (launched.child.exitCode !== null) throw new Error(`launcher exited early:\n${launched.output()}`);
    if (Date.now() > deadline) throw new Error(`launcher not ready:\n${launched.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return launched;
}

async function waitFor(check: () => boolean, l: Launched): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(check(), l.output()).toBe(true);
}

function pidsOf(output: string): number[] {
  return [...output.matchAll(/started \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop(l: Launched): Promise<number | null> {
  const exited = new Promise<number | null>((done) => l.child.once('exit', (code) => done(code)));
  l.child.kill('SIGTERM');
  return exited;
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start (the launcher)', () => {
  let password = '';

  it('starts everything, prints the generated admin password once, and runs a job end to end', async () => {
    const port = await findFreePort();
    // Info level: every request is logged, so the console/file split below has lines to split.
    const l = await launch(port, { LOG_LEVEL: 'info' });
    const match = /generated admin password[^:]*: (\S+)/.exec(l.output());
    expect(match, l.output()).not.toBeNull();
    password = match?.[1] ?? '';

    try {
      await exercise(l);
      // The console: the address, the first admin's login and the next steps; no request's
      // JSON line; one readable line for the finished job. The JSON goes to DATA_DIR/logs.
      await waitFor(() => /\[job\] maintenance\.sweep \w+ selesai \(\d+,\d dtk\)/.test(l.output()), l);
      const console = l.output();
      expect(console).toContain(`Buka ${l.baseUrl} di browser.`);
      expect(console).toContain(`Login admin: admin / ${password}`);
      expect(console).toContain('Langkah berikutnya');
      expect(console).toContain('Admin > API Key: tambahkan kunci Apify');
      expect(console).not.toMatch(/^\{.*"level"/m);
      expect(console).not.toContain('request completed');
      const file = readFileSync(join(dataDir, 'logs', 'scrapper.log'), 'utf8').trim().split('\n');
      type Entry = { msg?: string; req?: { url?: string }; reqId?: string; requestId?: string; name?: string; event?: string; queue?: string; durationMs?: number };
      const entries = file.map((line) => JSON.parse(line) as Entry);
      expect(entries.some((e) => e.msg === 'request completed')).toBe(true);
      expect(entries.some((e) => e.req?.url?.startsWith('/api/auth/login'))).toBe(true);
      expect(entries.some((e) => /\[job\] maintenance\.sweep/.test(e.msg ?? ''))).toBe(true);
      // One log shape (issue 15): the API's line of the request and the worker's JSON line of the
      // job it enqueued carry the same request id.
      expect(entries.some((e) => e.reqId === REQUEST_ID && e.req?.url === '/api/admin/maintenance/runs')).toBe(true);
      const jobLine = entries.find((e) => e.name === 'worker' && e.requestId === REQUEST_ID && e.event === 'job.finished');
      expect(jobLine, file.join('\n')).toMatchObject({ queue: 'maintenance.sweep' });
      expect(typeof jobLine?.durationMs).toBe('number');
    } finally {
      const pids = pidsOf(l.output());
      expect(pids).toHaveLength(2);
      const code = await stop(l);
      expect(code).toBe(0);
      expect(l.output()).toContain('database stopped');
      for (const pid of pids) expect(isAlive(pid), `pid ${pid} still running`).toBe(false);
      // The embedded server is gone too: its port no longer answers.
      await expect(fetch(`${l.baseUrl}/api/health`)).rejects.toThrow();
    }
  });

  async function exercise(l: Launched) {
    const login = await json(`${l.baseUrl}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username: 'admin', password }) });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${String(login.body.token)}` };

    // Enqueued by the API, run by the worker process, result visible through the API.
    // With a request id of its own: it follows the request into the job and the worker's lines.
    const started = await json(`${l.baseUrl}/api/admin/maintenance/runs`, { method: 'POST', headers: { ...auth, 'x-request-id': REQUEST_ID } });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('queued');
    let run = started.body;
    for (let i = 0; i < 150 && run.status !== 'completed' && run.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      run = (await json(`${l.baseUrl}/api/admin/maintenance/runs/${String(started.body.id)}`, { headers: auth })).body;
    }
    expect(run.status).toBe('completed');
    expect(run.result).toMatchObject({ staleWorkersRemoved: 0, expiredLoginAttemptsRemoved: 0, expiredPreviewsRemoved: 0 });
    expect(run.trigger).toBe('admin');

    const workers = await json(`${l.baseUrl}/api/admin/workers`, { headers: auth });
    expect(Array.isArray(workers.body) && workers.body.length).toBe(1);
    expect(run.workerId).toBe((workers.body as unknown as Array<{ id: string }>)[0]?.id);
  }

  it('reuses the data on a second start: same admin password, no new one printed; LOG_FORMAT=json keeps JSON on stdout', async () => {
    const port = await findFreePort();
    const l = await launch(port, { LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    await waitFor(() => l.output().includes('Login admin: akun yang sudah ada'), l);
    expect(l.output()).not.toMatch(/generated admin password/);
    expect(l.output()).toMatch(/^\{.*"level":30.*\}$/m);
    try {
      const login = await json(`${l.baseUrl}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username: 'admin', password }) });
      expect(login.status).toBe(200);
    } finally {
      expect(await stop(l)).toBe(0);
    }
  });

  it('recovers after the launcher is killed outright: children follow it, the next start takes over the database', async () => {
    const port = await findFreePort();
    const l = await launch(port);
    const pids = pidsOf(l.output());
    const exited = new Promise((done) => l.child.once('exit', done));
    l.child.kill('SIGKILL');
    await exited;
    // API and worker notice the launcher is gone and stop on their own.
    for (let i = 0; i < 100 && pids.some(isAlive); i++) await new Promise((r) => setTimeout(r, 200));
    for (const pid of pids) expect(isAlive(pid), `pid ${pid} orphaned`).toBe(false);
    const again = await launch(port);
    expect((await json(`${again.baseUrl}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username: 'admin', password }) })).status).toBe(200);
    expect(await stop(again)).toBe(0);
  });

  it('stops cleanly when told to while the API is still starting: a stop, not "failed to start"', async () => {
    const l = spawnLauncher(await findFreePort());
    // The API process is up but not answering yet (the launcher waits for its health).
    for (let i = 0; i < 600 && !/\[launcher\] api started/.test(l.output()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(l.output()).toMatch(/\[launcher\] api started/);
    expect(await stop(l)).toBe(0);
    expect(l.output()).not.toMatch(/failed to start/);
    expect(l.output()).not.toMatch(/worker-1 started/);
  });
});
