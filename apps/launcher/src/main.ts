// `npm start`: the whole product on one machine. Starts embedded PostgreSQL (unless
// DATABASE_URL is set), applies migrations, then the API process and the worker
// process(es). On SIGINT/SIGTERM it stops the API and workers first, waits for them, and
// stops the database last, so no job loses its database mid-flight and nothing is orphaned.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@scrapper/db/embedded';
import { migrateDatabase } from '@scrapper/db/migrate';
import { EnvError } from '@scrapper/contracts/rules/env-values';
import { loadEnv, type Env } from './env.ts';
import { createLogRouter, LOG_FILE_NAME, type LogSink } from './log-router.ts';
import { nextSteps, type AdminLogin } from './next-steps.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const STOP_TIMEOUT_MS = 45_000;

interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

let sink: LogSink = createLogRouter({ format: 'json', dir: '' });
/** What the API said about the first admin, for the summary printed once everything runs. */
const adminLogin: AdminLogin = {};

function watchAdminLines(text: string): void {
  const created = /first admin created: username "([^"]+)"/.exec(text);
  if (created) adminLogin.createdUsername = created[1];
  const password = /generated admin password[^:]*: (\S+)/.exec(text);
  if (password) adminLogin.generatedPassword = password[1];
}

function startChild(name: string, script: string, env: NodeJS.ProcessEnv, dev: boolean): Child {
  const args = [
    '--disable-warning=ExperimentalWarning',
    ...(dev ? ['--watch'] : []),
    join(root, script),
  ];
  // The IPC channel is how a child notices the launcher is gone (even after a SIGKILL):
  // it sees 'disconnect' and shuts itself down instead of living on as an orphan.
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe', 'ipc'] });
  // Every line goes through the log router (LOG_FORMAT): readable console, JSON in the file.
  const source = name.startsWith('worker') ? name : 'api';
  for (const stream of ['stdout', 'stderr'] as const) {
    const input = child[stream];
    if (!input) continue;
    createInterface({ input, crlfDelay: Infinity }).on('line', (text) => {
      watchAdminLines(text);
      sink.line(source, stream, text);
    });
  }
  console.log(`[launcher] ${name} started (pid ${child.pid})`);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { name, process: child, exited };
}

async function waitForHealth(url: string, child: Child): Promise<void> {
  let dead = false;
  void child.exited.then(() => (dead = true));
  for (let i = 0; i < 600; i++) {
    if (dead) throw new Error(`${child.name} exited before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not become ready at ${url}`);
}

const children: Child[] = [];
let pg: EmbeddedPostgres | undefined;
let stopping = false;

async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const live = children.filter((c) => c.process.exitCode === null && c.process.signalCode === null);
  for (const c of live) c.process.kill('SIGTERM');
  const timer = setTimeout(() => live.forEach((c) => c.process.kill('SIGKILL')), STOP_TIMEOUT_MS);
  await Promise.all(live.map((c) => c.exited));
  clearTimeout(timer);
  if (pg) {
    await pg.stop();
    console.log('[launcher] database stopped');
  }
  sink.close();
  process.exit(code);
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`[launcher] ${error.message}`);
    process.exit(1);
  }
  mkdirSync(env.dataDir, { recursive: true });
  const logDir = join(env.dataDir, 'logs');
  sink = createLogRouter({ format: env.logFormat, dir: logDir });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.log(`[launcher] ${signal}: stopping`);
      void stopAll(0);
    });
  }

  let databaseUrl = env.databaseUrl;
  if (!databaseUrl) {
    pg = await startEmbeddedPostgres({ dir: join(env.dataDir, 'postgres') });
    databaseUrl = pg.url;
    console.log(
      `[launcher] embedded PostgreSQL on 127.0.0.1:${pg.port} (pid file under ${join(env.dataDir, 'postgres')})`,
    );
  }
  if (stopping) return;
  await migrateDatabase(databaseUrl);

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: env.dataDir,
    PORT: String(env.port),
    HOST: env.host,
  };
  const api = startChild('api', 'apps/api/src/server.ts', childEnv, env.dev);
  children.push(api);
  // Any child that dies on its own takes the whole product down with a failing code, so a
  // supervisor (systemd, compose) can restart it cleanly.
  const watch = (c: Child) =>
    void c.exited.then((code) => {
      if (!stopping) {
        console.error(`[launcher] ${c.name} exited unexpectedly (${code}); stopping`);
        void stopAll(1);
      }
    });
  watch(api);

  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  await waitForHealth(`http://${host}:${env.port}/api/health`, api);
  if (stopping) return;
  for (let i = 0; i < env.workerProcesses; i++) {
    const worker = startChild(`worker-${i + 1}`, 'apps/worker/src/main.ts', childEnv, env.dev);
    children.push(worker);
    watch(worker);
  }
  const address = `http://${host}:${env.port}`;
  // One write: whoever waits for the banner gets the next steps with it, not a moment later.
  const steps = nextSteps({
    address,
    adminUsername: env.adminUsername,
    login: adminLogin,
    logFile: env.logFormat === 'pretty' ? join(logDir, LOG_FILE_NAME) : undefined,
    privateFetch: env.privateFetch,
  });
  console.log(`\n  Scrapper is running at ${address}\n\n${steps}`);
}

main().catch((error: unknown) => {
  // Stopped (Ctrl+C, SIGTERM) while starting: the API going away is the stop, not a failure.
  if (stopping) return;
  console.error('[launcher] failed to start:', error);
  void stopAll(1);
});
