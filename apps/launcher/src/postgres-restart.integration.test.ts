// PostgreSQL goes away for a few seconds and comes back on the same port and data folder (a
// restart, a fail-over): the API and the worker ride it out without being restarted. During the
// outage the API answers 503 (not 500, not a hang) on database routes and on /api/ready, and
// liveness stays 200; afterwards both recover and the worker takes new jobs. Then the same under
// traffic (issue 8, faults): clients keep creating scrape tasks, download batches and YouTube
// uploads and reading while PostgreSQL restarts; a refused request is retried until it goes
// through, and everything that was answered 2xx is there afterwards.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@scrapper/db/client';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgres } from '@scrapper/db/embedded';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scrapper-pg-restart-'));
const pgDir = join(dir, 'pg');
const ADMIN_PASSWORD = 'restart-admin-password';
const children: Array<{ name: string; child: ChildProcess; output: () => string }> = [];
const ACTOR = 'clockworks/tiktok-scraper';
const DB_DOWN = 'Basis data sedang tidak dapat dihubungi. Coba lagi dalam beberapa saat.';
let pg: EmbeddedPostgres;
let apify: FakeApify;
let google: FakeGoogle;
let base = '';
let token = '';
let clip: Buffer;

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
  apify = await startFakeApify({ waitForFinishCapMs: 50 });
  google = await startFakeGoogle({ autoApprove: true, channels: [{ id: 'UCrestart'.padEnd(24, 'x'), title: 'Kanal' }] });
  apify.script(ACTOR, {
    polls: 1,
    items: Array.from({ length: 12 }, (_, i) => ({
      id: `${7000 + i}`,
      text: `Klip ${i}`,
      webVideoUrl: `http://127.0.0.1:9/clip-${i}.mp4`,
      authorMeta: { name: 'kreator' },
      videoMeta: { duration: 3 },
    })),
  });
  const clipPath = join(dir, 'clip.mp4');
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clipPath]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  clip = readFileSync(clipPath);
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  const shared = {
    DATABASE_URL: pg.url,
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // The scraped items point at 127.0.0.1:9 (nothing listens): the downloads fail fast either way.
    FETCH_ALLOW_PRIVATE_HOSTS: '127.0.0.1:9',
    APIFY_BASE_URL: apify.baseUrl,
    APIFY_POLL_SECONDS: '0',
    GOOGLE_API_ROOT_URL: google.urls.apiRootUrl,
    GOOGLE_OAUTH_AUTH_URL: google.urls.oauthAuthUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.urls.oauthTokenUrl,
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
    // Scrapes run (they are what a restart interrupts most); downloads and uploads stay queued,
    // their rows are what the traffic test checks.
    { ...shared, WORKER_QUEUES: 'maintenance.sweep,scrape.run', HEARTBEAT_INTERVAL_SECONDS: '1' },
    ' running ',
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
  await Promise.all([apify?.close(), google?.close()]);
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
    // The API keeps verified tokens and their user rows for a second (issue 9's access cache):
    // until that has run out, /api/auth/me may still be answered without the database.
    await until('the access cache to run out', async () =>
      (await call('GET', '/api/auth/me')).status === 503 ? true : undefined, 5000);
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

/** One client request: JSON or a form; a network failure is status 0. */
async function send(method: string, path: string, body?: unknown) {
  try {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as any };
  } catch (error) {
    return { status: 0, body: { message: String(error) } as any };
  }
}

