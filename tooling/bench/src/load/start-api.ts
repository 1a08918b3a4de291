// The product's API as its own process (never imported: the harness spawns apps), on an
// embedded PostgreSQL, so its RSS can be read from /proc and its CPU is not the harness's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, startEmbeddedPostgres } from '@scrapper/db/embedded';

const API_MAIN = fileURLToPath(new URL('../../../../apps/api/src/server.ts', import.meta.url));

export interface LoadApi {
  base: string;
  databaseUrl: string;
  dataDir: string;
  adminPassword: string;
  pid: number;
  /** Resident set size of the API process, in MiB. */
  rssMiB(): number;
  /** Whatever the API wrote to stderr (its warnings and errors). */
  stderr(): string;
  /**
   * A full garbage collection in the API process (through its inspector, on loopback), so the
   * heap figures that follow are live memory, not garbage V8 has not got round to.
   */
  collectGarbage(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLoadApi(): Promise<LoadApi> {
  const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-load-'));
  const pg = await startEmbeddedPostgres({ dir: join(dir, 'pg') });
  const port = await findFreePort();
  const adminPassword = randomBytes(12).toString('hex');
  const server: ChildProcess = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--inspect=127.0.0.1:0', API_MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: pg.url,
      DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      // The login mix comes from many client addresses through X-Forwarded-For, as it would
      // behind a reverse proxy; without this every login counts against 127.0.0.1's 30 per 10 min.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr?.on('data', (d: Buffer) => {
    errors += d.toString();
    if (errors.length > 200_000) errors = errors.slice(-100_000);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the API exited:\n${errors}`);
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 600) throw new Error(`the API did not become ready:\n${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = server.pid ?? 0;
  return {
    base,
    databaseUrl: pg.url,
    dataDir: join(dir, 'data'),
    adminPassword,
    pid,
    rssMiB() {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
      return Number(kb) / 1024;
    },
    stderr: () => errors,
    async collectGarbage() {
      const url = /Debugger listening on (ws:\/\/\S+)/.exec(errors)?.[1];
      if (!url) throw new Error('the API has no inspector to collect garbage through');
      const socket = new WebSocket(url);
      await new Promise<void>((resolvePromise, reject) => {
        socket.addEventListener('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
        socket.addEventListener('message', (event) => {
          if ((JSON.parse(String(event.data)) as { id?: number }).id === 1) resolvePromise();
        });
        socket.addEventListener('error', () => reject(new Error('inspector connection failed')));
      });
      socket.close();
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
