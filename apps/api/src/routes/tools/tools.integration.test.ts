// The admin's tool status ("Alat & Layanan") and its warnings, on a real database: heartbeat
// rows carrying the workers' tool reports and tool_update_checks rows, as the worker writes them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCheckOutcome, ToolsResponse, WorkerToolReport } from '@scrapper/contracts/http/tools';
import { toolUpdateChecks, workerHeartbeats } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('alat-admin', 'admin-password', 'admin');
  await h.createUser('alat-member', 'member-password', 'user');
  adminToken = await h.login('alat-admin', 'admin-password');
  memberToken = await h.login('alat-member', 'member-password');
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.database.db.delete(workerHeartbeats);
  await h.database.db.delete(toolUpdateChecks);
});

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
/** A yt-dlp version string released `days` ago (yt-dlp versions are their release dates). */
function versionDaysAgo(days: number): string {
  return ago(days * DAY).toISOString().slice(0, 10).replaceAll('-', '.');
}

function report(ytDlp: Partial<WorkerToolReport['ytDlp']> = {}, rest: Partial<WorkerToolReport> = {}): WorkerToolReport {
  const version = ytDlp.version === undefined ? versionDaysAgo(10) : ytDlp.version;
  return {
    ytDlp: {
      version,
      releaseDate: version ? version.replaceAll('.', '-') : null,
      source: 'managed',
      path: '/data/tools/yt-dlp/yt-dlp_linux',
      channel: 'stable',
      autoUpdate: true,
      releaseUrl: 'https://github.com/yt-dlp/yt-dlp/releases/latest/download',
      jsRuntime: { wired: true, value: `node:${process.execPath}`, nodeVersion: process.versions.node },
      ...ytDlp,
    },
    ffmpeg: { version: '5.1.9-0+deb12u1', path: '/usr/bin/ffmpeg' },
    ffprobe: { version: '5.1.9-0+deb12u1', path: '/usr/bin/ffprobe' },
    lastCheck: null,
    reportedAt: new Date().toISOString(),
    ...rest,
  };
}

async function worker(hostname: string, tools: unknown, { seenMsAgo = 2_000, startedMsAgo = 60_000 } = {}): Promise<string> {
  const id = randomUUID();
  await h.database.db.insert(workerHeartbeats).values({
    id,
    hostname,
    pid: 4000 + Math.floor(Math.random() * 1000),
    queues: ['video.download'],
    startedAt: ago(startedMsAgo),
    lastSeenAt: ago(seenMsAgo),
    tools: tools as WorkerToolReport | null,
  });
  return id;
}

async function check(hostname: string, outcome: ToolCheckOutcome, message: string, finishedMsAgo = 60_000, latestVersion: string | null = null) {
  await h.database.db.insert(toolUpdateChecks).values({ hostname, outcome, message, latestVersion, startedAt: ago(finishedMsAgo + 1000), finishedAt: ago(finishedMsAgo) });
}

async function tools(): Promise<ToolsResponse> {
  const res = await h.request('GET', '/api/admin/tools', { token: adminToken });
  expect(res.status).toBe(200);
  return res.body as ToolsResponse;
}

describe('access', () => {
  it.each(['/api/admin/tools', '/api/admin/tools/warnings'])('%s: 401 without a token, 403 for a member, 200 for an admin', async (path) => {
    await worker('mesin-akses', report({ version: '2023.03.04', source: 'system' }));
    const anonymous = await h.request('GET', path);
    expect(anonymous.status).toBe(401);
    const member = await h.request('GET', path, { token: memberToken });
    expect(member.status).toBe(403);
    expect(JSON.stringify(member.body)).not.toContain('2023.03.04');
    expect((await h.request('GET', path, { token: adminToken })).status).toBe(200);
  });
});

