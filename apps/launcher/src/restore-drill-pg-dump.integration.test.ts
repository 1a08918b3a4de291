// The restore drill of docs/operations.md for a database server of its own (`DATABASE_URL`, the
// route of Docker and of three machines), performed: the product runs on a PostgreSQL server of
// another major version than the embedded one (Debian's PostgreSQL 15, what bookworm ships and
// older than compose's 17), with local storage under DATA_DIR and its keys in the environment. It
// gets a member, a downloaded file and stored secrets; the guide's pg_dump block backs it up
// WHILE it runs (the point of pg_dump: a consistent snapshot without downtime); it is stopped,
// its database dropped and DATA_DIR wiped; the guide's restore block brings both back; the
// product starts again and serves the same logins, the same bytes and secrets that still open.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@scrapper/db/embedded';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { createDrillData, expectDrillDataBack, Product, productEnv, runGuideBlock, scriptDrillScrape, type DrillData } from './drill-support.ts';

/** What the drill runs: a server of its own, and the client tools the guide's blocks call. */
const PG_TOOLS = ['initdb', 'pg_ctl', 'postgres', 'psql', 'pg_dump', 'pg_restore', 'dropdb', 'createdb'];

/**
 * The newest /usr/lib/postgresql/<major>/bin that has every tool (Debian's layout; PG_BIN_DIR
 * points elsewhere). `npm test` installs the distribution's postgresql when none is there
 * (scripts/bootstrap.mjs); a machine without it fails here, loudly, rather than skip the drill.
 */
function findPgBinDir(): string {
  const has = (dir: string) => PG_TOOLS.every((tool) => existsSync(join(dir, tool)));
  const override = process.env.PG_BIN_DIR;
  if (override) {
    if (!has(override)) throw new Error(`PG_BIN_DIR=${override} lacks one of ${PG_TOOLS.join(', ')}`);
    return override;
  }
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find(has);
  if (!found) {
    throw new Error(
      `The pg_dump restore drill needs a PostgreSQL server and its client tools (${PG_TOOLS.join(', ')}) under ` +
        '/usr/lib/postgresql/<major>/bin and found none. `npm test` installs them as root with apt; otherwise ' +
        '`sudo apt-get install -y postgresql`, or set PG_BIN_DIR to a folder that has them.',
    );
  }
  return found;
}

