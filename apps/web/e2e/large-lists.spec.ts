import type { Locator, Page } from '@playwright/test';
import { openE2eDatabase, type E2eDatabase } from './support/e2e-database.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { MEMBER } from './support/env.ts';

// The file manager and the history of a member with thousands of downloads (issue 16): the
// true totals from the server, more rows as the list scrolls (only a window of them in the
// DOM), filters kept on the server, and a running download's percentage kept fresh. The rows
// are seeded straight into the product's database: finishing thousands of real downloads
// would take the run an hour.

/** Unique per run: other specs' downloads of the same member never match it. */
const WORD = `arsip${Date.now().toString(36)}`;
const SEEDED = 3000;
const RUNNING_TITLE = `${WORD} sedang berjalan`;
const PLATFORMS = ['tiktok', 'youtube', 'instagram'];

let db: E2eDatabase;
let runningId = '';

test.describe.configure({ mode: 'serial' });
test.use({ loginAs: 'member' });

test.beforeAll(async ({ memberApi }) => {
  const me = await memberApi.get('/api/auth/me');
  expect(me.ok()).toBe(true);
  const { id: memberId, username } = ((await me.json()) as { user: { id: string; username: string } }).user;
  expect(username).toBe(MEMBER.username);
  db = await openE2eDatabase(memberId);
  // 3,000 finished downloads with files, an hour apart, the newest an hour ago; platform n % 3.
  await db.sql.unsafe(
    `insert into downloads (owner_id, platform, source_item_id, source_url, title, author, quality, status, progress,
                            storage_key, size_bytes, mime, created_at, finished_at, file_missing_at)
     select $1::uuid, ($3::text[])[1 + g % 3], $2 || '-' || g, 'https://example.test/' || $2 || '/' || g,
            $2 || ' video ' || lpad(g::text, 4, '0'), 'kreator' || (g % 7), 'best', 'completed', 100,
            'downloads/' || $1 || '/' || $2 || '-' || g || '.mp4', 2048 + g, 'video/mp4',
            now() - (($4::int - g) || ' hours')::interval, now() - (($4::int - g) || ' hours')::interval,
            case when g <= $4::int - 40 then now() end
     from generate_series(1, $4::int) g`,
    [memberId, WORD, PLATFORMS, SEEDED],
  );
  // The newest 40 files are really in storage (tiny); the others show 'File hilang' (found gone:
  // the list reads it from the database, downloads.file_missing_at).
  for (let g = SEEDED; g > SEEDED - 40; g--) {
    db.writeStored(`downloads/${memberId}/${WORD}-${g}.mp4`, Buffer.from(`video ${g}`));
  }
  // A download the worker is fetching right now (no job behind it: the test moves it along).
  const [running] = await db.sql.unsafe(
    `insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status, progress, created_at)
     values ($1, 'tiktok', $2 || '-running', 'https://example.test/running', $3, 'best', 'running', 37, now())
     returning id`,
    [memberId, WORD, RUNNING_TITLE],
  );
  runningId = String(running?.id ?? '');
});

test.afterAll(async () => {
  await db?.close();
});

function listBox(list: Locator): Locator {
  return list.locator('xpath=..');
}

/** Scrolls the windowed list to its end, as a member's wheel would. */
async function scrollToEnd(list: Locator) {
  await listBox(list).evaluate((box) => {
    box.scrollTop = box.scrollHeight;
    box.dispatchEvent(new Event('scroll'));
  });
}

async function expectWindowed(list: Locator) {
  // Thousands loaded or not, only the rows around the visible ones are in the DOM.
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);
}

async function apiTotal(page: Page, path: string, token: string): Promise<number> {
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

test('the file manager shows the true totals and loads more files as the list scrolls', async ({
  page,
  tokens,
}, testInfo) => {
  test.setTimeout(90_000);
  const allFiles = await apiTotal(page, '/api/files?limit=1', tokens.member);
  expect(allFiles).toBeGreaterThanOrEqual(SEEDED);
  const firstPage = page.waitForResponse((r) => r.url().includes('/api/files?sortBy='));
  await page.goto('/#/files');
  expect((await firstPage).ok()).toBe(true);
  const stats = page.getByRole('region', { name: 'Statistik file' });
  await expect(stats.getByRole('definition').first()).toHaveText(allFiles.toLocaleString('id-ID'));

  // The member's search keeps to the seeded files, on the server.
  const searched = page.waitForResponse((r) => r.url().includes(`/api/files?search=${WORD}`));
  await page.getByRole('searchbox', { name: 'Cari judul' }).fill(WORD);
  await searched;
  const list = page.getByRole('list', { name: 'File yang diunduh' });
  const summary = page.getByText(/^Menampilkan [\d.]+ dari [\d.]+ file\.$/);
  await expect(summary).toHaveText('Menampilkan 200 dari 3.000 file.');
  // The stats stay those of the whole library.
  await expect(stats.getByRole('definition').first()).toHaveText(allFiles.toLocaleString('id-ID'));
  await expect(list.getByRole('listitem').first()).toContainText(`${WORD} video 3000`);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '3000');
  await expectWindowed(list);

  await scrollToEnd(list);
  await expect(summary).toHaveText('Menampilkan 400 dari 3.000 file.');
  await expectWindowed(list);
  await scrollToEnd(list);
  await expect(summary).toHaveText('Menampilkan 600 dari 3.000 file.');

  // Sorting by title is the server's: the oldest seeded title comes first in A-Z.
  await page.getByRole('combobox', { name: 'Urutan' }).selectOption('asc');
  await page.getByRole('combobox', { name: 'Urutkan menurut' }).selectOption('title');
  await expect(list.getByRole('listitem').first()).toContainText(`${WORD} video 0001`);
  await expect(summary).toHaveText('Menampilkan 200 dari 3.000 file.');

  await page.getByRole('combobox', { name: 'Urutan' }).selectOption('desc');
  await expect(list.getByRole('listitem').first()).toContainText(`${WORD} video 3000`);
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'large-files');
  }
  await page.setViewportSize(DESKTOP);
});