describe('GET /api/admin/tools', () => {
  it('is empty when no worker has been heard from', async () => {
    expect(await tools()).toEqual({ workers: [], warnings: [] });
  });

  it('gives a healthy worker its report, the age of its yt-dlp and its last check, without warnings', async () => {
    const version = versionDaysAgo(10);
    const id = await worker('mesin-sehat', report({ version }));
    await check('mesin-sehat', 'failed', 'Checksum tidak cocok.', 3 * DAY);
    await check('mesin-sehat', 'current', `yt-dlp ${version} sudah versi terbaru.`, 60_000, version);
    const body = await tools();
    expect(body.warnings).toEqual([]);
    expect(body.workers).toHaveLength(1);
    const [entry] = body.workers;
    expect(entry).toMatchObject({ workerId: id, hostname: 'mesin-sehat', isStale: false, ytDlpAgeDays: 10 });
    expect(entry?.tools?.ytDlp).toMatchObject({ version, source: 'managed', jsRuntime: { wired: true } });
    expect(entry?.tools?.ffmpeg.version).toBe('5.1.9-0+deb12u1');
    // The machine's newest check row, not the older failed one.
    expect(entry?.lastCheck).toMatchObject({ outcome: 'current', latestVersion: version, message: `yt-dlp ${version} sudah versi terbaru.` });
  });

  it('warns about a yt-dlp older than 90 days, naming its version, its age and why it stayed', async () => {
    await worker('mesin-lama', report({ version: '2023.03.04', source: 'system', path: '/usr/bin/yt-dlp', jsRuntime: { wired: false, value: null, nodeVersion: '24.11.1' } }));
    const { workers, warnings } = await tools();
    const age = workers[0]?.ytDlpAgeDays ?? 0;
    expect(age).toBeGreaterThan(1300);
    expect(warnings).toEqual([
      {
        code: 'ytdlp-old',
        workerId: workers[0]?.workerId,
        message: expect.stringContaining(`yt-dlp 2023.03.04 di worker mesin-lama sudah berumur ${age} hari (batas 90 hari)`),
      },
    ]);
    expect(warnings[0]?.message).toContain('bawaan sistem');
  });

  it('does not warn at 90 days, and does at 91', async () => {
    await worker('mesin-90', report({ version: versionDaysAgo(90) }));
    expect((await tools()).warnings).toEqual([]);
    await worker('mesin-91', report({ version: versionDaysAgo(91), source: 'pinned', path: '/opt/yt-dlp' }));
    const { warnings } = await tools();
    expect(warnings.map((w) => w.code)).toEqual(['ytdlp-old']);
    expect(warnings[0]?.message).toMatch(/berumur 91 hari.*YTDLP_PATH/);
  });

  it('warns with the message of a failed update check, from the table or from the report', async () => {
    await worker('mesin-gagal', report());
    await check('mesin-gagal', 'current', 'Sudah terbaru.', 2 * DAY);
    await check('mesin-gagal', 'failed', 'Checksum SHA-256 yt-dlp_linux tidak cocok dengan SHA2-256SUMS; unduhan ditolak.', 60_000, '2026.11.20');
    let { warnings, workers } = await tools();
    expect(workers[0]?.lastCheck?.outcome).toBe('failed');
    expect(warnings).toEqual([
      {
        code: 'ytdlp-update-failed',
        workerId: workers[0]?.workerId,
        message: `Pembaruan yt-dlp di worker mesin-gagal gagal: Checksum SHA-256 yt-dlp_linux tidak cocok dengan SHA2-256SUMS; unduhan ditolak. yt-dlp ${versionDaysAgo(10)} tetap dipakai.`,
      },
    ]);

    // A report whose check is newer than every row of the table wins.
    await h.database.db.delete(toolUpdateChecks);
    await h.database.db.delete(workerHeartbeats);
    await check('mesin-lapor', 'failed', 'lama', 2 * DAY);
    await worker('mesin-lapor', report({}, { lastCheck: { at: ago(1000).toISOString(), outcome: 'current', latestVersion: null, message: 'Sudah terbaru.' } }));
    ({ warnings, workers } = await tools());
    expect(workers[0]?.lastCheck?.message).toBe('Sudah terbaru.');
    expect(warnings).toEqual([]);
  });

  it('does not warn when the release server was only out of reach', async () => {
    await worker('mesin-luring', report());
    await check('mesin-luring', 'offline', 'Server rilis yt-dlp tidak dapat dihubungi; yt-dlp yang ada tetap dipakai.');
    const { warnings, workers } = await tools();
    expect(workers[0]?.lastCheck?.outcome).toBe('offline');
    expect(warnings).toEqual([]);
  });

  it('warns when yt-dlp is missing or does not run, and says nothing of its age then', async () => {
    await worker('mesin-kosong', report({ version: null, releaseDate: null, source: 'missing', path: null, jsRuntime: { wired: false, value: null, nodeVersion: '24.11.1' } }));
    const { warnings, workers } = await tools();
    expect(workers[0]?.ytDlpAgeDays).toBeNull();
    expect(warnings).toEqual([
      { code: 'ytdlp-missing', workerId: workers[0]?.workerId, message: expect.stringMatching(/^yt-dlp tidak ditemukan di worker mesin-kosong, jadi unduhan dan pratinjau video akan gagal/) },
    ]);
  });

  it('warns when a yt-dlp from 2025.11.12 on runs without a JavaScript runtime, and not for an older one', async () => {
    const noRuntime = { wired: false, value: null, nodeVersion: '24.11.1' };
    await worker('mesin-js', report({ version: versionDaysAgo(5), jsRuntime: noRuntime }));
    let { warnings } = await tools();
    expect(warnings.map((w) => w.code)).toEqual(['ytdlp-no-js-runtime']);
    expect(warnings[0]?.message).toContain(`yt-dlp ${versionDaysAgo(5)} di worker mesin-js membutuhkan runtime JavaScript`);
    expect(warnings[0]?.message).toContain('--js-runtimes');

    await h.database.db.delete(workerHeartbeats);
    await worker('mesin-js-lama', report({ version: '2025.11.11', jsRuntime: noRuntime }));
    ({ warnings } = await tools());
    expect(warnings.map((w) => w.code)).toEqual(['ytdlp-old']);
  });

  it('lists stale workers marked as such and leaves their warnings out; workers silent for an hour are gone', async () => {
    const live = await worker('mesin-hidup', report(), { startedMsAgo: 60_000 });
    const stale = await worker('mesin-diam', report({ version: '2023.03.04', source: 'system' }), { seenMsAgo: 5 * 60_000, startedMsAgo: 2 * 3600_000 });
    await worker('mesin-hilang', report({ version: '2023.03.04' }), { seenMsAgo: 2 * 3600_000, startedMsAgo: 3 * 3600_000 });
    const { workers, warnings } = await tools();
    expect(workers.map((w) => [w.workerId, w.isStale])).toEqual([
      [live, false],
      [stale, true],
    ]);
    expect(workers[1]?.ytDlpAgeDays).toBeGreaterThan(90);
    expect(warnings).toEqual([]);
  });

  it('gives a warning once for two workers on one machine, and several warnings most severe first', async () => {
    const old = report({ version: '2024.07.16', source: 'system', jsRuntime: { wired: false, value: null, nodeVersion: '24.11.1' } });
    await worker('mesin-ganda', old, { startedMsAgo: 50_000 });
    await worker('mesin-ganda', old, { startedMsAgo: 40_000 });
    await check('mesin-ganda', 'failed', 'Server rilis menjawab 500.');
    const { workers, warnings } = await tools();
    expect(workers).toHaveLength(2);
    expect(warnings.map((w) => w.code)).toEqual(['ytdlp-update-failed', 'ytdlp-old']);
    expect(warnings.every((w) => w.workerId === workers[0]?.workerId)).toBe(true);
  });

  it('never shows the credentials of a private release mirror', async () => {
    await worker('mesin-cermin', report({ releaseUrl: 'https://budi:sandi-cermin-42@cermin.example.id/yt-dlp?token=tok-rahasia-42' }));
    const res = await h.request('GET', '/api/admin/tools', { token: adminToken });
    expect(res.body.workers[0].tools.ytDlp.releaseUrl).toBe('https://***@cermin.example.id/yt-dlp?***');
    expect(JSON.stringify(res.body)).not.toMatch(/sandi-cermin|tok-rahasia|budi/);
  });

  it('lists a worker without a report, or with one it cannot read, with no tools instead of failing', async () => {
    await worker('mesin-baru', null, { startedMsAgo: 20_000 });
    await worker('mesin-asing', { ytDlp: { version: 42 } }, { startedMsAgo: 10_000 });
    const { workers, warnings } = await tools();
    expect(workers.map((w) => [w.hostname, w.tools, w.ytDlpAgeDays, w.lastCheck])).toEqual([
      ['mesin-asing', null, null, null],
      ['mesin-baru', null, null, null],
    ]);
    expect(warnings).toEqual([]);
  });
});

