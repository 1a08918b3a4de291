// Health, readiness, metrics and the admin's worker list, on a real database and pg-boss.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@scrapper/db/client';
import { createTestDatabase } from '@scrapper/db/testing';
import { enqueue } from '@scrapper/db/queue';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { upsertWorkerHeartbeat } from '@scrapper/db/queries/workers';
import { maintenanceRuns, workerHeartbeats } from '@scrapper/db/schema';
import { eq } from 'drizzle-orm';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { createReadinessCheck } from '../../services/system/check-readiness.ts';

const METRICS_TOKEN = 'scrape-me-with-this-token-0123456789';
let h: Harness;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  h = await startHarness({ METRICS_TOKEN });
  await h.createUser('ops-admin', 'admin-password', 'admin');
  await h.createUser('ops-member', 'member-password', 'user');
  adminToken = await h.login('ops-admin', 'admin-password');
  userToken = await h.login('ops-member', 'member-password');
});
afterAll(() => h.close());

async function scrape(
  token: string,
): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${h.baseUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

/** The value of one sample line, e.g. `jobs{queue="x",state="created"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/health', () => {
  it('answers liveness without a token and without asking the database', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('is 200 when the database answers, every queue exists and migrations are current', async () => {
    const res = await h.request('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, queue: { ok: true }, migrations: { ok: true } },
      failed: [],
    });
  });

  it('is 503 naming the pending migration when the database is behind the code', async () => {
    // A database one migration behind: the newest applied row is gone.
    const [newest] = await h.database.sql<Array<{ id: number; hash: string; created_at: string }>>`
      select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    if (!newest) throw new Error('no migrations applied');
    await h.database.sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`;
    try {
      // A fresh check: the route's one caches a current answer for a minute.
      const result = await createReadinessCheck(h.database)();
      expect(result.status).toBe('unavailable');
      expect(result.failed).toEqual(['migrations']);
      expect(result.checks.migrations.message).toMatch(/^migrasi belum diterapkan: 00\d\d_/);
    } finally {
      await h.database
        .sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`;
    }
    expect((await createReadinessCheck(h.database)()).status).toBe('ready');
  });

  it('is 503 naming the queue when pg-boss has not set up its schema and queues', async () => {
    // Migrated by drizzle, never started pg-boss on.
    const bare = await createTestDatabase();
    const db = createDatabase(bare.url, { max: 1 });
    try {
      const result = await createReadinessCheck(db)();
      expect(result.failed).toEqual(['queue']);
      expect(result.checks.queue.message).toMatch(/pgboss\.queue.*42P01/);
    } finally {
      await db.close();
      await bare.drop();
    }
  });

  it('is 503 naming the database, without waiting for a connection that never comes', async () => {
    const gone = createDatabase('postgres://nobody:x@127.0.0.1:9/none', { max: 1 });
    try {
      const started = Date.now();
      const result = await createReadinessCheck(gone, { timeoutMs: 1500 })();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(result.status).toBe('unavailable');
      expect(result.failed).toEqual(['database', 'queue', 'migrations']);
      expect(result.checks.database.message).toMatch(/ECONNREFUSED/);
      expect(result.checks.queue.message).toMatch(/tidak diperiksa/);
    } finally {
      await gone.close();
    }
  });
});

describe('GET /api/metrics', () => {
  it('refuses anonymous callers (401), members (403) and a wrong token (401)', async () => {
    const anonymous = await h.request('GET', '/api/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/Token tidak ditemukan/);
    expect((await scrape(userToken)).status).toBe(403);
    expect((await scrape(`${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await scrape('not-a-token')).status).toBe(401);
  });

  it('lets in an admin token and METRICS_TOKEN, in the Prometheus text format', async () => {
    const byAdmin = await scrape(adminToken);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const byToken = await scrape(METRICS_TOKEN);
    expect(byToken.status).toBe(200);
    for (const family of [
      'http_request_duration_seconds',
      'jobs',
      'queue_depth',
      'downloads_active',
      'uploads_active',
      'workers_alive',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(byToken.text, family).toMatch(
        new RegExp(`^# TYPE ${family} (gauge|counter|histogram)$`, 'm'),
      );
    }
    expect(sample(byToken.text, 'database_up')).toBe(1);
    expect(sample(byToken.text, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    // Every line is a comment or `name{labels} value`.
    for (const line of byToken.text.trimEnd().split('\n')) {
      expect(line).toMatch(
        /^(# (HELP|TYPE) \S+ .+|[a-z_][a-z0-9_]*(\{[a-z_]+="[^"\n]*"(,[a-z_]+="[^"\n]*")*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf))$/,
      );
    }
  });

  it('labels request durations by route pattern and status class, never by the raw URL', async () => {
    const id = randomUUID();
    expect(
      (await h.request('GET', `/api/admin/maintenance/runs/${id}`, { token: adminToken })).status,
    ).toBe(404);
    await h.request('GET', `/api/no-such-${id}`);
    const { text } = await scrape(METRICS_TOKEN);
    expect(text).not.toContain(id);
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/admin/maintenance/runs/:id",status="4xx"}';
    expect(sample(text, series)).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{method="GET",route="/api/health",status="2xx",le="+Inf"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts jobs by queue and state, queue depth, active work and live workers, cached for a few seconds', async () => {
    // Wait out the cache of the earlier scrapes, so this one reads the database.
    await new Promise((r) => setTimeout(r, 5100));
    const before = await scrape(METRICS_TOKEN);
    const created = sample(before.text, 'jobs{queue="maintenance.sweep",state="created"}') ?? -1;
    expect(created).toBeGreaterThanOrEqual(0);
    expect(sample(before.text, 'jobs{queue="video.download",state="failed"}')).toBe(0);

    const run = await insertMaintenanceRun(h.database.db, null);
    await enqueue(h.boss, 'maintenance.sweep', { runId: run.id });
    await enqueue(h.boss, 'maintenance.sweep', { runId: run.id }, { startAfter: 3600 });
    await upsertWorkerHeartbeat(h.database.db, {
      id: randomUUID(),
      hostname: 'fresh',
      pid: 10,
      queues: ['video.download'],
    });
    const staleId = randomUUID();
    await upsertWorkerHeartbeat(h.database.db, {
      id: staleId,
      hostname: 'gone',
      pid: 11,
      queues: [],
    });
    await h.database.db
      .update(workerHeartbeats)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(workerHeartbeats.id, staleId));

    const cachedScrape = await scrape(METRICS_TOKEN);
    expect(sample(cachedScrape.text, 'jobs{queue="maintenance.sweep",state="created"}')).toBe(
      created,
    );

    await new Promise((r) => setTimeout(r, 5100));
    const after = await scrape(METRICS_TOKEN);
    expect(sample(after.text, 'jobs{queue="maintenance.sweep",state="created"}')).toBe(created + 2);
    // The delayed one is queued but not ready to run yet.
    expect(sample(after.text, 'queue_depth{queue="maintenance.sweep"}')).toBe(created + 1);
    expect(sample(after.text, 'workers_alive')).toBe(1);
    expect(sample(after.text, 'downloads_active')).toBe(0);
    expect(sample(after.text, 'uploads_active')).toBe(0);
  }, 20_000);
});

describe('GET /api/admin/workers', () => {
  it('lists recent workers with their queues and flags the silent ones as stale', async () => {
    const live = randomUUID();
    const silent = randomUUID();
    await upsertWorkerHeartbeat(h.database.db, {
      id: live,
      hostname: 'dl-1',
      pid: 100,
      queues: ['video.download', 'video.preview'],
    });
    await upsertWorkerHeartbeat(h.database.db, {
      id: silent,
      hostname: 'dl-2',
      pid: 200,
      queues: ['video.download'],
    });
    await h.database.db
      .update(workerHeartbeats)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(workerHeartbeats.id, silent));
    const longGone = randomUUID();
    await upsertWorkerHeartbeat(h.database.db, {
      id: longGone,
      hostname: 'old',
      pid: 300,
      queues: [],
    });
    await h.database.db
      .update(workerHeartbeats)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(workerHeartbeats.id, longGone));

    const res = await h.request('GET', '/api/admin/workers', { token: adminToken });
    expect(res.status).toBe(200);
    const byId = new Map(
      (
        res.body as Array<{
          id: string;
          isStale: boolean;
          queues: string[];
          hostname: string;
          pid: number;
        }>
      ).map((w) => [w.id, w]),
    );
    expect(byId.get(live)).toMatchObject({
      hostname: 'dl-1',
      pid: 100,
      queues: ['video.download', 'video.preview'],
      isStale: false,
    });
    expect(byId.get(silent)).toMatchObject({ hostname: 'dl-2', isStale: true });
    expect(byId.has(longGone)).toBe(false);
  });
});

describe('GET /api/admin/maintenance/runs', () => {
  it('lists the newest runs first with their trigger and result (older results read with zeros)', async () => {
    const older = await insertMaintenanceRun(h.database.db, null, 'start');
    // A run recorded before issue 15: only the first two counts.
    await h.database.db
      .update(maintenanceRuns)
      .set({
        status: 'completed',
        result: { staleWorkersRemoved: 2, expiredLoginAttemptsRemoved: 3 } as never,
        // Ahead of the runs earlier tests queued, so these two are the newest.
        createdAt: new Date(Date.now() + 60_000),
        finishedAt: new Date(),
      })
      .where(eq(maintenanceRuns.id, older.id));
    const newer = await insertMaintenanceRun(h.database.db, null, 'schedule');
    await h.database.db.update(maintenanceRuns).set({ createdAt: new Date(Date.now() + 120_000) }).where(eq(maintenanceRuns.id, newer.id));

    const res = await h.request('GET', '/api/admin/maintenance/runs?limit=2', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(res.body[0]).toMatchObject({ trigger: 'schedule', status: 'queued', result: null, startedAt: null });
    expect(res.body[1]).toMatchObject({
      trigger: 'start',
      status: 'completed',
      result: {
        staleWorkersRemoved: 2,
        expiredLoginAttemptsRemoved: 3,
        expiredPreviewsRemoved: 0,
        tempFoldersRemoved: 0,
        expiredOAuthStatesRemoved: 0,
        previewBytesFreed: 0,
        tempBytesFreed: 0,
      },
    });
  });

  it('is for admins only and refuses a bad limit in Indonesian', async () => {
    expect((await h.request('GET', '/api/admin/maintenance/runs', { token: userToken })).status).toBe(403);
    const bad = await h.request('GET', '/api/admin/maintenance/runs?limit=banyak', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^querystring\.limit: /);
    expect((await h.request('GET', '/api/admin/maintenance/runs?limit=51', { token: adminToken })).status).toBe(400);
  });

  it('records an admin run with the trigger admin', async () => {
    const res = await h.request('POST', '/api/admin/maintenance/runs', { token: adminToken });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ trigger: 'admin', status: 'queued' });
  });
});
