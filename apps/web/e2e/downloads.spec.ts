import { readFileSync } from 'node:fs';
import type { Download, Locator, Page, TestInfo } from '@playwright/test';
import {
  startMediaServer,
  type MediaServer,
} from '@scrapper/testkit/media-server/start-media-server';
import { readZipEntries } from '@scrapper/testkit/zip-entries';
import { linkTitle, readableFileName } from '@scrapper/contracts/rules/readable-file-name';
import { ensureActiveApifyKey } from './support/admin-api.ts';
import {
  APIFY_TOKENS,
  BROKEN_COVER_URL,
  COVER_URL,
  MANY_ITEM_COUNT,
  MEDIA_AUTHOR_PREFIX,
  MEDIA_ITEMS,
  SCENARIO_WORDS,
} from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { E2E_SPEC_MEDIA_PORT, MEMBER } from './support/env.ts';
import { scrapeKeyword } from './support/scrape-api.ts';

// Downloader, history and file manager as a member, on the real product: the fake Apify's
// `unduh` items point at the testkit media server, and the worker's real yt-dlp and ffmpeg
// fetch them (support/fake-apify-scenarios.ts).

/** The trimmed title of the `unduh` scenario's item at `index` (what the table shows). */
function titleAt(index: number): string {
  const item = MEDIA_ITEMS[index];
  if (!item) throw new Error(`no media item ${index}`);
  return item.title.trim();
}
const EIGHT = titleAt(0);
const THREE = titleAt(1);
const HLS = titleAt(2);
const DUPLICATE = titleAt(3);
const LONG = titleAt(4);
const MISSING = titleAt(5);
const BATCH = [EIGHT, THREE, HLS];

/** Unique per attempt, so a retried test does not meet the first attempt's downloads. */
function unique(word: string): string {
  return `${word}-${Date.now().toString(36)}`;
}

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'Daftar video' });
}

