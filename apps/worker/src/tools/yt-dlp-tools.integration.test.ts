// The worker's managed yt-dlp on real PostgreSQL and pg-boss, against testkit's release server
// (real yt-dlp builds with chosen versions) and media server: the start check in the background,
// downloads through the managed copy with the JS runtime, the report in the heartbeat row, the
// record of every check, one update at a time across workers and machines, the daily schedule and
// the catch-up, pinned and auto-update off, offline, failures told to the admins once a day, and
// a download failing with yt-dlp's "update yt-dlp" errors.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerToolReportSchema } from '@scrapper/contracts/http/tools';
import { createDatabase, type Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { findPreview, insertOrFindPreview } from '@scrapper/db/queries/previews';
import { notifications, toolUpdateChecks, workerHeartbeats } from '@scrapper/db/schema';
import { managedYtDlpPath } from '@scrapper/integrations/yt-dlp-manager/locate';
import { readYtDlpVersion } from '@scrapper/integrations/yt-dlp-manager/program';
import { updateManagedYtDlp } from '@scrapper/integrations/yt-dlp-manager/update-managed';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startYtDlpReleaseServer, type YtDlpReleaseServer } from '@scrapper/testkit/ytdlp-release-server/start-ytdlp-release-server';
import { YTDLP_OUTDATED_MESSAGE } from '../jobs/video-download.ts';
import { quiet, startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished } from '../../test/waits.ts';
import type { Env } from '../env.ts';
import { startWorker, type RunningWorker } from '../worker.ts';
import { createYtDlpTools, type YtDlpTools, type YtDlpToolsOptions } from './yt-dlp-tools.ts';

const NODE_RUNTIME = `node:${process.execPath}`;

let h: WorkerHarness;
let database: Database;
let media: MediaServer;
let releases: YtDlpReleaseServer;
let root: string;
let ownerId: string;
let counter = 0;
const extraPools: Database[] = [];

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'yt-dlp-tools', storage: 'none', media: {}, poolMax: 8 });
  ({ database, media } = h);
  releases = await startYtDlpReleaseServer();
  root = h.dataDir;
  ownerId = await h.insertUser('member');
  await h.insertUser('admin', 'admin');
  await h.insertUser('admin2', 'admin');
}, 120_000);

afterAll(async () => {
  await Promise.all(extraPools.map((pool) => pool.close()));
  await releases?.close();
  await h?.close();
});

/** A worker's env with a data folder of its own, updating itself from the test's release server. */
function envFor(dataDir: string, extra: Record<string, string> = {}): Env {
  return h.env({
    DATA_DIR: dataDir,
    YTDLP_AUTO_UPDATE: 'true',
    // The media server and the release server, both on loopback; the guard stays on for the rest.
    FETCH_ALLOW_PRIVATE_HOSTS: [new URL(media.baseUrl).host, new URL(releases.baseUrl).host].join(','),
    YTDLP_RELEASE_URL: releases.baseUrl,
    ...extra,
  });
}

function freshDataDir(): string {
  counter += 1;
  return join(root, `data-${counter}`);
}

/** A worker's tools as a worker builds them, on a pool of its own (another process). */
async function toolsFor(env: Env, overrides: Partial<YtDlpToolsOptions> = {}): Promise<{ tools: YtDlpTools; workerId: string }> {
  const pool = createDatabase(h.testDb.url, { max: 3 });
  extraPools.push(pool);
  const workerId = crypto.randomUUID();
  const hostname = overrides.hostname ?? `mesin-${counter}`;
  await pool.db.insert(workerHeartbeats).values({ id: workerId, hostname, pid: process.pid, queues: [] });
  const tools = createYtDlpTools({
    env,
    database: pool,
    workerId,
    log: quiet,
    hostname,
    timeouts: { responseMs: 3000, idleMs: 3000, totalMs: 30_000 },
    lockWaitMs: 60_000,
    ...overrides,
  });
  return { tools, workerId };
}

async function checksOf(hostname: string) {
  return database.db.select().from(toolUpdateChecks).where(eq(toolUpdateChecks.hostname, hostname)).orderBy(asc(toolUpdateChecks.finishedAt));
}

