import type { Page } from '@playwright/test';
import type { ToolsResponse, ToolWarning, WorkerTools } from '@scrapper/contracts/http/tools';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { E2E_YTDLP_VERSION } from './support/env.ts';

// The admin tab "Alat & Layanan" and the header's tool warning badge. The first test reads what
// the e2e product's own worker reported (whatever its yt-dlp is), the second scripts the API's
// answer to show every state a worker can be in, the third checks members see and ask nothing.

const SOURCE_LABELS = {
  managed: 'dikelola aplikasi',
  pinned: 'dipatok operator lewat YTDLP_PATH',
  system: 'bawaan sistem',
  missing: 'tidak ada',
} as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const badge = (page: Page) => page.getByRole('link', { name: /^Peringatan alat: \d+ masalah/ });

/** The value beside a label in a worker's card. */
const field = (card: ReturnType<Page['getByRole']>, label: string) =>
  card
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('as the admin', () => {
  test.use({ loginAs: 'admin' });

  test("the worker installs the managed yt-dlp from the release channel, and the tab shows it", async ({
    page,
    adminApi,
  }, testInfo) => {
    // Up to 40 s of waiting for the install and its report below, then the page.
    test.setTimeout(90_000);
    // start-server.ts points YTDLP_RELEASE_URL at the testkit's release server, which serves a
    // real yt-dlp build printing E2E_YTDLP_VERSION. At start the worker checks the channel in the
    // background, verifies SHA2-256SUMS, swaps the build in under DATA_DIR/tools and reports it.
    let live: ToolsResponse = { workers: [], warnings: [] };
    const managed = (workers: WorkerTools[]) =>
      workers.find((worker) => !worker.isStale && worker.tools?.ytDlp.source === 'managed');
    for (
      const started = Date.now();
      Date.now() - started < 40_000 && !managed(live.workers);
      await page.waitForTimeout(500)
    ) {
      live = (await (await adminApi.get('/api/admin/tools')).json()) as ToolsResponse;
    }
    const worker = managed(live.workers);
    expect(worker, 'the worker reports a managed yt-dlp').toBeDefined();
    const tools = worker?.tools;
    if (!worker || !tools) return;
    expect(tools.ytDlp.version).toBe(E2E_YTDLP_VERSION);
    expect(tools.ytDlp.jsRuntime.wired).toBe(true);
    expect(tools.ytDlp.jsRuntime.value).toMatch(/^node:\//);
    expect(worker.lastCheck?.outcome).toBe('updated');
    expect(live.warnings).toEqual([]);

    await page.goto('/#/admin?tab=tools');
    const tab = page.getByRole('tab', { name: 'Alat & Layanan' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Alat & Layanan' })).toBeVisible();

    const card = panel.getByRole('listitem', {
      name: new RegExp(`^${escape(worker.hostname)} \\(PID ${worker.pid}\\)`),
    });
    await expect(card).toBeVisible();
    await expect(field(card, 'Versi yt-dlp')).toHaveText(E2E_YTDLP_VERSION);
    await expect(field(card, 'Sumber')).toContainText(SOURCE_LABELS.managed);
    // Published today (E2E_YTDLP_VERSION is the UTC date the run started; a run that crosses
    // UTC midnight sees it one day old).
    await expect(field(card, 'Umur')).toHaveText(/^(kurang dari 1 hari|1 hari)$/);
    await expect(field(card, 'Runtime JavaScript')).toContainText('Terpasang');
    await expect(field(card, 'ffmpeg')).toHaveText(tools.ffmpeg.version ?? 'tidak ada');
    await expect(field(card, 'ffprobe')).toHaveText(tools.ffprobe.version ?? 'tidak ada');
    await expect(field(card, 'Cek pembaruan terakhir')).toContainText('WIB');
    // The e2e product lets exactly the media server and the webhook receiver through the URL
    // guard (start-server.ts): said on the card, and no warning, since the guard is on.
    await expect(field(card, 'Jaringan privat')).toContainText('(FETCH_ALLOW_PRIVATE_HOSTS)');
    // A current, managed yt-dlp: nothing to warn about, no badge.
    await expect(badge(page)).toHaveCount(0);

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect(panel.getByRole('heading', { name: 'Alat & Layanan' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-tools');
    }
  });

  test('a warning shows the badge on every page; it opens the tab, which names the reason and every source', async ({
    page,
  }, testInfo) => {
    const reportedAt = new Date().toISOString();
    const base = {
      channel: 'stable' as const,
      autoUpdate: true,
      releaseUrl: 'https://github.com/yt-dlp/yt-dlp/releases/latest/download',
    };
    const programs = {
      ffmpeg: { version: '5.1.9-0+deb12u1', path: '/usr/bin/ffmpeg' },
      ffprobe: { version: '5.1.9-0+deb12u1', path: '/usr/bin/ffprobe' },
    };
    const workers: WorkerTools[] = [
      {
        workerId: '0f1e2d3c-4b5a-4968-8776-655443322110',
        hostname: 'dl-mesin-1',
        pid: 4242,
        isStale: false,
        lastSeenAt: reportedAt,
        ytDlpAgeDays: 1363,
        lastCheck: {
          at: '2026-11-26T01:00:00.000Z',
          outcome: 'failed',
          latestVersion: '2026.11.20',
          message:
            'Checksum SHA-256 yt-dlp_linux tidak cocok dengan SHA2-256SUMS; unduhan ditolak.',
        },
        tools: {
          ytDlp: {
            ...base,
            version: '2023.03.04',
            releaseDate: '2023-03-04',
            source: 'system',
            path: '/usr/bin/yt-dlp',
            jsRuntime: { wired: false, value: null, nodeVersion: '24.21.0' },
          },
          ...programs,
          lastCheck: null,
          reportedAt,
        },
      },
      {
        workerId: '11111111-2222-4333-8444-555555555555',
        hostname: 'dl-mesin-2',
        pid: 77,
        isStale: false,
        lastSeenAt: reportedAt,
        ytDlpAgeDays: 6,
        lastCheck: {
          at: '2026-11-26T02:00:00.000Z',
          outcome: 'updated',
          latestVersion: '2026.11.20',
          message: 'yt-dlp diperbarui dari 2026.10.31 ke 2026.11.20.',
        },
        tools: {
          ytDlp: {
            ...base,
            version: '2026.11.20',
            releaseDate: '2026-11-20',
            source: 'managed',
            path: '/srv/scrapper/.data/tools/yt-dlp/yt-dlp_linux',
            jsRuntime: { wired: true, value: 'node:/usr/local/bin/node', nodeVersion: '24.21.0' },
          },
          ...programs,
          lastCheck: null,
          reportedAt,
        },
      },
    ];
    const warnings: ToolWarning[] = [
      {
        code: 'ytdlp-update-failed',
        workerId: workers[0]?.workerId ?? null,
        message:
          'Pembaruan yt-dlp di worker dl-mesin-1 gagal: Checksum SHA-256 yt-dlp_linux tidak cocok dengan SHA2-256SUMS; unduhan ditolak. yt-dlp 2023.03.04 tetap dipakai.',
      },
      {
        code: 'ytdlp-old',
        workerId: workers[0]?.workerId ?? null,
        message:
          'yt-dlp 2023.03.04 di worker dl-mesin-1 sudah berumur 1363 hari (batas 90 hari); unduhan dari TikTok, YouTube dan Instagram bisa gagal. Ini yt-dlp bawaan sistem, cadangan saat salinan yang dikelola aplikasi belum terpasang.',
      },
    ];
    const json = (body: unknown) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
    await page.route('**/api/admin/tools/warnings', (route) => route.fulfill(json({ warnings })));
    await page.route('**/api/admin/tools', (route) => route.fulfill(json({ workers, warnings })));

    await page.goto('/#/history');
    await expect(badge(page)).toHaveAccessibleName(
      'Peringatan alat: 2 masalah. Buka Alat & Layanan',
    );
    await expect(badge(page)).toHaveAttribute('title', warnings[0]?.message ?? '');
    await badge(page).click();
    await expect(page).toHaveURL(/#\/admin\?tab=tools$/);
    await expect(page.getByRole('tab', { name: 'Alat & Layanan' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const panel = page.getByRole('tabpanel');
    const alert = panel.getByRole('alert').filter({ hasText: '2 peringatan' });
    await expect(alert.getByRole('listitem')).toHaveText(
      warnings.map((warning) => warning.message),
    );

    const old = panel.getByRole('listitem', { name: /^dl-mesin-1/ });
    await expect(field(old, 'Umur')).toHaveText('1363 hari (lebih dari 90 hari)');
    await expect(field(old, 'Sumber')).toHaveText('bawaan sistem /usr/bin/yt-dlp');
    await expect(field(old, 'Cek pembaruan terakhir')).toContainText('26 Nov 2026, 08.00 WIB');
    await expect(field(old, 'Cek pembaruan terakhir')).toContainText('Gagal');
    const fresh = panel.getByRole('listitem', { name: /^dl-mesin-2/ });
    await expect(field(fresh, 'Sumber')).toContainText('dikelola aplikasi');
    await expect(field(fresh, 'Runtime JavaScript')).toHaveText('Terpasang (Node 24.21.0)');

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect(badge(page)).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-tools-warnings');
    }
    // Nothing of the page reaches past a phone's right edge.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('as a member', () => {
  test.use({ loginAs: 'member' });

  test('no badge, and the warnings are never asked for', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/tools')) asked.push(request.url());
    });
    // Past the first round of the header's requests (not `networkidle`: the live event stream
    // stays open for as long as the page does).
    const notifications = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications');
    const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await page.goto('/#/');
    await expect(page.getByRole('button', { name: /^Notifikasi/ })).toBeVisible();
    await Promise.all([notifications, stream]);
    await expect(badge(page)).toHaveCount(0);
    expect(asked).toEqual([]);
  });
});