test('the history loads more as it scrolls, keeps a platform filter on the server, and shows a running download’s percentage', async ({
  page,
  tokens,
}, testInfo) => {
  test.setTimeout(90_000);
  const firstPage = page.waitForResponse((r) => r.url().includes('/api/media/history?'));
  await page.goto('/#/history');
  expect((await firstPage).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
  const filterToggle = page.getByRole('button', { name: /^Filter/ });
  await filterToggle.click();
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/media/history?') && r.url().includes(`search=${WORD}`),
  );
  await page.getByRole('searchbox', { name: 'Cari' }).fill(WORD);
  await searched;
  const list = page.getByRole('list', { name: 'Riwayat unduhan' });
  const summary = page.getByText(/^Menampilkan [\d.]+ dari [\d.]+ unduhan\.$/);
  await expect(summary).toHaveText('Menampilkan 50 dari 3.001 unduhan.');
  const stats = page.getByRole('region', { name: 'Statistik riwayat' });
  await expect(stats.getByRole('definition').first()).toHaveText('3.001');

  // The running download is the newest: a labelled bar with its percentage.
  const running = list.getByRole('listitem').filter({ hasText: RUNNING_TITLE });
  const bar = running.getByRole('progressbar', { name: `Sedang diunduh: ${RUNNING_TITLE}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '37');
  await expect(running).toContainText('37%');
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'large-history');
  }
  await page.setViewportSize(DESKTOP);

  // The worker records more: the row follows without a reload (a poll every few seconds).
  await db.sql.unsafe('update downloads set progress = 64 where id = $1', [runningId]);
  await expect(bar).toHaveAttribute('aria-valuenow', '64');
  await expect(running).toContainText('64%');
  await db.sql.unsafe(
    `update downloads set status = 'completed', progress = 100, storage_key = $2, size_bytes = 10, finished_at = now()
     where id = $1`,
    [runningId, `downloads/none/${WORD}-running.mp4`],
  );
  await expect(running).toContainText('Selesai');
  await expect(running.getByRole('progressbar')).toHaveCount(0);

  // More rows as the list scrolls; only a window of them in the DOM.
  await scrollToEnd(list);
  await expect(summary).toHaveText('Menampilkan 100 dari 3.001 unduhan.');
  await scrollToEnd(list);
  await expect(summary).toHaveText('Menampilkan 150 dari 3.001 unduhan.');
  await expectWindowed(list);

  // "Pilih semua" takes every loaded row, also those outside the window (not in the DOM).
  await page.getByRole('checkbox', { name: 'Pilih semua' }).check();
  await expect(page.getByRole('button', { name: 'Hapus Terpilih (150)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pilih semua' }).uncheck();
  await expect(page.getByRole('button', { name: 'Hapus Terpilih (0)' })).toBeVisible();

  // Keyboard: Tab walks down the rows; each focused row is scrolled into the window, and the
  // focus never falls out of the list.
  await listBox(list).evaluate((box) => {
    box.scrollTop = 0;
    box.dispatchEvent(new Event('scroll'));
  });
  await list.getByRole('listitem').first().getByRole('checkbox').focus();
  for (let n = 0; n < 45; n++) await page.keyboard.press('Tab');
  const focus = await page.evaluate(() => ({
    inList: document.activeElement?.closest('ul[aria-label="Riwayat unduhan"]') !== null,
    row: Number(document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? 0),
  }));
  expect(focus.inList).toBe(true);
  expect(focus.row).toBeGreaterThan(10);
  expect(await listBox(list).evaluate((box) => box.scrollTop)).toBeGreaterThan(0);

  // A platform filter is the server's: the count is YouTube's, and so is every row loaded later.
  await page.getByRole('combobox', { name: 'Platform' }).selectOption('youtube');
  const youtube = await apiTotal(page, `/api/media/history?limit=1&platform=youtube&search=${WORD}`, tokens.member);
  expect(youtube).toBe(SEEDED / 3);
  await expect(summary).toHaveText('Menampilkan 50 dari 1.000 unduhan.');
  await scrollToEnd(list);
  await expect(summary).toHaveText('Menampilkan 100 dari 1.000 unduhan.');
  const platforms = await list
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
  expect(platforms.length).toBeGreaterThan(5);
  for (const text of platforms) expect(text).toContain('YouTube');
});
