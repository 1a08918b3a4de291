// Scheduled housekeeping on real parts: embedded PostgreSQL, pg-boss, the storage driver of
// TEST_STORAGE_DRIVER (local, or s3 against s3rver) and a real temp folder on disk.
import { randomUUID } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MaintenanceResult } from '@scrapper/contracts/http/system';
import { queueNames } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import { insertLoginAttempt } from '@scrapper/db/queries/login-attempts';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { insertClientSecret, insertOAuthState } from '@scrapper/db/queries/youtube';
import { deleteUser, insertUser } from '@scrapper/db/queries/users';
import { upsertWorkerHeartbeat } from '@scrapper/db/queries/workers';
import { enqueue, startBoss, type Boss } from '@scrapper/db/queue';
import { deletedAccounts, downloads, events, loginAttempts, maintenanceRuns, oauthStates, previews, workerHeartbeats } from '@scrapper/db/schema';
import type { MaintenanceRunRow } from '@scrapper/db/schema';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { until } from '../../test/waits.ts';
import type { Env } from '../env.ts';
import type { RunningWorker } from '../worker.ts';
import { SWEEP_CRON } from './start-housekeeping.ts';

const HOUR = 3600_000;

let h: WorkerHarness;
let database: Database;
let storage: ProcessStorage;
let env: Env;
let worker: RunningWorker;
/** The test's own pg-boss: it holds jobs active as another worker would. */
let boss: Boss;

async function runsBy(trigger: 'admin' | 'schedule' | 'start'): Promise<MaintenanceRunRow[]> {
  return database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.trigger, trigger));
}

async function finished(trigger: 'schedule' | 'start'): Promise<MaintenanceRunRow> {
  return until(`a ${trigger} run to finish`, async () => {
    const runs = await runsBy(trigger);
    const run = runs.find((r) => r.status === 'completed' || r.status === 'failed');
    return run;
  });
}

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'scrapper-housekeeping',
    poolMax: 4,
    env: {
      // This worker sweeps only: the download, preview and upload jobs below stay where the test
      // puts them (queued, or active in the test's own pg-boss).
      WORKER_QUEUES: 'maintenance.sweep',
      JOB_RETENTION_DAYS: '3',
    },
  });
  ({ database, storage } = h);
  env = h.env();
  boss = await startBoss(h.testDb.url, { supervise: false, max: 2 });
}, 60_000);

afterAll(async () => {
  await h?.stopWorkers();
  await boss?.stop({ graceful: false, close: true });
  await h?.close();
});

describe('at worker start', () => {
  it('schedules the sweep every 15 minutes and records one start run for two workers starting together', async () => {
    const [first, second] = await Promise.all([h.startWorker(), h.startWorker()]);
    worker = first;
    await second.stop();

    const schedules = await database.sql<{ name: string; cron: string; data: unknown }[]>`
      select name, cron, data from pgboss.schedule where name = 'maintenance.sweep'`;
    expect(schedules).toEqual([{ name: 'maintenance.sweep', cron: SWEEP_CRON, data: { trigger: 'schedule' } }]);
    expect(SWEEP_CRON).toBe('*/15 * * * *');

    const run = await finished('start');
    expect(run.status).toBe('completed');
    expect(await runsBy('start')).toHaveLength(1);
    expect([first.id, second.id]).toContain(run.workerId);
  });

  it('keeps finished jobs for JOB_RETENTION_DAYS, and a producer starting pg-boss later does not undo it', async () => {
    const api = await startBoss(h.testDb.url, { supervise: false, max: 1 });
    await api.stop({ graceful: false, close: true });
    for (const name of queueNames) {
      expect((await boss.getQueue(name))?.deleteAfterSeconds, name).toBe(3 * 86_400);
    }
  });
});