async function reportOf(workerId: string) {
  const [row] = await database.db.select({ tools: workerHeartbeats.tools }).from(workerHeartbeats).where(eq(workerHeartbeats.id, workerId));
  return row?.tools ? WorkerToolReportSchema.parse(row.tools) : null;
}

async function notesOf(kind: string) {
  return database.db.select().from(notifications).where(eq(notifications.kind, kind));
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function lines(path: string): Promise<string[][]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function queueDownload(worker: RunningWorker, url: string): Promise<string> {
  counter += 1;
  const { row } = await insertOrJoinDownload(database.db, {
    ownerId,
    platform: 'tiktok',
    sourceItemId: `tools-item-${counter}`,
    sourceUrl: url,
    directUrl: null,
    resultFileName: null,
    title: `Video ${counter}`,
    author: 'kreator',
    quality: 'best',
    batchId: null,
    item: {},
  });
  await enqueue(worker.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
  return row.id;
}

function downloadEnded(id: string) {
  return downloadFinished(database, id, 60_000);
}

describe('a worker with the release channel', () => {
  it('starts without waiting for the update, installs the managed copy in the background, reports it, and downloads with it and the JS runtime', async () => {
    const argvLog = join(root, 'worker-argv.log');
    releases.setScenario('normal');
    await releases.publish('2026.11.20', { argvLog });
    // The build takes 2.5 s to come: the worker is ready well before.
    releases.setAssetDelayMs(2500);
    const dataDir = freshDataDir();
    const env = envFor(dataDir, { WORKER_QUEUES: 'video.download,tools.ytdlp-update' });
    const started = Date.now();
    const worker = await startWorker(env, database, quiet);
    try {
      expect(Date.now() - started).toBeLessThan(2500);
      expect(existsSync(managedYtDlpPath(env.ytdlp.toolsDir))).toBe(false);
      const check = await until('the start check', async () => (await database.db.select().from(toolUpdateChecks).where(eq(toolUpdateChecks.workerId, worker.id)))[0]);
      releases.setAssetDelayMs(0);
      expect(check).toMatchObject({ outcome: 'updated', fromVersion: null, toVersion: '2026.11.20', latestVersion: '2026.11.20', message: 'yt-dlp 2026.11.20 terpasang sebagai salinan terkelola.' });
      expect(await readdir(env.ytdlp.toolsDir)).toEqual(['yt-dlp']);

      const report = await until('the report after the check', async () => {
        const r = await reportOf(worker.id);
        return r?.lastCheck ? r : undefined;
      });
      expect(report.ytDlp).toEqual({
        version: '2026.11.20',
        releaseDate: '2026-11-20',
        source: 'managed',
        path: managedYtDlpPath(env.ytdlp.toolsDir),
        channel: 'stable',
        autoUpdate: true,
        releaseUrl: releases.baseUrl,
        jsRuntime: { wired: true, value: NODE_RUNTIME, nodeVersion: process.version },
      });
      expect(report.ffmpeg.version).toMatch(/^\d+\.\d+/);
      expect(report.ffprobe.version).toMatch(/^\d+\.\d+/);
      expect(report.lastCheck).toMatchObject({ outcome: 'updated', latestVersion: '2026.11.20' });

      const row = await downloadEnded(await queueDownload(worker, media.urls.clip3s));
      expect(row).toMatchObject({ status: 'completed', error: null });
      const download = (await lines(argvLog)).find((argv) => argv.at(-1) === media.urls.clip3s);
      expect(download?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);

      // The daily schedule is written (03:17 in Jakarta), and its job runs a check on this machine.
      const schedules = await worker.boss.getSchedules();
      expect(schedules.find((s) => s.name === 'tools.ytdlp-update')).toMatchObject({ cron: '17 3 * * *', timezone: 'Asia/Jakarta' });
      await enqueue(worker.boss, 'tools.ytdlp-update', {});
      const scheduled = await until('the scheduled check', async () => {
        const rows = await database.db.select().from(toolUpdateChecks).where(eq(toolUpdateChecks.workerId, worker.id));
        return rows.length === 2 ? rows : undefined;
      });
      expect(scheduled.map((r) => r.outcome).sort()).toEqual(['current', 'updated']);
    } finally {
      releases.setAssetDelayMs(0);
      await worker.stop();
    }
  });
});

describe('one update at a time, through the database', () => {
  it('two workers of one machine at once: one downloads, the other finds it current', async () => {
    releases.setScenario('normal');
    await releases.publish('2026.11.21');
    releases.setAssetDelayMs(500);
    const env = envFor(freshDataDir());
    const a = await toolsFor(env, { hostname: 'mesin-sama' });
    const b = await toolsFor(env, { hostname: 'mesin-sama' });
    releases.clearRequests();
    try {
      const results = await Promise.all([a.tools.check('schedule'), b.tools.check('start')]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['current', 'updated']);
    } finally {
      releases.setAssetDelayMs(0);
    }
    expect(releases.completedDownloads()).toBe(1);
    expect(await readdir(env.ytdlp.toolsDir)).toEqual(['yt-dlp']);
    expect(await readYtDlpVersion(managedYtDlpPath(env.ytdlp.toolsDir))).toBe('2026.11.21');
  });

  it('two machines: each updates its own copy, one after the other, never both downloading at once', async () => {
    releases.setScenario('normal');
    await releases.publish('2026.11.22');
    releases.setAssetDelayMs(700);
    const first = envFor(freshDataDir());
    const second = envFor(freshDataDir());
    const a = await toolsFor(first, { hostname: 'mesin-a1' });
    const b = await toolsFor(second, { hostname: 'mesin-b1' });
    releases.clearRequests();
    try {
      const results = await Promise.all([a.tools.check('schedule'), b.tools.check('schedule')]);
      expect(results.map((r) => r.outcome)).toEqual(['updated', 'updated']);
    } finally {
      releases.setAssetDelayMs(0);
    }
    // The second machine's check began (its SHA2-256SUMS) only after the first build was sent.
    const paths = releases.requests.map((r) => (r.path.endsWith('SHA2-256SUMS') ? 'sums' : r.path.includes('/release-assets/') ? 'build' : 'redirect'));
    expect(paths).toEqual(['sums', 'redirect', 'build', 'sums', 'redirect', 'build']);
    expect(releases.completedDownloads()).toBe(2);
    for (const env of [first, second]) expect(await readYtDlpVersion(managedYtDlpPath(env.ytdlp.toolsDir))).toBe('2026.11.22');
  });

  it('a machine catches up within its timer when another machine verified a newer release', async () => {
    releases.setScenario('normal');
    await releases.publish('2026.11.23');
    const envB = envFor(freshDataDir());
    const b = await toolsFor(envB, { hostname: 'mesin-lambat', catchUpIntervalMs: 300 });
    expect(await b.tools.check('schedule')).toMatchObject({ outcome: 'updated' });
    // Started now, B's last check is fresh: no start check; its timer keeps looking.
    b.tools.start();
    try {
      await releases.publish('2026.11.24');
      const a = await toolsFor(envFor(freshDataDir()), { hostname: 'mesin-cepat' });
      expect((await a.tools.check('schedule')).recorded).toMatchObject({ outcome: 'updated', toVersion: '2026.11.24' });
      await until('B catching up', async () => (await readYtDlpVersion(managedYtDlpPath(envB.ytdlp.toolsDir))) === '2026.11.24');
      const rows = await until('B recorded the catch-up', async () => {
        const all = await checksOf('mesin-lambat');
        return all.length === 2 ? all : undefined;
      });
      expect(rows.map((r) => [r.outcome, r.toVersion])).toEqual([
        ['updated', '2026.11.23'],
        ['updated', '2026.11.24'],
      ]);
    } finally {
      await b.tools.stop();
    }
  });
});

describe('what is never updated', () => {
  it('a pinned yt-dlp (YTDLP_PATH) is never replaced nor checked; an old one is told to the admins', async () => {
    releases.setScenario('normal');
    const old = await releases.publish('2025.05.01');
    const pinnedDir = join(root, 'pinned');
    await mkdir(pinnedDir, { recursive: true });
    const pinned = join(pinnedDir, 'yt-dlp-operator');
    await copyFile(old.path, pinned);
    await chmod(pinned, 0o755);
    await releases.publish('2026.11.25');
    const env = envFor(freshDataDir(), { YTDLP_PATH: pinned });
    const { tools, workerId } = await toolsFor(env, { hostname: 'mesin-pin' });
    releases.clearRequests();
    const result = await tools.check('start');
    expect(result).toMatchObject({ outcome: 'skipped', message: `yt-dlp dipasang operator lewat YTDLP_PATH (${pinned}); tidak diperbarui otomatis.` });
    expect(releases.requests).toEqual([]);
    expect(await sha256(pinned)).toBe(old.sha256);
    expect(existsSync(env.ytdlp.toolsDir)).toBe(false);
    expect(await tools.binary()).toBe(pinned);
    expect((await reportOf(workerId))?.ytDlp).toMatchObject({ source: 'pinned', path: pinned, version: '2025.05.01', autoUpdate: false, jsRuntime: { wired: false, value: null } });
    const [note] = (await notesOf('tools.ytdlp-old')).filter((n) => n.message.includes('mesin-pin'));
    expect(note?.message).toMatch(/^yt-dlp di worker mesin-pin sudah usang: versi 2025\.05\.01 \(dipasang operator lewat YTDLP_PATH, tidak diperbarui otomatis\) berumur \d+ hari, lebih dari 90 hari\. Perbarui program di YTDLP_PATH/);
  });

  it('YTDLP_AUTO_UPDATE=false: the managed copy is used as it is, nothing is fetched', async () => {
    releases.setScenario('normal');
    await releases.publish('2026.10.01');
    const env = envFor(freshDataDir(), { YTDLP_AUTO_UPDATE: 'false' });
    expect(await updateManagedYtDlp({ releaseUrl: releases.baseUrl, toolsDir: env.ytdlp.toolsDir })).toMatchObject({ outcome: 'updated' });
    const sha = await sha256(managedYtDlpPath(env.ytdlp.toolsDir));
    await releases.publish('2026.11.26');
    const { tools, workerId } = await toolsFor(env, { hostname: 'mesin-manual' });
    releases.clearRequests();
    expect(await tools.check('schedule')).toMatchObject({ outcome: 'skipped', message: 'Pembaruan otomatis yt-dlp dimatikan (YTDLP_AUTO_UPDATE=false); yt-dlp yang ada tetap dipakai.' });
    expect(releases.requests).toEqual([]);
    expect(await sha256(managedYtDlpPath(env.ytdlp.toolsDir))).toBe(sha);
    expect(await tools.binary()).toBe(managedYtDlpPath(env.ytdlp.toolsDir));
    expect((await reportOf(workerId))?.ytDlp).toMatchObject({ source: 'managed', version: '2026.10.01', autoUpdate: false });
    expect(await checksOf('mesin-manual')).toEqual([expect.objectContaining({ outcome: 'skipped', fromVersion: '2026.10.01' })]);
  });
});

describe('faults told to admins', () => {
  it('offline: the system yt-dlp keeps working, the check says so, the admins hear it is old (no failure notice)', async () => {
    const env = envFor(freshDataDir(), { YTDLP_RELEASE_URL: `http://127.0.0.1:${await closedPort()}/download` });
    const { tools, workerId } = await toolsFor(env, { hostname: 'mesin-offline' });
    const result = await tools.check('start');
    expect(result.outcome).toBe('offline');
    expect(result.message).toBe('Tidak dapat memeriksa pembaruan yt-dlp: server rilis tidak terjangkau (ECONNREFUSED). Belum ada yt-dlp terkelola; yt-dlp lain (jika ada) tetap dipakai.');
    const report = await reportOf(workerId);
    expect(report?.ytDlp).toMatchObject({ source: 'system', version: '2023.03.04', jsRuntime: { wired: false } });
    expect(report?.lastCheck).toMatchObject({ outcome: 'offline', latestVersion: null });
    const old = (await notesOf('tools.ytdlp-old')).filter((n) => n.message.includes('mesin-offline'));
    expect(old).toHaveLength(2); // one per admin
    for (const note of old) {
      expect(note.message).toMatch(/versi 2023\.03\.04 \(yt-dlp sistem \(PATH\)\) berumur \d+ hari, lebih dari 90 hari\. Server rilis tidak terjangkau, jadi yt-dlp belum bisa diperbarui\./);
    }
    expect((await notesOf('tools.ytdlp-update-failed')).filter((n) => n.message.includes('mesin-offline'))).toEqual([]);
    // And downloads still run on what it has.
    expect(await tools.binary()).toBe('/usr/bin/yt-dlp');
  });

  it('a failed update (corrupt release): recorded, the old copy stays, every admin told once a day', async () => {
    releases.setScenario('normal');
    await releases.publish('2026.09.01');
    const env = envFor(freshDataDir());
    const { tools } = await toolsFor(env, { hostname: 'mesin-rusak' });
    expect(await tools.check('start')).toMatchObject({ outcome: 'updated' });
    const sha = await sha256(managedYtDlpPath(env.ytdlp.toolsDir));
    await releases.publish('2026.11.27');
    releases.setScenario('corrupt');
    try {
      expect(await tools.check('schedule')).toMatchObject({ outcome: 'failed' });
      expect(await tools.check('catch-up')).toMatchObject({ outcome: 'failed' });
    } finally {
      releases.setScenario('normal');
    }
    expect(await sha256(managedYtDlpPath(env.ytdlp.toolsDir))).toBe(sha);
    expect(await readdir(env.ytdlp.toolsDir)).toEqual(['yt-dlp']);
    const rows = await checksOf('mesin-rusak');
    expect(rows.map((r) => r.outcome)).toEqual(['updated', 'failed', 'failed']);
    const notes = (await notesOf('tools.ytdlp-update-failed')).filter((n) => n.message.includes('mesin-rusak'));
    expect(notes).toHaveLength(2); // two admins, one each for the day
    expect(notes[0]?.message).toMatch(/^Pembaruan yt-dlp di worker mesin-rusak gagal: Pembaruan yt-dlp ditolak: checksum SHA-256 yt-dlp_linux tidak cocok .* yt-dlp 2026\.09\.01 yang ada tetap dipakai\. Lihat tab Alat & Layanan\.$/);
  });
});

describe('downloads that need a newer yt-dlp', () => {
  it('the member reads that the downloader needs updating; the admins are told once a day per platform', async () => {
    // A yt-dlp whose TikTok extractor broke, as yt-dlp reports it.
    const broken = join(root, 'broken-yt-dlp');
    await writeFile(
      broken,
      [
        '#!/bin/sh',
        'for a; do [ "$a" = --version ] && { echo 2025.11.12; exit 0; }; done',
        'echo "ERROR: [TikTok] 7301: Unable to extract universal data for rehydration; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U" >&2',
        'exit 1',
        '',
      ].join('\n'),
    );
    await chmod(broken, 0o755);
    const env = envFor(freshDataDir(), { YTDLP_PATH: broken, WORKER_QUEUES: 'video.download,video.preview' });
    const worker = await startWorker(env, database, quiet);
    try {
      const rows = await Promise.all([queueDownload(worker, media.urls.clip3s), queueDownload(worker, media.urls.clip8s)].map(async (id) => downloadEnded(await id)));
      for (const row of rows) expect(row).toMatchObject({ status: 'failed', error: YTDLP_OUTDATED_MESSAGE });
      const { row: preview } = await insertOrFindPreview(database.db, { platform: 'tiktok', sourceItemId: 'outdated-preview', sourceUrl: media.urls.clip3s, directUrl: null, format: 'b', maxDurationSecs: 5 });
      await enqueue(worker.boss, 'video.preview', { previewId: preview.id });
      const ended = await until('the preview', async () => {
        const p = await findPreview(database.db, preview.id);
        return p?.status === 'failed' || p?.status === 'completed' ? p : undefined;
      });
      expect(ended).toMatchObject({ status: 'failed', error: YTDLP_OUTDATED_MESSAGE });
      const notes = await database.db.select().from(notifications).where(and(eq(notifications.kind, 'tools.ytdlp-outdated')));
      expect(notes).toHaveLength(2); // one per admin, whatever the number of failures
      expect(notes[0]?.message).toMatch(/^yt-dlp 2025\.11\.12 di worker \S+ tidak lagi bisa mengambil video tiktok \("Unable to extract universal data for rehydration"\): yt-dlp perlu diperbarui\. Lihat tab Alat & Layanan\.$/);
    } finally {
      await worker.stop();
    }
  });
});