interface Ids {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to Debian's `postgres` system user. */
function serverUser(): Ids | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, the drill runs PostgreSQL as the `postgres` system user, which does not exist (postgresql-common creates it).');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const bin = findPgBinDir();
const ids = serverUser();
/** The major version of that server ("postgres (PostgreSQL) 15.18 (Debian ...)"). */
const serverMajor = Number(/\(PostgreSQL\) (\d+)/.exec(spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout)?.[1]);
const workDir = mkdtempSync(join(tmpdir(), 'scrapper-pg-dump-drill-'));
const dataDir = join(workDir, 'data');
const backupDir = join(workDir, 'backup');
// A cluster of the drill's own, in a folder its server user owns: the machine's own clusters
// (Debian's 15/main on port 5432) are never touched.
const clusterDir = mkdtempSync(join(tmpdir(), 'scrapper-pg-dump-cluster-'));
const pgdata = join(clusterDir, 'pgdata');
const adminPassword = randomBytes(18).toString('base64url');
const appPassword = randomBytes(18).toString('base64url');
let pgPort = 0;
let databaseUrl = '';
let clusterStarted = false;
let product: Product | undefined;
let fake: FakeApify;
let media: MediaServer;

function pgTool(tool: string, args: string[], opts: { asServerUser?: boolean } = {}): string {
  const res = spawnSync(join(bin, tool), args, {
    ...(opts.asServerUser && ids ? ids : {}),
    env: { PATH: process.env.PATH, LC_ALL: 'C', PGHOST: '127.0.0.1', PGPORT: String(pgPort), PGUSER: 'postgres', PGPASSWORD: adminPassword, PGDATABASE: 'postgres' },
    cwd: clusterDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (res.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${res.status ?? res.signal}): ${res.stderr}${res.error?.message ?? ''}`);
  return res.stdout;
}

/** One value from the server, as its admin. */
function adminQuery(query: string, database = 'postgres'): string {
  return pgTool('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-tA', '-d', database, '-c', query]).trim();
}

/** The guide's blocks see only the variables the guide names, and this server's tools first on PATH. */
function runGuide(name: string, extra: Record<string, string> = {}): void {
  runGuideBlock(name, {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: workDir,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    ...extra,
  });
}

beforeAll(async () => {
  pgPort = await findFreePort();
  if (ids) chownSync(clusterDir, ids.uid, ids.gid);
  const pwfile = join(clusterDir, 'admin.password');
  writeFileSync(pwfile, `${adminPassword}\n`, { mode: 0o600 });
  if (ids) chownSync(pwfile, ids.uid, ids.gid);
  pgTool('initdb', [`--pgdata=${pgdata}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'], { asServerUser: true });
  // No Unix socket (nothing is written to /var/run/postgresql); fsync off: a test cluster.
  const options = `-p ${pgPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off`;
  pgTool('pg_ctl', ['start', '--wait', `--pgdata=${pgdata}`, `--log=${join(clusterDir, 'server.log')}`, '-o', options], { asServerUser: true });
  clusterStarted = true;
  // As a server of its own is set up: the app's role owns its database and is no superuser.
  adminQuery(`create role scrapper login password '${appPassword}'`);
  adminQuery('create database scrapper owner scrapper');
  databaseUrl = `postgres://scrapper:${appPassword}@127.0.0.1:${pgPort}/scrapper`;

  fake = await startFakeApify({ waitForFinishCapMs: 50 });
  media = await startMediaServer();
  scriptDrillScrape(fake, media);
  const port = await findFreePort();
  // Keys in the environment, as on a server deployment: the backup keeps them apart, the wipe
  // of DATA_DIR cannot lose them.
  const extra = { DATABASE_URL: databaseUrl, SECRETS_KEY: randomBytes(32).toString('base64'), JWT_SECRET: randomBytes(36).toString('base64url') };
  product = new Product(`http://127.0.0.1:${port}`, productEnv({ dataDir, port, fake, extra }));
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await fake?.close();
  await media?.close();
  try {
    if (clusterStarted) pgTool('pg_ctl', ['stop', '--wait', '--mode=fast', `--pgdata=${pgdata}`], { asServerUser: true });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    rmSync(clusterDir, { recursive: true, force: true });
  }
}, 60_000);

describe('the pg_dump restore drill of docs/operations.md (a database server of its own)', () => {
  let before: DrillData | undefined;
  let restored = false;
  const run = () => {
    if (!product) throw new Error('no product: the cluster did not start');
    return product;
  };

  it(`the product runs on PostgreSQL ${serverMajor} (migrations, pg-boss) and gets a member, a downloaded file and stored secrets`, async () => {
    await run().start();
    expect(Math.floor(Number(adminQuery('show server_version_num')) / 10_000)).toBe(serverMajor);
    // Every committed migration applied; pg-boss made its schema (and runs the scrape below).
    const journal = JSON.parse(readFileSync(new URL('../../../packages/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
    expect(Number(adminQuery('select count(*) from drizzle.__drizzle_migrations', 'scrapper'))).toBe(journal.entries.length);
    expect(adminQuery("select count(*) from pg_namespace where nspname = 'pgboss'", 'scrapper')).toBe('1');
    before = await createDrillData(run(), fake);
  }, 240_000);

  it("backs up with the guide's block while the product runs, wipes, and restores with the guide's block", async () => {
    expect(before).toBeDefined();
    runGuide('pg-backup');
    expect(existsSync(join(backupDir, 'scrapper.dump'))).toBe(true);
    // Taken while the product served (and its worker and pg-boss held their connections).
    expect((await fetch(`${run().base}/api/health`)).status).toBe(200);
    await run().stop();

    adminQuery('drop database scrapper with (force)');
    expect(adminQuery("select count(*) from pg_database where datname = 'scrapper'")).toBe('0');
    rmSync(dataDir, { recursive: true, force: true });

    runGuide('pg-restore', { DBNAME: 'scrapper', DBUSER: 'scrapper', PGHOST: '127.0.0.1', PGPORT: String(pgPort), PGUSER: 'postgres', PGPASSWORD: adminPassword });
    expect(adminQuery("select pg_get_userbyid(datdba) from pg_database where datname = 'scrapper'")).toBe('scrapper');
    restored = true;
  }, 120_000);

  it('the restored product serves the same logins, the same bytes, and secrets that open', async () => {
    expect(restored).toBe(true);
    await run().start();
    await expectDrillDataBack(run(), before as DrillData);
  }, 240_000);
});