/** The body row whose title button is exactly `title` (rows of one file differ by case). */
function videoRow(page: Page, title: string): Locator {
  return table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

function bodyRows(page: Page): Locator {
  return table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') })
    .filter({
      hasNot: page.getByRole('checkbox', { name: /^Pilih semua/ }),
    });
}

async function openDownloader(page: Page, fileName: string, itemCount: number) {
  await page.goto(`/#/downloader?file=${fileName}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Downloader' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'File hasil' })).toHaveValue(fileName);
  await expect(page.getByText(`Menampilkan ${itemCount} dari ${itemCount} item`)).toBeVisible();
}

const COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="120"><rect width="90" height="120" fill="#1f6feb"/><circle cx="45" cy="60" r="22" fill="#79c0ff"/></svg>';

/** The covers' host, played by the test: one image, and a cover that fails to load. */
async function serveCovers(page: Page) {
  await page.route(COVER_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: COVER_SVG }),
  );
  await page.route(BROKEN_COVER_URL, (route) => route.abort('namenotresolved'));
}

/** The names inside a zip the browser saved. */
async function zipEntryNames(download: Download): Promise<string[]> {
  return readZipEntries(readFileSync(await download.path())).map((entry) => entry.name);
}

/** axe finds nothing serious, and the screen is saved at both widths (back to the desktop's after). */
async function lookAt(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, name, { fullPage: false });
  }
  await page.setViewportSize(DESKTOP);
}

function batchPanel(page: Page): Locator {
  return page.getByRole('region', { name: /^Unduhan (Berjalan|Selesai)$/ });
}

function collectDownloads(page: Page): Download[] {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  return downloads;
}

/** Holds POST /api/media/batches until released, so the overlay can be checked at leisure. */
async function holdBatchStart(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const isStart = (url: URL) => url.pathname === '/api/media/batches';
  await page.route(isStart, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await page.unroute(isStart);
  };
}

interface ItemPageRequest {
  offset: string | null;
  limit: string | null;
  sortBy: string | null;
  order: string | null;
  maxSeconds: string | null;
}

/** A request or answer of a result file's items page. */
const isItemsUrl = (url: string) => new URL(url).pathname === '/api/data/items';

/** Every GET /api/data/items the page makes (its paging, order and filter) and their answers. */
function watchItemPages(page: Page) {
  const requests: ItemPageRequest[] = [];
  const answers: { items: Record<string, unknown>[] }[] = [];
  page.on('request', (request) => {
    if (!isItemsUrl(request.url())) return;
    const query = new URL(request.url()).searchParams;
    requests.push({
      offset: query.get('offset'),
      limit: query.get('limit'),
      sortBy: query.get('sortBy'),
      order: query.get('order'),
      maxSeconds: query.get('maxSeconds'),
    });
  });
  page.on('response', (response) => {
    if (!isItemsUrl(response.url()) || !response.ok()) return;
    // A body still being read when the test ends is of no use to it: not an error.
    response
      .json()
      .then((body: { items: Record<string, unknown>[] }) => answers.push(body))
      .catch(() => undefined);
  });
  return { requests, answers };
}

/**
 * The first page of a file's items as the server answers it. The first open of a file may
 * build its index (thousands of items, slow under the full run's load): a test waits for this
 * answer, the load's own signal, before it looks at what the page shows.
 */
function firstItemsAnswer(page: Page) {
  return page.waitForResponse(
    (response) =>
      isItemsUrl(response.url()) && new URL(response.url()).searchParams.get('offset') === '0',
    { timeout: 0 },
  );
}

test.describe('as a member', () => {
  test.use({ loginAs: 'member' });
  // One story: the later steps use the downloads of the earlier ones; a retry redoes it all
  // on a new scrape.
  test.describe.configure({ mode: 'serial' });

  let fileName = '';
  let author = '';
  /** Links for "Unduh dari URL": the testkit media server in this process, on the port start-server.ts lets through the URL guard. */
  let media: MediaServer;
  test.beforeAll(async () => {
    // The slow link trickles (about 40 KiB/s), so a batch holding it is seen running.
    media = await startMediaServer({
      slowThrottle: { chunkBytes: 4 * 1024, intervalMs: 100 },
      port: E2E_SPEC_MEDIA_PORT,
    });
  });
  test.afterAll(async () => {
    await media.close();
  });

  test.beforeEach(async ({ page }) => {
    await serveCovers(page);
  });

  test.beforeAll(async ({ adminApi, memberApi }) => {
    await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
    const keyword = unique(SCENARIO_WORDS.media);
    author = `${MEDIA_AUTHOR_PREFIX}${keyword.split('-')[1] ?? ''}`;
    fileName = (await scrapeKeyword(memberApi, keyword)).fileName;
  });

  test('the downloader lists the file: columns, filters, details and a preview', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openDownloader(page, fileName, MEDIA_ITEMS.length);
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const eight = videoRow(page, EIGHT);
    const cells = eight.getByRole('cell');
    await expect(cells).toHaveCount(9);
    await expect(cells.nth(1).getByRole('button', { name: `Preview ${EIGHT}` })).toBeVisible();
    await expect(cells.nth(2)).toHaveText('TikTok');
    await expect(cells.nth(3)).toContainText('0:08');
    await expect(cells.nth(6)).toHaveText(author);
    await expect(cells.nth(7)).toContainText('1,5 rb / 120');
    await expect(cells.nth(8)).toHaveText('');
    await expect(table(page)).toHaveAttribute('aria-rowcount', String(MEDIA_ITEMS.length + 1));
    // Covers: an image, none, and one that fails; every row keeps its height.
    await expect(eight.locator('img')).toBeVisible();
    await expect(videoRow(page, THREE).locator('img')).toHaveCount(0);
    await expect(videoRow(page, HLS).locator('img')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // The windowing counts on fixed row heights: 64px, and 152px as cards on a phone.
    for (const [size, height] of [
      [DESKTOP, 64],
      [PHONE, 152],
    ] as const) {
      await page.setViewportSize(size);
      await expect
        .poll(() =>
          bodyRows(page).evaluateAll((rows) =>
            [...new Set(rows.map((row) => row.getBoundingClientRect().height))].join(','),
          ),
        )
        .toBe(String(height));
      await saveScreenshot(page, testInfo, 'downloader');
    }
    await page.setViewportSize(DESKTOP);

    // Hide-filters: duplicates by trimmed, case-insensitive title; longer than a minute.
    await page.getByRole('checkbox', { name: 'Sembunyikan duplikat (judul sama)' }).check();
    await expect(videoRow(page, DUPLICATE)).toHaveCount(0);
    await page
      .getByRole('combobox', { name: 'Sembunyikan durasi panjang' })
      .selectOption({ label: 'Lebih dari 1 menit' });
    await expect(videoRow(page, LONG)).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(MEDIA_ITEMS.length - 2);
    await expect(
      page.getByText('(1 disembunyikan karena durasi, 1 duplikat)', { exact: false }),
    ).toBeVisible();

    // A click on the row opens its details, each field with a copy button.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await videoRow(page, THREE).getByRole('cell').nth(6).click();
    const details = page.getByRole('dialog', { name: 'Detail Video' });
    await expect(details).toContainText('Klip tiga detik');
    await expect(details).toContainText('0:03');
    // The raw record is not in the list: the modal asks for it when it opens.
    await details.getByText('Data lengkap (JSON)').click();
    await expect(details.locator('.detail-raw__json')).toContainText('"authorMeta"');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'downloader-detail', { fullPage: false });
    await details.getByRole('button', { name: 'Copy Judul' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(THREE);
    await details.getByRole('button', { name: 'Copy Data Lengkap' }).click();
    const raw = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(raw).toMatchObject({ text: THREE, authorMeta: { name: author } });
    await details.getByRole('button', { name: 'Tutup' }).last().click();
    await expect(details).toBeHidden();

    // The detail call failing: a clear message, and nothing to copy.
    const isDetail = (url: URL) => url.pathname.startsWith('/api/data/items/');
    await page.route(isDetail, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 404,
          error: 'Not Found',
          message: 'Item tidak ditemukan.',
        }),
      }),
    );
    await videoRow(page, EIGHT).getByRole('cell').nth(6).click();
    await expect(details.getByRole('alert')).toHaveText(
      'Gagal memuat data lengkap video: Item tidak ditemukan.',
    );
    await expect(details.getByRole('button', { name: 'Copy Data Lengkap' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await page.unroute(isDetail);

    // The preview plays the clip the worker made, from a blob (the request needs the token).
    await page.getByRole('button', { name: `Preview ${EIGHT}`, exact: true }).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${EIGHT}` });
    const video = preview.locator('video');
    await expect(video).toHaveAttribute('src', /^blob:/, { timeout: 45_000 });
    await expect
      .poll(() => video.evaluate((el) => (el instanceof HTMLVideoElement ? el.duration : 0)), {
        timeout: 10_000,
      })
      .toBeGreaterThan(7);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'downloader-preview', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
  });

  test('a batch of three downloads in a panel beside the page, then one zip of the files', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await openDownloader(page, fileName, MEDIA_ITEMS.length);
    const button = page.getByRole('button', { name: /^Download Terpilih/ });
    await expect(button).toHaveText('Download Terpilih (0)');
    await button.click();
    await expect(page.getByRole('alert')).toContainText(
      'Tidak ada item yang dipilih untuk diunduh.',
    );

    for (const title of BATCH) {
      await page.getByRole('checkbox', { name: `Pilih ${title}`, exact: true }).check();
    }
    await expect(button).toHaveText('Download Terpilih (3)');
    const downloads = collectDownloads(page);
    const release = await holdBatchStart(page);
    await button.click();
    const panel = batchPanel(page);
    await expect(panel.getByRole('heading', { name: 'Unduhan Berjalan' })).toBeVisible();
    // The panel is brought to where the member is looking.
    await expect(panel).toBeInViewport();
    await expect(panel.getByRole('button', { name: 'Batalkan' })).toBeVisible();
    // Nothing blocks the page: no dialog, and the table still answers.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('checkbox', { name: `Pilih ${LONG}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Pilih ${LONG}`, exact: true }).uncheck();
    await release();
    const rows = panel.getByRole('list', { name: 'Item dalam batch' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'downloader-batch', { fullPage: false });

    await expect(
      page.getByRole('status').filter({ hasText: 'Berhasil mengunduh 3 file.' }),
    ).toBeVisible({
      timeout: 90_000,
    });
    await expect(panel.getByRole('heading', { name: 'Unduhan Selesai' })).toBeVisible();
    for (const title of BATCH)
      await expect(rows.filter({ hasText: title })).toContainText('Selesai');
    // No file is saved one by one: the finished files come as one zip.
    expect(downloads).toHaveLength(0);
    const zip = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Unduh ZIP (3 file)' }).click();
    const saved = await zip;
    expect(saved.suggestedFilename()).toMatch(/^unduhan-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/);
    expect((await zipEntryNames(saved)).sort()).toEqual(
      BATCH.map((title) => `${title}.mp4`).sort(),
    );
    for (const title of BATCH) {
      await expect(videoRow(page, title).getByText('Selesai', { exact: true })).toBeVisible();
    }
    await panel.getByRole('button', { name: 'Tutup' }).click();
    await expect(panel).toHaveCount(0);
    // The marks come from localStorage, so they survive a reload.
    await page.reload();
    await expect(videoRow(page, HLS).getByText('Selesai', { exact: true })).toBeVisible();
    await expect(videoRow(page, MISSING).getByText('Selesai', { exact: true })).toHaveCount(0);

    // An item whose video is gone: one Indonesian sentence, yt-dlp's words under "Detail".
    await page.getByRole('checkbox', { name: `Pilih ${MISSING}`, exact: true }).check();
    await button.click();
    const failed = page.getByRole('alert').filter({ hasText: 'Gagal mengunduh semua file' });
    await expect(failed).toBeVisible({ timeout: 60_000 });
    const reasons = failed.getByRole('list', { name: 'Item yang gagal' });
    await expect(reasons).toContainText(`${MISSING}: Video tidak ditemukan`);
    await reasons.getByText('Detail').first().click();
    await expect(reasons).toContainText('404');
    await expect(panel.getByRole('button', { name: /^Unduh ZIP/ })).toHaveCount(0);
  });

  test('history lists the downloads: filters, load more, download and bulk delete', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.goto('/#/history');
    await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
    const filterToggle = page.getByRole('button', { name: /^Filter/ });
    await expect(filterToggle).toHaveAttribute('aria-expanded', 'false');
    await filterToggle.click();
    await page.getByRole('searchbox', { name: 'Cari' }).fill(author);
    await expect(filterToggle).toHaveText(/Filter \(1 aktif\)/);
    const list = page.getByRole('list', { name: 'Riwayat unduhan' });
    const entries = list.getByRole('listitem');
    // The three downloads; the failed attempt (a 404) left no history entry.
    await expect(entries).toHaveCount(3);
    const stats = page
      .getByRole('region', { name: 'Statistik riwayat' })
      .getByRole('definition')
      .first();
    await expect(stats).toHaveText('3');
    await expect(entries.filter({ hasText: MISSING })).toHaveCount(0);

    // Quick range 'today' (Jakarta) keeps today's downloads.
    await page
      .getByRole('group', { name: 'Rentang cepat' })
      .getByRole('button', { name: 'Hari ini' })
      .click();
    await expect(page.getByRole('textbox', { name: 'Dari tanggal' })).toHaveValue(
      /^\d{2}\/\d{2}\/\d{4}$/,
    );
    await expect(entries).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Urutkan menurut' }).selectOption('title');
    await expect(entries.first()).toContainText([...BATCH].sort()[2] ?? '');
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'history');
    }
    await page.setViewportSize(DESKTOP);

    // 'Unduh' saves the stored file under its title.
    const download = page.waitForEvent('download');
    await entries
      .filter({ hasText: THREE })
      .getByRole('button', { name: `Unduh ${THREE}` })
      .click();
    expect((await download).suggestedFilename()).toBe(`${THREE}.mp4`);

    // A file gone from storage answers 404: 'File hilang'.
    await page.route('**/api/media/download/history/*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'File hilang' }),
      }),
    );
    await entries
      .filter({ hasText: EIGHT })
      .getByRole('button', { name: `Unduh ${EIGHT}` })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'File hilang' })).toBeVisible();
    await page.unroute('**/api/media/download/history/*');

    // Load more asks for offset = the items already loaded (pages of 2 here).
    const offsets: string[] = [];
    const isHistory = (url: URL) => url.pathname === '/api/media/history';
    await page.route(isHistory, async (route) => {
      const url = new URL(route.request().url());
      offsets.push(url.searchParams.get('offset') ?? '');
      url.searchParams.set('limit', '2');
      await route.continue({ url: url.toString() });
    });
    await page.getByRole('combobox', { name: 'Urutan' }).selectOption('asc');
    await expect(entries).toHaveCount(2);
    await page.getByRole('button', { name: 'Muat Lebih Banyak' }).click();
    await expect(entries).toHaveCount(3);
    expect(offsets.slice(-2)).toEqual(['0', '2']);
    await expect(page.getByRole('button', { name: 'Muat Lebih Banyak' })).toHaveCount(0);
    await page.unroute(isHistory);

    // Bulk delete: nothing selected says so; the selection goes after a confirmation.
    await page.getByRole('button', { name: /^Hapus Terpilih/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Tidak ada item yang dipilih untuk dihapus.' }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: `Pilih ${THREE}`, exact: true }).check();
    await page.getByRole('button', { name: 'Hapus Terpilih (1)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Riwayat Terpilih' });
    await expect(confirm).toContainText('tidak dapat dibatalkan');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect(entries.filter({ hasText: THREE })).toHaveCount(0);
    await expect(entries).toHaveCount(2);
    await expect(stats).toHaveText('2');
  });

  test('the file manager: stats, delete one, it shows as missing, and download it again', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/#/files');
    await expect(page.getByRole('heading', { level: 1, name: 'File Manager' })).toBeVisible();
    const files = page.getByRole('list', { name: 'File yang diunduh' }).getByRole('listitem');
    for (const title of BATCH) await expect(files.filter({ hasText: title })).toHaveCount(1);
    const stats = page.getByRole('region', { name: 'Statistik file' });
    await expect(stats).toContainText('Total file');
    await expect(stats).toContainText('TikTok');
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'files');
    }
    await page.setViewportSize(DESKTOP);

    const download = page.waitForEvent('download');
    await files
      .filter({ hasText: EIGHT })
      .getByRole('button', { name: `Unduh ${EIGHT}` })
      .click();
    expect((await download).suggestedFilename()).toBe(`${EIGHT}.mp4`);

    const before = await files.count();
    const statsBefore = await stats.textContent();
    await files
      .filter({ hasText: HLS })
      .getByRole('button', { name: `Hapus ${HLS}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus File' });
    await expect(confirm).toContainText(HLS);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect(page.getByText('File berhasil dihapus.')).toBeVisible();
    await expect(files.filter({ hasText: HLS })).toHaveCount(0);
    await expect(files).toHaveCount(before - 1);
    // The cards follow at once, "Total ukuran" included, and say what a reload says.
    await expect(stats).not.toHaveText(statsBefore ?? '');
    const statsAfter = await stats.textContent();
    await page.reload();
    await expect(files).toHaveCount(before - 1);
    await expect(stats).toHaveText(statsAfter ?? '');

    // A file the disk lost (the list says fileExists: false) shows 'File hilang'.
    const isFiles = (url: URL) => url.pathname === '/api/files';
    await page.route(isFiles, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { files: { title: string; fileExists: boolean }[] };
      for (const file of body.files) if (file.title === THREE) file.fileExists = false;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const lost = files.filter({ hasText: THREE });
    await expect(lost).toContainText('File hilang');
    await expect(lost.getByRole('button', { name: `Unduh ${THREE}` })).toBeDisabled();
    await page.unroute(isFiles);

    // In the history the deleted file is missing too: no download button for it.
    await page.goto('/#/history');
    const entry = page
      .getByRole('list', { name: 'Riwayat unduhan' })
      .getByRole('listitem')
      .filter({ hasText: HLS });
    await expect(entry).toContainText('File hilang');
    await expect(entry.getByRole('button', { name: `Unduh ${HLS}` })).toHaveCount(0);

    // "Unduh Ulang" fetches it again on the server; the entry then has its file back.
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'history-file-missing');
    }
    await page.setViewportSize(DESKTOP);
    await entry.getByRole('button', { name: `Unduh Ulang ${HLS}` }).click();
    // When the file is in, the list reloads: the entry has its file and 'Unduh' again.
    await expect(entry.getByRole('button', { name: `Unduh ${HLS}`, exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(entry).not.toContainText('File hilang');
    await expect(entry).toContainText(`File: ${HLS}.mp4`);
    await expect(
      page
        .getByRole('list', { name: 'Riwayat unduhan' })
        .getByRole('listitem')
        .filter({ hasText: HLS }),
    ).toHaveCount(1);
    const again = page.waitForEvent('download');
    await entry.getByRole('button', { name: `Unduh ${HLS}`, exact: true }).click();
    expect((await again).suggestedFilename()).toBe(`${HLS}.mp4`);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'history-redownloaded');
    }
    await page.setViewportSize(DESKTOP);
    await page.goto('/#/files');
    await expect(files.filter({ hasText: HLS })).toHaveCount(1);
    await expect(files.filter({ hasText: HLS })).toContainText(`File: ${HLS}.mp4`);
  });

  test('Unduh dari URL: two pasted links download on the server and come back as one zip', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const cat = `Kucing ${unique('lucu')}`;
    const dog = `Anjing ${unique('lucu')}`;
    await page.goto('/#/downloader');
    const card = page.getByRole('region', { name: 'Unduh dari URL' });
    const input = page.getByRole('textbox', { name: 'Tautan video' });
    await input.fill(
      `lihat ini ${media.titledPageUrl(cat)} dan\nini juga: ${media.titledPageUrl(dog)}, ftp://bukan.link/x`,
    );
    await expect(card).toContainText('2 tautan ditemukan');
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'downloader-url');
    }
    await page.setViewportSize(DESKTOP);
    await input.press('Enter');
    await expect(input).toHaveValue('');
    const panel = batchPanel(page);
    const rows = panel.getByRole('list', { name: 'Item dalam batch' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(
      page.getByRole('status').filter({ hasText: 'Berhasil mengunduh 2 file.' }),
    ).toBeVisible({
      timeout: 90_000,
    });
    // Each link reads as its address (decided when the download was queued, issue 31 item 2),
    // so two links never share a name.
    const catName = linkTitle(media.titledPageUrl(cat));
    const dogName = linkTitle(media.titledPageUrl(dog));
    await expect(rows.filter({ hasText: catName })).toContainText('Selesai');
    await expect(rows.filter({ hasText: dogName })).toContainText('Selesai');
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'downloader-url-done');
    }
    await page.setViewportSize(DESKTOP);
    const zip = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Unduh ZIP (2 file)' }).click();
    expect((await zipEntryNames(await zip)).sort()).toEqual(
      [readableFileName(catName, 'mp4'), readableFileName(dogName, 'mp4')].sort(),
    );

    // Riwayat shows them by their address with a readable file name.
    await page.goto('/#/history');
    const entry = page
      .getByRole('list', { name: 'Riwayat unduhan' })
      .getByRole('listitem')
      .filter({ hasText: catName });
    await expect(entry).toContainText(`File: ${readableFileName(catName, 'mp4')}`);

    // One finished file is saved as itself, not as a zip of one.
    const single = `Satu ${unique('klip')}`;
    await page.goto('/#/downloader');
    await input.fill(media.titledPageUrl(single));
    await input.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Berhasil mengunduh 1 file.' }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByRole('button', { name: /^Unduh ZIP/ })).toHaveCount(0);
    const saved = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Simpan file' }).click();
    expect((await saved).suggestedFilename()).toBe(
      readableFileName(linkTitle(media.titledPageUrl(single)), 'mp4'),
    );
  });

  test('an item without a caption has one name everywhere: table, batch panel, saved file, Riwayat, File Manager', async ({
    page,
    memberApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Its video is an HLS master playlist: yt-dlp calls it "master", and so did Riwayat before.
    const keyword = unique(SCENARIO_WORDS.untitled);
    const name = `Video TikTok dari ${MEDIA_AUTHOR_PREFIX}${keyword.split('-')[1] ?? ''}`;
    const scraped = await scrapeKeyword(memberApi, keyword);
    await openDownloader(page, scraped.fileName, 1);
    await expect(videoRow(page, name)).toHaveCount(1);
    await expect(table(page)).not.toContainText('(tanpa judul)');
    await page.getByRole('checkbox', { name: `Pilih ${name}`, exact: true }).check();
    await page.getByRole('button', { name: /^Download Terpilih/ }).click();
    const panel = batchPanel(page);
    const rows = panel.getByRole('list', { name: 'Item dalam batch' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expect(
      page.getByRole('status').filter({ hasText: 'Berhasil mengunduh 1 file.' }),
    ).toBeVisible({ timeout: 90_000 });
    await expect(rows.first()).toContainText(name);
    await expect(panel).not.toContainText('master');
    await lookAt(page, testInfo, 'untitled-downloader');
    const saved = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Simpan file' }).click();
    expect((await saved).suggestedFilename()).toBe(`${name}.mp4`);

    await page.goto('/#/history');
    const entry = page
      .getByRole('list', { name: 'Riwayat unduhan' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(entry).toContainText(`File: ${name}.mp4`);
    await expect(entry).not.toContainText('master');
    await lookAt(page, testInfo, 'untitled-history');

    await page.goto('/#/files');
    const file = page
      .getByRole('list', { name: 'File yang diunduh' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(file).toContainText(`File: ${name}.mp4`);
    await expect(file).not.toContainText('master');
    await lookAt(page, testInfo, 'untitled-files');
  });

  test("a running batch shows each item's percentage and the whole batch's progress", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const quick = `Cepat ${unique('klip')}`;
    await page.goto('/#/downloader');
    const input = page.getByRole('textbox', { name: 'Tautan video' });
    await input.fill(`${media.urls.slow}\n${media.titledPageUrl(quick)}`);
    await input.press('Enter');
    const panel = batchPanel(page);
    const rows = panel.getByRole('list', { name: 'Item dalam batch' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // The quick link finishes while the slow one trickles in.
    await expect(rows.filter({ hasText: quick })).toContainText('Selesai', { timeout: 60_000 });
    const slow = rows.filter({ hasText: /Mengunduh \d+%/ });
    await expect(slow).toHaveCount(1, { timeout: 30_000 });
    const itemBar = slow.getByRole('progressbar');
    await expect
      .poll(async () => Number(await itemBar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // The batch's bar counts the finished item whole and the running one by its percentage:
    // more than the half that "1 of 2 finished" alone would say.
    const overall = panel.getByRole('progressbar', { name: 'Selesai mengunduh 1 dari 2 item' });
    await expect
      .poll(async () => Number(await overall.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(50);
    expect(Number(await overall.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await expect(overall).toHaveAttribute(
      'aria-valuetext',
      /^\d+%, Selesai mengunduh 1 dari 2 item$/,
    );
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'downloader-batch-running', { fullPage: false });
    }
    await page.setViewportSize(DESKTOP);
    await panel.getByRole('button', { name: 'Batalkan' }).click();
    await expect(panel.getByRole('heading', { name: 'Unduhan Selesai' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('thousands of items: pages load as the table scrolls, filters and order on the server, select all takes one batch', async ({
    page,
    memberApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    const many = await scrapeKeyword(memberApi, unique(SCENARIO_WORDS.many));
    expect(many.itemCount).toBe(MANY_ITEM_COUNT);
    const pages = watchItemPages(page);
    const firstPage = firstItemsAnswer(page);
    await page.goto(`/#/downloader?file=${many.fileName}`);
    expect((await firstPage).ok()).toBe(true);
    const all = MANY_ITEM_COUNT.toLocaleString('id-ID');
    await expect(page.getByText(`Menampilkan ${all} dari ${all} item`)).toBeVisible();
    // The table knows the file's size, holds the first page only, renders a window of it.
    await expect(table(page)).toHaveAttribute('aria-rowcount', String(MANY_ITEM_COUNT + 1));
    expect(await bodyRows(page).count()).toBeLessThan(60);
    expect(pages.requests.map((r) => [r.offset, r.limit])).toEqual([['0', '100']]);

    // Keyboard: Tab walks the rows' controls past the ones in view; the box scrolls along,
    // the window follows, and focus stays on the row it reached.
    await videoRow(page, 'Video massal 1').getByRole('checkbox').focus();
    for (let i = 0; i < 45; i++) await page.keyboard.press('Tab');
    const focusedRow = table(page).locator('[role="row"]:has(:focus)');
    await expect(focusedRow).toBeInViewport();
    expect(Number(await focusedRow.getAttribute('aria-rowindex'))).toBeGreaterThan(12);

    // Scrolling to the end of what is loaded asks for the next page, until the last item.
    const scroller = page.locator('.video-table');
    const last = videoRow(page, `Video massal ${MANY_ITEM_COUNT}`);
    for (let round = 0; round < 12 && (await last.count()) === 0; round++) {
      const height = await scroller.evaluate((element) => {
        element.scrollTo(0, element.scrollHeight);
        return element.scrollHeight;
      });
      await expect
        .poll(
          async () =>
            (await last.count()) > 0 || (await scroller.evaluate((e) => e.scrollHeight)) > height,
        )
        .toBe(true);
    }
    await expect(last).toBeVisible();
    await expect(last).toHaveAttribute('aria-rowindex', String(MANY_ITEM_COUNT + 1));
    await expect(videoRow(page, 'Video massal 1')).toHaveCount(0);
    expect(await bodyRows(page).count()).toBeLessThan(60);
    const expectedOffsets = [0];
    for (let offset = 100; offset < MANY_ITEM_COUNT; offset += 500) expectedOffsets.push(offset);
    expect(pages.requests.map((r) => Number(r.offset))).toEqual(expectedOffsets);
    expect(pages.requests.slice(1).every((r) => r.limit === '500')).toBe(true);
    // Items come without their raw records (the detail call brings one when asked).
    await expect.poll(() => pages.answers.length).toBe(expectedOffsets.length);
    expect(pages.answers.every((answer) => answer.items.every((item) => !('raw' in item)))).toBe(
      true,
    );

    // Order on the server: the longest first (durations run 3 s to 3:22 in the file).
    await page
      .getByRole('combobox', { name: 'Urutkan' })
      .selectOption({ label: 'Durasi terpanjang' });
    await expect(bodyRows(page).first().getByRole('cell').nth(3)).toContainText('3:22');
    expect(pages.requests.at(-1)).toMatchObject({ offset: '0', sortBy: 'duration', order: 'desc' });

    // A filter on the server: longer than a minute hidden (58 of every 200 durations stay).
    await page.getByRole('combobox', { name: 'Urutkan' }).selectOption({ label: 'Urutan file' });
    await page
      .getByRole('combobox', { name: 'Sembunyikan durasi panjang' })
      .selectOption({ label: 'Lebih dari 1 menit' });
    const kept = (MANY_ITEM_COUNT / 200) * 58;
    await expect(
      page.getByText(
        `Menampilkan ${kept} dari ${all} item (${(MANY_ITEM_COUNT - kept).toLocaleString('id-ID')} disembunyikan karena durasi, 0 duplikat)`,
      ),
    ).toBeVisible();
    expect(pages.requests.at(-1)).toMatchObject({ offset: '0', maxSeconds: '60' });
    await expect(table(page)).toHaveAttribute('aria-rowcount', String(kept + 1));
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'downloader-many-filtered');
    }
    await page.setViewportSize(DESKTOP);

    // Search on the server (with the filter on): one item of 3,000.
    await page.getByRole('searchbox', { name: 'Cari judul atau author' }).fill('Video massal 2801');
    await expect(page.getByText(`Menampilkan 1 dari ${all} item`)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await videoRow(page, 'Video massal 2801').getByRole('checkbox').check();
    await page.getByRole('searchbox', { name: 'Cari judul atau author' }).fill('');
    await page
      .getByRole('combobox', { name: 'Sembunyikan durasi panjang' })
      .selectOption({ label: 'Tampilkan semua' });
    await expect(page.getByText(`Menampilkan ${all} dari ${all} item`)).toBeVisible();
    // The item picked under the search stays picked.
    const button = page.getByRole('button', { name: /^Download Terpilih/ });
    await expect(button).toHaveText('Download Terpilih (1)');

    // 'Pilih semua' takes the first 500 listed (one batch), loading them, and says so.
    // (A click, not check(): the box turns checked once those pages are in.)
    await page.getByRole('checkbox', { name: 'Pilih semua item yang ditampilkan' }).click();
    await expect(button).toHaveText('Download Terpilih (501)');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: '500 item pertama dipilih dari 3.000 item yang cocok' }),
    ).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Pilih semua item yang ditampilkan' }),
    ).toBeChecked();
    await page.getByRole('checkbox', { name: 'Pilih semua item yang ditampilkan' }).uncheck();
    await expect(button).toHaveText('Download Terpilih (1)');

    // Changing the file clears the selection.
    await page.getByRole('combobox', { name: 'File hasil' }).selectOption(fileName);
    await expect(button).toHaveText('Download Terpilih (0)');

    // The admin's 'Refresh Downloader' signal reloads the actor configs, then the items.
    const reloaded = page.waitForRequest((request) => request.url().includes('/api/data/items'));
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('scrapper:actor-configs-refresh', { detail: { at: Date.now() } }),
      );
    });
    await reloaded;
  });

  test('the file selector searches result files on the server and loads more on request', async ({
    page,
    memberApi,
  }) => {
    test.setTimeout(60_000);
    // Quick scrapes of a few items each: the member has at least four files.
    const keyword = unique('cari');
    const found = await scrapeKeyword(memberApi, keyword);
    await scrapeKeyword(memberApi, unique('cari'));
    await scrapeKeyword(memberApi, unique('cari'));
    await page.goto('/#/downloader');
    const select = page.getByRole('combobox', { name: 'File hasil' });
    // Pages of 2 here, so the member's few files need a second page.
    const offsets: string[] = [];
    const isFiles = (url: URL) => url.pathname === '/api/data/files';
    await page.route(isFiles, async (route) => {
      const url = new URL(route.request().url());
      if (!url.searchParams.get('search')) {
        offsets.push(url.searchParams.get('offset') ?? '');
        url.searchParams.set('limit', '2');
      }
      await route.continue({ url: url.toString() });
    });
    await page.reload();
    await expect(select.locator('option')).toHaveCount(3);
    await page.getByRole('button', { name: 'Muat Lebih Banyak File' }).click();
    await expect(select.locator('option')).toHaveCount(5);
    expect(offsets.slice(-2)).toEqual(['0', '2']);
    await page.unroute(isFiles);

    const search = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('search') === keyword,
    );
    await page.getByRole('searchbox', { name: 'Cari file hasil' }).fill(keyword);
    await search;
    await expect(select.locator('option')).toHaveCount(2);
    await select.selectOption(found.fileName);
    await expect(
      page.getByText(`Menampilkan ${found.itemCount} dari ${found.itemCount} item`),
    ).toBeVisible();
    await page
      .getByRole('searchbox', { name: 'Cari file hasil' })
      .fill('tidak-ada-file-seperti-ini');
    await expect(page.getByText('Tidak ada file hasil yang cocok dengan pencarian.')).toBeVisible();
    // The chosen file stays chosen while the search leaves it out.
    await expect(select).toHaveValue(found.fileName);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('as the admin', () => {
  test.use({ loginAs: 'admin' });

  test("opens a member's file, sees every user's history and clears it", async ({
    page,
  }, testInfo) => {
    await page.goto('/#/downloader');
    await page.getByRole('combobox', { name: 'Pengguna' }).selectOption(MEMBER.username);
    const files = page.getByRole('combobox', { name: 'File hasil' });
    await expect(files.locator('option')).not.toHaveCount(1);
    const firstPage = firstItemsAnswer(page);
    await files.selectOption({ index: 1 });
    expect((await firstPage).ok()).toBe(true);
    await expect(table(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/#/history');
    const users = page.getByRole('combobox', { name: 'Pengguna' });
    await expect(users.locator('option', { hasText: MEMBER.username })).toHaveCount(1);
    await users.selectOption({ label: MEMBER.username });
    const entries = page.getByRole('list', { name: 'Riwayat unduhan' }).getByRole('listitem');
    await expect(entries.first()).toContainText(`Pengguna: ${MEMBER.username}`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'history-admin');

    await page.getByRole('button', { name: 'Hapus Semua Riwayat' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Semua Riwayat' });
    await expect(confirm).toContainText('tidak dapat dibatalkan');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Hapus Semua' }).click();
    await expect(page.getByText('Semua riwayat unduhan dihapus.')).toBeVisible();
    await expect(entries).toHaveCount(0);
  });
});
