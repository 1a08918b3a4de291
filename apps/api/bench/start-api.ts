// Shared by the API benchmarks: embedded PostgreSQL, the API as its own process (so its CPU
// and memory can be read from /proc), and a logged-in admin.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, startEmbeddedPostgres } from '@scrapper/db/embedded';
import { migrateDatabase } from '@scrapper/db/migrate';

export interface BenchApi {
  dir: string;
  databaseUrl: string;
  base: string;
  server: ChildProcess;
  token: string;
  userId: string;
  stop(): Promise<void>;
}

export async function startBenchApi(name: string): Promise<BenchApi> {
  const dir = mkdtempSync(join(tmpdir(), `scrapper-bench-${name}-`));
  const pg = await startEmbeddedPostgres({ dir: join(dir, 'pg') });
  await migrateDatabase(pg.url);
  const port = await findFreePort();
  const server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
    env: { ...process.env, DATABASE_URL: pg.url, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn', ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 300) throw new Error('api did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  });
  const login = (await res.json()) as { token: string; user: { id: string } };
  return {
    dir,
    databaseUrl: pg.url,
    base,
    server,
    token: login.token,
    userId: login.user.id,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