describe('a sweep', () => {
  it('removes every kind of leftover and nothing in use, and records what it removed', async () => {
    const now = Date.now();
    const old = new Date(now - 25 * HOUR);

    // Live events (GET /api/events): kept for a reconnect's replay (an hour), then pruned.
    const [staleEvent, freshEvent] = await database.db
      .insert(events)
      .values([
        { memberId: null, kind: 'tools', entityId: 'sapuan-lama', createdAt: new Date(now - 2 * HOUR) },
        { memberId: null, kind: 'tools', entityId: 'sapuan-baru', createdAt: new Date(now - 60_000) },
      ])
      .returning();

    // Previews: an expired clip (file and row go), a fresh one, an expired failure without a
    // file, and an old one still running (a job works on it).
    const clip = Buffer.alloc(4096, 1);
    const [expired, fresh, failedOld, running] = await database.db
      .insert(previews)
      .values(
        ['expired', 'fresh', 'failed', 'running'].map((item) => ({
          platform: 'tiktok',
          sourceItemId: item,
          sourceUrl: `https://www.tiktok.com/@a/video/${item}`,
          format: 'best',
          maxDurationSecs: 10,
        })),
      )
      .returning();
    if (!expired || !fresh || !failedOld || !running) throw new Error('previews not inserted');
    const expiredKey = `previews/tiktok/${expired.id}.mp4`;
    const freshKey = `previews/tiktok/${fresh.id}.mp4`;
    await storage.write(expiredKey, clip);
    await storage.write(freshKey, clip);
    await database.db.update(previews).set({ status: 'completed', storageKey: expiredKey, sizeBytes: clip.length, finishedAt: old }).where(eq(previews.id, expired.id));
    await database.db.update(previews).set({ status: 'completed', storageKey: freshKey, sizeBytes: clip.length, finishedAt: new Date(now - HOUR) }).where(eq(previews.id, fresh.id));
    await database.db.update(previews).set({ status: 'failed', error: 'x', finishedAt: old }).where(eq(previews.id, failedOld.id));
    await database.db.update(previews).set({ status: 'running', createdAt: old }).where(eq(previews.id, running.id));

    // Temp job folders, all untouched for hours unless said otherwise.
    const tempDir = env.tempDir;
    const folder = async (path: string, bytes: number, ageMs: number) => {
      await mkdir(path, { recursive: true });
      await writeFile(join(path, 'part.mp4'), Buffer.alloc(bytes, 2));
      const at = new Date(now - ageMs);
      await utimes(path, at, at);
      return path;
    };
    const activeId = randomUUID();
    const queuedId = randomUUID();
    const doneId = randomUUID();
    const orphanId = randomUUID();
    const recentId = randomUUID();
    // Active on "another worker": the test's pg-boss fetched it.
    await enqueue(boss, 'video.download', { downloadId: activeId });
    const [held] = await boss.fetch('video.download');
    expect(held?.data).toEqual({ downloadId: activeId });
    // Queued, not yet started: its job will use the folder it left on an earlier attempt.
    await enqueue(boss, 'youtube.upload', { uploadId: queuedId });
    // Over: pg-boss completed it, but its worker was killed before removing its folder.
    await enqueue(boss, 'video.preview', { previewId: doneId });
    const [done] = await boss.fetch('video.preview');
    if (!done) throw new Error('no preview job');
    await boss.complete('video.preview', done.id);

    const activeDir = await folder(join(tempDir, 'downloads', activeId), 100, 2 * HOUR);
    const queuedDir = await folder(join(tempDir, 'uploads', queuedId), 100, 2 * HOUR);
    const doneDir = await folder(join(tempDir, 'previews', doneId), 300, 2 * HOUR);
    const orphanDir = await folder(join(tempDir, 'downloads', orphanId), 500, 2 * HOUR);
    // No job, but something was written in it a minute ago: a job may be starting on it.
    const recentDir = await folder(join(tempDir, 'downloads', recentId), 100, 60_000);
    const oldYtDlp = await folder(join(tempDir, 'scrapper-yt-dlp-old123'), 700, 8 * HOUR);
    const newYtDlp = await folder(join(tempDir, 'scrapper-yt-dlp-new456'), 100, HOUR);
    const oldEffect = await folder(join(tempDir, 'previews', 'preview-abc123'), 1100, 8 * HOUR);
    const otherDir = await folder(join(tempDir, 'not-ours'), 100, 48 * HOUR);

    // OAuth states: expired, already used, and one still waiting for its callback.
    const user = await insertUser(database.db, { username: 'member', passwordHash: 'x', role: 'user' });
    if (!user) throw new Error('no user');
    const client = await insertClientSecret(database.db, {
      name: 'c',
      clientId: 'id',
      sealedClientSecret: 'sealed',
      secretLastFour: 'abcd',
      redirectUri: 'http://127.0.0.1/cb',
      isActive: true,
    });
    const state = (expiresAt: Date) => insertOAuthState(database.db, { userId: user.id, clientSecretId: client.id, accountId: null, expiresAt });
    await state(new Date(now - 60_000));
    const used = await state(new Date(now + 10 * 60_000));
    await database.db.update(oauthStates).set({ usedAt: new Date() }).where(eq(oauthStates.id, used.id));
    const valid = await state(new Date(now + 10 * 60_000));

    // Login attempts: one older than any login window, one recent.
    await insertLoginAttempt(database.db, { ip: '10.0.0.1', username: 'old', succeeded: false });
    await database.db.update(loginAttempts).set({ attemptedAt: new Date(now - 3 * 24 * HOUR) });
    await insertLoginAttempt(database.db, { ip: '10.0.0.1', username: 'recent', succeeded: false });

    // A worker silent for an hour (what the sweep always removed).
    const deadId = randomUUID();
    await upsertWorkerHeartbeat(database.db, { id: deadId, hostname: 'gone', pid: 1, queues: [] });
    await database.db.update(workerHeartbeats).set({ lastSeenAt: new Date(now - HOUR) }).where(eq(workerHeartbeats.id, deadId));

    // What the 15-minute schedule sends: a tick, which records a run and queues its sweep.
    await enqueue(worker.boss, 'maintenance.sweep', { trigger: 'schedule' });
    const run = await finished('schedule');

    expect(run.error).toBeNull();
    expect(run.status).toBe('completed');
    expect(run.result).toEqual({
      staleWorkersRemoved: 1,
      expiredLoginAttemptsRemoved: 1,
      expiredPreviewsRemoved: 2,
      tempFoldersRemoved: 4,
      expiredOAuthStatesRemoved: 2,
      deletedAccountsCleared: 0,
      previewBytesFreed: clip.length,
      tempBytesFreed: 300 + 500 + 700 + 1100,
    } satisfies MaintenanceResult);

    const left = await database.db.select({ id: previews.id }).from(previews);
    expect(left.map((p) => p.id).sort()).toEqual([fresh.id, running.id].sort());
    expect(await storage.exists(expiredKey)).toBe(false);
    expect(await storage.exists(freshKey)).toBe(true);

    const exists = (path: string) => stat(path).then(() => true, () => false);
    expect(await exists(activeDir), 'the folder of a job active on another worker').toBe(true);
    expect(await exists(queuedDir), 'the folder of a job still queued').toBe(true);
    expect(await exists(recentDir), 'a folder written to a minute ago').toBe(true);
    expect(await exists(newYtDlp), 'a yt-dlp working folder of a running call').toBe(true);
    expect(await exists(otherDir), 'a folder the product did not make').toBe(true);
    expect(await exists(doneDir)).toBe(false);
    const keptEvents = (await database.db.select({ id: events.id }).from(events)).map((e) => e.id);
    expect(keptEvents).not.toContain(staleEvent?.id);
    expect(keptEvents).toContain(freshEvent?.id);
    expect(await exists(orphanDir)).toBe(false);
    expect(await exists(oldYtDlp)).toBe(false);
    expect(await exists(oldEffect)).toBe(false);

    const states = await database.db.select({ id: oauthStates.id }).from(oauthStates);
    expect(states.map((s) => s.id)).toEqual([valid.id]);
    const attempts = await database.db.select({ username: loginAttempts.username }).from(loginAttempts);
    expect(attempts.map((a) => a.username)).toEqual(['recent']);

    // The held job is still active: nothing of the sweep touched it.
    expect((await boss.getJobById('video.download', held?.id ?? ''))?.state).toBe('active');
  });

  it('marks a download file removed behind the product\'s back as missing, and one put back as present', async () => {
    const owner = await insertUser(database.db, { username: 'pemilik-file', passwordHash: 'x', role: 'user' });
    if (!owner) throw new Error('no user');
    const keyOf = (name: string) => `downloads/${owner.id}/${name}.mp4`;
    // "ada" is in storage; "hilang" was removed behind our back; "kembali" was marked missing
    // earlier (a failed read) and has been put back since.
    await database.db.insert(downloads).values(
      ['ada', 'hilang', 'kembali'].map((name) => ({
        ownerId: owner.id,
        platform: 'tiktok',
        sourceItemId: name,
        sourceUrl: `https://www.tiktok.com/@a/video/${name}`,
        title: name,
        quality: 'best' as const,
        status: 'completed' as const,
        progress: 100,
        storageKey: keyOf(name),
        sizeBytes: 4,
        fileMissingAt: name === 'kembali' ? new Date() : null,
      })),
    );
    await storage.write(keyOf('ada'), Buffer.alloc(4));
    await storage.write(keyOf('kembali'), Buffer.alloc(4));

    const run = await insertMaintenanceRun(database.db, null, 'admin');
    await enqueue(worker.boss, 'maintenance.sweep', { runId: run.id });
    const done = await until('the sweep to finish', async () => {
      const [row] = await database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, run.id));
      return row?.status === 'completed' || row?.status === 'failed' ? row : undefined;
    });
    expect(done.error).toBeNull();
    const rows = await database.db.select({ title: downloads.title, missingAt: downloads.fileMissingAt }).from(downloads).where(eq(downloads.ownerId, owner.id));
    expect(Object.fromEntries(rows.map((r) => [r.title, r.missingAt !== null]))).toEqual({ ada: false, hilang: true, kembali: false });
  });

  it("removes a deleted account's files from every member folder, once, and nobody else's", async () => {
    const gone = await insertUser(database.db, { username: 'akun-dihapus', passwordHash: 'x', role: 'user' });
    const kept = await insertUser(database.db, { username: 'akun-tetap', passwordHash: 'x', role: 'user' });
    if (!gone || !kept) throw new Error('no user');
    const filesOf = (id: string) => [`downloads/${id}/a.mp4`, `results/${id}/hasil.json`, `uploads/${id}/${randomUUID()}/video.mp4`, `publish/${id}/t.mp4`];
    const goneFiles = filesOf(gone.id);
    const keptFiles = filesOf(kept.id);
    // A folder named like an account nobody deleted (a database restored from an older backup):
    // not the sweep's to remove.
    const strangerFiles = filesOf(randomUUID());
    for (const key of [...goneFiles, ...keptFiles, ...strangerFiles]) await storage.write(key, 'x');
    // As Manajemen Pengguna's "Hapus" does: the row and its cascade go, the deletion is recorded.
    await database.transaction(({ db }) => deleteUser(db, gone.id));

    const sweep = async () => {
      const run = await insertMaintenanceRun(database.db, null, 'admin');
      await enqueue(worker.boss, 'maintenance.sweep', { runId: run.id });
      return until('the sweep to finish', async () => {
        const [row] = await database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, run.id));
        return row?.status === 'completed' || row?.status === 'failed' ? row : undefined;
      });
    };
    const first = await sweep();
    expect(first.error).toBeNull();
    expect(first.result?.deletedAccountsCleared, 'the run says how many accounts it cleared').toBe(1);
    expect(await storage.existing(goneFiles)).toEqual(new Set());
    expect(await storage.existing([...keptFiles, ...strangerFiles])).toEqual(new Set([...keptFiles, ...strangerFiles]));
    const [record] = await database.db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, gone.id));
    expect(record?.filesRemovedAt).toBeInstanceOf(Date);

    // Done once: a file written under the id afterwards (nothing the product does) stays.
    await storage.write(`downloads/${gone.id}/later.mp4`, 'x');
    const second = await sweep();
    expect(second.error).toBeNull();
    expect(second.result?.deletedAccountsCleared).toBe(0);
    expect(await storage.exists(`downloads/${gone.id}/later.mp4`)).toBe(true);
  });
});