describe('GET /api/admin/tools/warnings', () => {
  it('answers the same warnings as the full status, and nothing else', async () => {
    await worker('mesin-a', report({ version: '2023.03.04', source: 'system' }));
    await worker('mesin-b', report());
    await check('mesin-b', 'failed', 'Disk penuh saat mengunduh yt-dlp_linux.');
    const res = await h.request('GET', '/api/admin/tools/warnings', { token: adminToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['warnings']);
    expect(res.body.warnings).toEqual((await tools()).warnings);
    expect(res.body.warnings.map((w: { code: string }) => w.code)).toEqual(['ytdlp-update-failed', 'ytdlp-old']);
  });
});

describe('API docs', () => {
  it('documents both routes from the contract, as admin routes with a bearer token', async () => {
    const res = await h.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    for (const path of ['/api/admin/tools', '/api/admin/tools/warnings']) {
      expect(res.body.paths[path].get.security).toEqual([{ bearerAuth: [] }]);
      expect(res.body.paths[path].get.responses['200']).toBeDefined();
    }
  });
});

// Issue 29 item 6: fetching from private networks is never silent.
describe('private-network fetching', () => {
  it('a worker that allows it is warned about first, naming the setting; a narrow host list is no warning', async () => {
    await worker('mesin-terbuka', report({}, { network: { allowPrivateNetworkFetch: true, allowHosts: [] } }));
    const { warnings } = await tools();
    expect(warnings.map((w) => w.code)).toEqual(['private-network-fetch']);
    expect(warnings[0]?.message).toMatch(/^ALLOW_PRIVATE_NETWORK_FETCH=true di worker mesin-terbuka: pengaman URL dimatikan/);

    await h.database.db.delete(workerHeartbeats);
    await worker('mesin-sempit', report({}, { network: { allowPrivateNetworkFetch: false, allowHosts: ['127.0.0.1:9000'] } }));
    const narrow = await tools();
    expect(narrow.warnings).toEqual([]);
    expect(narrow.workers[0]?.tools?.network).toEqual({ allowPrivateNetworkFetch: false, allowHosts: ['127.0.0.1:9000'] });

    await h.database.db.delete(workerHeartbeats);
    await worker('mesin-tertutup', report({}, { network: { allowPrivateNetworkFetch: false, allowHosts: [] } }));
    expect((await tools()).warnings).toEqual([]);
  });

  it("the API's own ALLOW_PRIVATE_NETWORK_FETCH is a warning of its own, on the badge's route too", async () => {
    const open = await startHarness({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
    try {
      await open.createUser('alat-admin-2', 'admin-password', 'admin');
      const token = await open.login('alat-admin-2', 'admin-password');
      const res = await open.request('GET', '/api/admin/tools/warnings', { token });
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual([
        { code: 'private-network-fetch', workerId: null, message: expect.stringMatching(/^ALLOW_PRIVATE_NETWORK_FETCH=true di API: /) },
      ]);
    } finally {
      await open.close();
    }
  });
});