describe('a PostgreSQL restart under traffic', () => {
  it('refuses with 503 while down, and every request answered 2xx left its row', async () => {
    // Set-up through the API: an Apify key, a connected channel, one finished scrape whose
    // result file the batches come from.
    expect((await send('POST', '/api/keys', { key: apify.token })).status).toBe(201);
    const secret = await send('POST', '/api/admin/client-secrets', {
      name: 'Proyek', clientId: 'restart.apps.googleusercontent.com', clientSecret: 'GOCSPX-restart-secret', quotaDailyUnits: 1_000_000,
    });
    expect(secret.status, JSON.stringify(secret.body)).toBe(201);
    const authUrl = await send('GET', `/api/youtube/auth/url?clientSecretId=${String(secret.body.id)}`);
    const consent = await fetch(String(authUrl.body.authUrl), { redirect: 'manual' });
    expect((await fetch(consent.headers.get('location') ?? '')).status).toBe(200);
    const [account] = (await send('GET', '/api/youtube/accounts')).body as Array<{ id: string }>;
    const scrapeBody = (i: number) => ({
      actorId: ACTOR,
      input: { searchQueries: `kucing ${i}`, resultsPerPage: 12 },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
    const first = await send('POST', '/api/scrape/start', scrapeBody(0));
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const fileName = await until('the first scrape', async () => {
      const s = await send('GET', `/api/scrape/status/${String(first.body.taskId)}`);
      if (s.body.state === 'failed') throw new Error(JSON.stringify(s.body));
      return s.body.state === 'completed' ? String(s.body.result.fileName) : undefined;
    });
    const items = (await send('GET', `/api/data/items?filename=${fileName}`)).body.items as Array<{ id: string }>;
    expect(items).toHaveLength(12);

    // The traffic: each client loops over a mix of writes and reads. A request refused with 503
    // (or not answered at all) is retried after a short pause until it goes through; anything
    // else that is not 2xx is a defect and is kept for the report.
    const counts = { sent: 0, failed: 0, recovered: 0, attempts: 0, refused503: 0, unanswered: 0 };
    const created = { tasks: [first.body.taskId as string], batches: [] as string[], uploads: [] as string[] };
    const unexpected: string[] = [];
    const badRefusals: string[] = [];
    let stopping = false;
    let n = 0;
    const ops: Array<() => [string, string, unknown, (body: any) => void]> = [
      () => ['POST', '/api/scrape/start', scrapeBody(++n), (b) => created.tasks.push(b.taskId)],
      () => ['GET', '/api/scrape/active-tasks', undefined, () => {}],
      () => {
        const itemIds = [items[n % 12]?.id ?? '', items[(n + 5) % 12]?.id ?? ''];
        return ['POST', '/api/media/batches', { filename: fileName, itemIds, quality: 'best' }, (b) => created.batches.push(b.id)];
      },
      () => ['GET', '/api/media/history', undefined, () => {}],
      () => {
        const form = new FormData();
        form.append('accountId', account?.id ?? '');
        form.append('title', `Unggahan ${++n}`);
        form.append('madeForKids', 'false');
        form.append('privacyStatus', 'unlisted');
        form.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'klip.mp4');
        return ['POST', '/api/youtube/upload', form, (b) => created.uploads.push(b.id)];
      },
      () => ['GET', `/api/scrape/status/${created.tasks[n % created.tasks.length] ?? ''}`, undefined, () => {}],
      () => ['GET', '/api/auth/me', undefined, () => {}],
    ];
    async function client(c: number) {
      for (let i = c; !stopping; i++) {
        const op = ops[i % ops.length];
        if (!op) continue;
        const [method, path, body, onDone] = op();
        counts.sent++;
        let refused = false;
        const deadline = Date.now() + 90_000;
        for (;;) {
          counts.attempts++;
          const res = await send(method, path, body);
          if (res.status >= 200 && res.status < 300) {
            onDone(res.body);
            if (refused) counts.recovered++;
            break;
          }
          if (res.status === 503 || res.status === 0) {
            if (res.status === 0) counts.unanswered++;
            if (res.status === 503) {
              counts.refused503++;
              if (res.body.message !== DB_DOWN) badRefusals.push(`${method} ${path}: ${JSON.stringify(res.body)}`);
            }
            if (!refused) counts.failed++;
            refused = true;
          } else {
            unexpected.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
            break;
          }
          if (Date.now() > deadline) {
            unexpected.push(`${method} ${path}: still refused after 90 s`);
            break;
          }
          await new Promise((r) => setTimeout(r, 300));
        }
      }
    }
    const clients = Array.from({ length: 6 }, (_, c) => client(c));
    await until('some traffic', async () => (counts.sent >= 30 ? true : undefined));

    await pg.stop();
    const refusedBefore = counts.refused503;
    const outage = Date.now();
    await until('refusals during the outage', async () => {
      if (counts.refused503 > refusedBefore + 10) return true;
      if (Date.now() - outage < 30_000) return undefined;
      const processes = children.map((c) => `${c.name} exit=${String(c.child.exitCode)}:\n${c.output().slice(-3000)}`).join('\n');
      throw new Error(`no refusals: ${JSON.stringify({ counts, unexpected: unexpected.slice(0, 5) })}\n${processes}`);
    });
    await new Promise((r) => setTimeout(r, 3000));
    pg = await startEmbeddedPostgres({ dir: pgDir, port: pg.port });
    await until('readiness to come back', async () => ((await call('GET', '/api/ready', false)).status === 200 ? true : undefined));
    const sentAtRecovery = counts.sent;
    await until('traffic after the restart', async () => (counts.sent >= sentAtRecovery + 20 ? true : undefined));
    stopping = true;
    await Promise.all(clients);

    // Every write answered 2xx is in the database; no scrape is left hanging.
    const database = createDatabase(pg.url, { max: 2 });
    try {
      const tasks = await database.sql<{ id: string }[]>`select id from scrape_tasks where id = any(${created.tasks})`;
      const batches = await database.sql<{ id: string; total: number }[]>`select id, total from download_batches where id = any(${created.batches})`;
      const uploads = await database.sql<{ id: string }[]>`select id from youtube_uploads where id = any(${created.uploads})`;
      const batchRows = await database.sql<{ n: number }[]>`select count(*)::int as n from downloads where batch_id = any(${created.batches})`;
      const lost =
        created.tasks.length - tasks.length + created.batches.length - batches.length + created.uploads.length - uploads.length;
      console.log(
        `fault postgres-restart: sent=${counts.sent} failed=${counts.failed} recovered=${counts.recovered} lost=${lost}` +
          ` (attempts=${counts.attempts} refused503=${counts.refused503} tasks=${created.tasks.length} batches=${created.batches.length}` +
          ` downloadRows=${batchRows[0]?.n ?? 0} uploads=${created.uploads.length})`,
      );
      expect(unexpected).toEqual([]);
      expect(badRefusals).toEqual([]);
      expect(counts.failed).toBeGreaterThan(0);
      expect(counts.recovered).toBe(counts.failed);
      expect(lost).toBe(0);
      expect(batches.every((b) => b.total === 2)).toBe(true);
      expect(created.tasks.length).toBeGreaterThan(3);
      expect(created.batches.length).toBeGreaterThan(3);
      expect(created.uploads.length).toBeGreaterThan(3);
      // The scrapes the worker was running when the database went away still finish.
      await until('every scrape to finish', async () => {
        const [open] = await database.sql<{ n: number }[]>`
          select count(*)::int as n from scrape_tasks where state not in ('completed', 'failed', 'cancelled')`;
        return open?.n === 0 ? true : undefined;
      }, 120_000);
      const failedTasks = await database.sql<{ id: string; error: string }[]>`select id, error from scrape_tasks where state <> 'completed'`;
      expect(failedTasks).toEqual([]);
    } finally {
      await database.close();
    }
    for (const { name, child, output } of children)
      expect(child.exitCode, `${name} died:\n${output()}`).toBeNull();
  }, 300_000);
});
