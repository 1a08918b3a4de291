import type { Locator, Page, TestInfo } from '@playwright/test';
import { ensureActiveApifyKey, removeApifyKeys, setActorActive } from './support/admin-api.ts';
import { openE2eDatabase, type E2eDatabase } from './support/e2e-database.ts';
import {
  APIFY_TOKENS,
  EMPTY_POST_COUNT,
  FAIL_RUN_COST_USD,
  FAIL_STATUS_MESSAGE,
  FAKE_LOG_LINES,
  LONG_LOG_LINES,
  QUICK_ITEM_COUNT,
  WATCH_ITEM_COUNT,
  WATCH_RUN_COST_USD,
} from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

// The scraper dashboard as a member: real API, worker and database, Apify faked by testkit
// (support/fake-apify-scenarios.ts picks each run's course from the words of its target).

/** How the task list shows a run's cost: US dollars, four decimals. */
function usd(value: number): string {
  return `$${value.toFixed(4)}`;
}

test.use({ loginAs: 'member' });

test.beforeAll(async ({ adminApi }) => {
  await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
});

/** Unique per attempt, so tasks of a retried test do not mix with the first attempt's. */
function unique(word: string): string {
  return `${word}-${Date.now().toString(36)}`;
}

function form(page: Page) {
  return {
    platform: page.getByRole('combobox', { name: 'Platform', exact: true }),
    target: page.getByRole('textbox', { name: 'Target', exact: true }),
    urlWidget: page.getByRole('textbox', { name: 'Tambah URL (tempel atau seret)' }),
    submit: page.getByRole('button', { name: 'Mulai Scraping' }),
  };
}

function taskItem(page: Page, target: string): Locator {
  return page
    .getByRole('list', { name: 'Tugas scraping' })
    .getByRole('listitem')
    .filter({ hasText: target });
}

async function paste(field: Locator, text: string) {
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function dropTextFile(field: Locator, name: string, content: string) {
  await field.evaluate(
    (element, file) => {
      const data = new DataTransfer();
      data.items.add(new File([file.content], file.name, { type: 'text/plain' }));
      element.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    },
    { name, content },
  );
}

async function openDashboard(page: Page) {
  await page.goto('/#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Scraper' })).toBeVisible();
  await expect(form(page).platform).toHaveValue('tiktok');
}

test('the form starts on the first platform and applies option defaults per platform', async ({
  page,
}) => {
  await openDashboard(page);
  const { platform, submit } = form(page);
  // The seeded platforms in their order (the admin specs may have added one after them).
  const ids = await platform
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o instanceof HTMLOptionElement ? o.value : '')));
  expect(ids.slice(0, 5)).toEqual(['tiktok', 'douyin', 'youtube', 'instagram', 'facebook']);
  const options = page.getByRole('group', { name: 'Opsi Tambahan' });
  const perKeyword = options.getByRole('spinbutton', { name: 'Jumlah video per kata kunci' });
  await expect(perKeyword).toHaveValue('20');
  await perKeyword.fill('3');

  await platform.selectOption('youtube');
  await expect(options.getByRole('spinbutton', { name: 'Jumlah video maksimum' })).toHaveValue(
    '20',
  );
  const sortBy = options.getByRole('combobox', { name: 'Urutan video channel' });
  await expect(sortBy).toHaveValue('NEWEST');
  await expect(sortBy.locator('option')).toHaveText([
    'Bawaan aktor',
    'Terbaru',
    'Terpopuler',
    'Terlama',
  ]);
  await expect(options.getByRole('combobox', { name: 'Tanggal unggah (pencarian)' })).toHaveValue(
    '',
  );

  // Back to TikTok: its defaults again, not the value typed before.
  await platform.selectOption('tiktok');
  await expect(perKeyword).toHaveValue('20');
  await expect(submit).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Log Proses' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('every target rule answers with its alert, and nothing starts', async ({ page, adminApi }) => {
  test.setTimeout(60_000);
  // Every start the page asks for is answered: none may create a task. (Counting the task
  // list instead raced with its loading once other specs had left tasks for this user.)
  const starts: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/scrape/start') starts.push(response.status());
  });
  await openDashboard(page);
  const { platform, target, submit } = form(page);

  async function expectAlert(text: string) {
    await submit.click();
    const error = page.getByText(text, { exact: true });
    await expect(error).toBeVisible();
    await expect(target).toHaveAttribute('aria-invalid', 'true');
    await expect(target).toBeFocused();
  }

  await expectAlert('Target tidak boleh kosong. Masukkan URL atau pilih platform terlebih dahulu.');
  await expectNoSeriousA11yViolations(page);
  await target.fill('http://');
  await expectAlert('Input tidak valid. Masukkan URL atau keyword.');
  await target.fill('https://www.tiktok.com/@a/video/1\n???');
  await expectAlert('Input tidak valid. Masukkan URL atau keyword.');
  // A link of another platform, named in the refusal (the server refuses it the same way).
  await target.fill('kucing\nhttps://www.youtube.com/watch?v=a1B2c3D4e5F');
  await expectAlert(
    '"https://www.youtube.com/watch?v=a1B2c3D4e5F" bukan link TikTok. Masukkan URL dari tiktok.com.',
  );

  await platform.selectOption('facebook');
  await target.fill('kucing lucu');
  await expectAlert('Input untuk Facebook harus berupa URL.');
  await target.fill('https://facebook');
  await expectAlert('Input untuk Facebook harus berupa URL yang valid.');

  // A platform switched off after the page loaded: the server refuses it.
  await platform.selectOption('youtube');
  await setActorActive(adminApi, 'youtube', false);
  try {
    await target.fill('kucing');
    await submit.click();
    const errorCard = page.getByRole('region', { name: 'Kesalahan Terakhir' });
    await expect(errorCard.getByRole('alert')).toHaveText('Platform scraper tidak valid.');
    await expectNoSeriousA11yViolations(page);
    await errorCard.getByRole('button', { name: 'Tutup pesan kesalahan' }).click();
    await expect(errorCard).toBeHidden();
  } finally {
    await setActorActive(adminApi, 'youtube', true);
  }
  // Only the switched-off platform reached the server, which refused it.
  expect(starts).toEqual([400]);
});

test('a URL scrape runs to completion: progress, logs, result count and downloader link', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openDashboard(page);
  const { urlWidget, submit } = form(page);
  const id = unique('pantau');
  const url = `https://www.tiktok.com/@e2e_creator/video/${id}`;

  // Pasted text keeps only its links; Enter adds them to the list.
  await paste(urlWidget, `Tolong ambil ${url} ya, dan ini juga https://vt.tiktok.com/${id}/ .`);
  await expect(urlWidget).toHaveValue(`${url}\nhttps://vt.tiktok.com/${id}/`);
  await urlWidget.press('Enter');
  const added = page.getByRole('region', { name: /URL yang ditambahkan/ });
  await expect(added.getByRole('heading')).toHaveText('URL yang ditambahkan (2)');
  // A dropped .txt adds its links; one already in the list is not added twice.
  await dropTextFile(urlWidget, 'daftar.txt', `${url}\ncatatan tanpa link\n`);
  await expect(urlWidget).toHaveValue(url);
  await urlWidget.press('Enter');
  await expect(added.getByRole('heading')).toHaveText('URL yang ditambahkan (2)');
  await added.getByRole('button', { name: `Hapus https://vt.tiktok.com/${id}/` }).click();
  await expect(added.getByRole('heading')).toHaveText('URL yang ditambahkan (1)');

  await submit.click();
  await expect(page.getByText('Tugas scraping dimulai.')).toBeVisible();
  await expect(added).toBeHidden();
  const task = taskItem(page, url);
  await expect(task).toHaveCount(1);
  const progress = task.getByRole('progressbar');

  // The 5 s polls see the run under way before it ends, and what it has cost so far.
  await expect(progress).not.toHaveAttribute('aria-valuenow', '0', { timeout: 20_000 });
  await expect(task.getByText('Selesai', { exact: true })).toBeHidden();
  // A run a moment old has cost less than a hundredth of a cent: '<$0.0001', never '$0.0000'.
  const runningCost = task.getByText(/^Biaya Apify sejauh ini: /);
  await expect(runningCost).toHaveText(/^Biaya Apify sejauh ini: (<\$0\.0001|\$\d+\.\d{4})$/);
  const soFar = /\$(\d+\.\d{4})$/.exec((await runningCost.textContent()) ?? '');
  expect(Number(soFar?.[1] ?? 0)).toBeLessThan(WATCH_RUN_COST_USD);
  const log = page.getByRole('log');
  await expect(log).toContainText('Memulai aktor clockworks/tiktok-scraper...');
  expect(await log.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('150px');

  await expect(task.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(task).toContainText(`${WATCH_ITEM_COUNT} item tersimpan.`);
  await expect(task).toContainText(`Item ditemukan: ${WATCH_ITEM_COUNT}`);
  // The run's final cost, as Apify reported it at the end.
  await expect(task.getByText(/^Biaya Apify: /)).toHaveText(
    `Biaya Apify: ${usd(WATCH_RUN_COST_USD)}`,
  );
  const link = task.getByRole('link', { name: `Buka di Downloader: hasil ${url}` });
  await expect(link).toHaveAttribute(
    'href',
    /^#\/downloader\?file=tiktok_\d{8}-\d{6}_[0-9a-f]{8}\.json$/,
  );

  // The log card follows the task to its end and keeps the newest line in view.
  for (const line of FAKE_LOG_LINES) await expect(log).toContainText(line);
  await expect(log).toContainText(
    `Selesai: ${WATCH_ITEM_COUNT} ditemukan, ${WATCH_ITEM_COUNT} disimpan`,
  );
  await expect(task.getByText(/^Hasil: /)).toHaveText(
    `Hasil: ${WATCH_ITEM_COUNT} ditemukan, ${WATCH_ITEM_COUNT} disimpan`,
  );
  const scrolledToEnd = await log.evaluate(
    (element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2,
  );
  expect(scrolledToEnd).toBe(true);

  // The result file's content, fetched on completion.
  const result = page.getByRole('region', { name: 'Hasil Terakhir' });
  await expect(result).toContainText(`${WATCH_ITEM_COUNT} item ditemukan.`);
  const items = result.getByRole('list', { name: 'Item hasil' }).getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText('Video e2e 1');
  await expect(items.first()).toContainText('e2e_creator · 0:15');
  await expect(result).toContainText(`Menampilkan 5 dari ${WATCH_ITEM_COUNT} item.`);

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'dashboard');
  }
  await page.setViewportSize(DESKTOP);

  await link.click();
  await expect(page).toHaveURL(/#\/downloader\?file=tiktok_/);
});

test('three keywords start three tasks in parallel, each to its own result', async ({ page }) => {
  test.setTimeout(60_000);
  await openDashboard(page);
  const { target, submit } = form(page);
  const words = ['kucing', 'anjing', 'burung'].map(unique);
  const starts: string[] = [];
  await page.route('**/api/scrape/start', async (route) => {
    starts.push(route.request().postData() ?? '');
    await route.continue();
  });
  // Blank lines and a repeated keyword do not make tasks of their own.
  await target.fill(`${words[0]}\n  ${words[1]}  \n\n${words[0]}\n${words[2]}\n`);
  await submit.click();
  await expect(page.getByText('Berhasil memulai 3 tugas scraping.')).toBeVisible();
  await expect(target).toHaveValue('');
  expect(starts).toHaveLength(3);
  for (const body of starts) {
    expect(JSON.parse(body)).toMatchObject({
      actorId: 'clockworks/tiktok-scraper',
      input: { resultsPerPage: 20 },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
  }
  expect(starts.map((body) => JSON.parse(body).input.searchQueries).sort()).toEqual(
    [...words].sort(),
  );

  for (const word of words) {
    const task = taskItem(page, word);
    await expect(task.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(task).toContainText(`${QUICK_ITEM_COUNT} item tersimpan.`);
  }
});

/** The log lines the card shows, text only (the time before each line dropped). */
async function logLines(log: Locator): Promise<string[]> {
  return log.locator('li').evaluateAll((items) =>
    items.map((item) => {
      const time = item.querySelector('time')?.textContent ?? '';
      return (item.textContent ?? '').slice(time.length).trim().replace(/\s+/g, ' ');
    }),
  );
}

/** The `panjang` run's lines as the card shows them (runs of spaces read as one). */
const LONG_LINES_SHOWN = LONG_LOG_LINES.map((line) => line.replace(/\s+/g, ' '));

test('a long log arrives in pieces: every line shown once, each poll asking only for the lines after the last', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const logCalls: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/api\/scrape\/status\/[^/]+\/logs$/.test(url.pathname)) {
      logCalls.push(Number(url.searchParams.get('after')));
    }
  });
  await openDashboard(page);
  const { target, submit } = form(page);
  const word = unique('panjang');
  await target.fill(word);
  await submit.click();
  const task = taskItem(page, word);
  await expect(task).toHaveCount(1);
  const log = page.getByRole('log');

  // While it runs, the card grows: lines come faster than a status answer carries them.
  await expect(log).toContainText('Halaman 100 dari 300 diproses', { timeout: 30_000 });
  await expect(task.getByText('Selesai', { exact: true })).toBeHidden();
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'dashboard-long-log');
  }
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);

  await expect(task.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(log).toContainText(`Selesai: ${QUICK_ITEM_COUNT} ditemukan`);
  const shown = await logLines(log);
  const long = shown.filter((text) => text.includes(' dari 300 diproses'));
  expect(long).toEqual(LONG_LINES_SHOWN);
  // Polls asked for what followed the last line held, each time further on, never twice.
  expect(logCalls.length).toBeGreaterThan(0);
  expect(logCalls).toEqual([...new Set(logCalls)].sort((a, b) => a - b));

  // After a reload the task is a history record: its whole log is fetched once when shown.
  await page.reload();
  await taskItem(page, word).getByRole('button', { name: `Lihat log ${word}` }).click();
  await expect(page.getByRole('log')).toContainText('Halaman 300 dari 300 diproses');
  const reloaded = await logLines(page.getByRole('log'));
  expect(reloaded.filter((text) => text.includes(' dari 300 diproses'))).toEqual(LONG_LINES_SHOWN);
});

test('finished tasks come a page at a time: the true count, and Muat lagi brings the rest', async ({
  page,
  memberApi,
}, testInfo) => {
  // axe over 60-odd task cards takes a while on a busy machine.
  test.setTimeout(90_000);
  const word = unique('arsip');
  const seeded = 60;
  const me = await memberApi.get('/api/auth/me');
  const memberId = ((await me.json()) as { user: { id: string } }).user.id;
  const db = await openE2eDatabase(memberId);
  try {
    await checkHistoryPages(page, testInfo, db, memberId, word, seeded);
  } finally {
    // The seeded records go again, so later tests see the dashboard as they knew it.
    await db.sql.unsafe(`delete from scrape_tasks where target like $1 || ' %'`, [word]);
    await db.close();
  }
});

async function checkHistoryPages(page: Page, testInfo: TestInfo, db: E2eDatabase, memberId: string, word: string, seeded: number) {
  // Finished long ago, so they sit at the end of the history, below every task of the run.
  await db.sql.unsafe(
    `insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state,
                               progress_percentage, created_at, finished_at)
     select $1::uuid, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', $2 || ' ' || g, '{}'::jsonb,
            '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}'::jsonb, 'cancelled', 0,
            timestamptz '2020-01-01' + g * interval '1 hour', timestamptz '2020-01-01' + g * interval '1 hour'
     from generate_series(1, $3::int) g`,
    [memberId, word, seeded],
  );
  const historyCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/scrape/history') historyCalls.push(url.search);
  });
  await openDashboard(page);
  const card = page.getByRole('region', { name: /Daftar Tugas/ });
  const tasks = page.getByRole('list', { name: 'Tugas scraping' }).getByRole('listitem');
  const more = card.getByRole('button', { name: 'Muat lagi' });
  await expect(more).toBeVisible();
  const heading = await card.getByRole('heading').textContent();
  const total = Number(/\((\d+)\)/.exec(heading ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(seeded);
  expect(await tasks.count()).toBeLessThan(total);
  await expect(card).toContainText(`dari ${total} tugas.`);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`muat-lagi-${size.width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
  // The oldest seeded task is beyond the first page.
  const seededTask = (n: number) => tasks.filter({ hasText: new RegExp(`${word} ${n}(\\D|$)`) });
  await expect(seededTask(1)).toHaveCount(0);

  while (await more.isVisible()) {
    const before = await tasks.count();
    await more.click();
    await expect.poll(() => tasks.count()).toBeGreaterThan(before);
  }
  await expect(tasks).toHaveCount(total);
  await expect(card.getByRole('heading')).toHaveText(`Daftar Tugas (${total})`);
  for (const n of [1, seeded]) await expect(seededTask(n)).toHaveCount(1);
  expect(historyCalls[0]).toBe('?offset=0&limit=50');
  expect(historyCalls.length).toBeGreaterThan(1);
  await expectNoSeriousA11yViolations(page);
}

test('a task still under way can be cancelled; finished ones deleted, also from the server', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openDashboard(page);
  const { target, submit } = form(page);
  const slow = unique('lama');
  await target.fill(slow);
  await submit.click();
  const task = taskItem(page, slow);
  // Waiting for a worker, or already running (the `lama` run takes a minute): the live stream
  // shows the worker taking it within milliseconds, so "Menunggu" alone may be gone already.
  await expect(task.getByText(/^(Menunggu|Aktif|Berjalan)$/)).toBeVisible();
  await expect(task.getByRole('button', { name: `Hapus ${slow}` })).toHaveCount(0);
  // 'Batalkan' asks first; 'Kembali' leaves the task running.
  await task.getByRole('button', { name: `Batalkan ${slow}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Batalkan tugas scraping?' });
  await expect(confirm).toContainText(`Scraping TikTok "${slow}" akan dihentikan`);
  await expect(confirm.getByRole('button', { name: 'Kembali' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Kembali' }).click();
  await expect(confirm).toBeHidden();
  await expect(task).toHaveCount(1);
  await task.getByRole('button', { name: `Batalkan ${slow}` }).click();
  await confirm.getByRole('button', { name: 'Ya, batalkan' }).click();
  // The card stays, cancelled, with 'Coba Lagi' (it used to vanish until a reload).
  await expect(task.getByText('Dibatalkan', { exact: true })).toBeVisible();
  await expect(task.getByRole('button', { name: `Coba lagi ${slow}` })).toBeVisible();
  await expect(task.getByRole('button', { name: `Batalkan ${slow}` })).toHaveCount(0);

  // It is in the server's history as cancelled, with 'Coba Lagi'; deleting it there removes it
  // for good.
  await page.reload();
  await expect(task.getByText('Dibatalkan', { exact: true })).toBeVisible();
  await expect(task.getByRole('button', { name: `Coba lagi ${slow}` })).toBeVisible();
  // What it spent: nothing known when it never reached a run, else what the abort reported.
  await expect(task.getByText(/^Biaya Apify: /)).toHaveText(/^Biaya Apify: (—|\$\d+\.\d{4})$/);
  await expect(task.getByRole('button', { name: `Batalkan ${slow}` })).toHaveCount(0);
  await task.getByRole('button', { name: `Hapus ${slow}` }).click();
  await expect(task).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Daftar Tugas/ })).toBeVisible();
  await expect(form(page).platform).toHaveValue('tiktok');
  await expect(task).toHaveCount(0);

  // A run the actor fails ends as failed with the actor's message.
  const failing = unique('gagal');
  await target.fill(failing);
  await submit.click();
  const failed = taskItem(page, failing);
  await expect(failed.getByText('Gagal', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText(FAIL_STATUS_MESSAGE);
  // A failed run is paid for too.
  await expect(failed.getByText(/^Biaya Apify: /)).toHaveText(
    `Biaya Apify: ${usd(FAIL_RUN_COST_USD)}`,
  );
});

test('a Facebook scrape that keeps nothing shows its counts and a warning, not a green success', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await openDashboard(page);
  const { platform, target, submit } = form(page);
  await platform.selectOption('facebook');
  const url = `https://www.facebook.com/${unique('kosong')}`;
  await target.fill(url);
  await submit.click();
  const task = taskItem(page, url);
  const warningBadge = task.getByText('Selesai dengan peringatan', { exact: true });
  await expect(warningBadge).toBeVisible({ timeout: 30_000 });
  await expect(task.getByText('Selesai', { exact: true })).toHaveCount(0);
  const counts = `${EMPTY_POST_COUNT} ditemukan, 0 disimpan: ${EMPTY_POST_COUNT} tanpa URL video`;
  await expect(task.getByText(/^Hasil: /)).toHaveText(`Hasil: ${counts}`);
  await expect(task).toContainText(`Tidak ada item yang disimpan (${counts}).`);
  await expect(task.getByRole('link', { name: /Buka di Downloader/ })).toHaveCount(0);
  const log = page.getByRole('log');
  await expect(log).toContainText(`Selesai dengan peringatan: ${counts}.`);

  // After a reload the card still says it (from the history), and the log card shows the
  // task's stored lines without being asked.
  await page.reload();
  await expect(warningBadge).toBeVisible();
  await expect(task).toContainText(`Hasil: ${counts}`);
  await task.getByRole('button', { name: `Lihat log ${url}` }).click();
  await expect(page.getByRole('log')).toContainText(`Selesai dengan peringatan: ${counts}.`);

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await task.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'scrape-kept-nothing');
  }
  await page.setViewportSize(DESKTOP);
});

test('a failed scrape tells why (Detail folded), also after a reload, and Coba Lagi runs it again', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openDashboard(page);
  const { target, submit } = form(page);
  const failing = unique('gagal');
  await target.fill(failing);
  await submit.click();
  const cards = taskItem(page, failing);
  await expect(cards.getByText('Gagal', { exact: true })).toBeVisible({ timeout: 30_000 });
  const sentence =
    'Aktor Apify gagal menyelesaikan run. Periksa apakah target bisa dibuka, lalu tekan Coba Lagi; bila terus gagal, minta admin memeriksa aktor.';
  await expect(cards).toContainText(sentence);
  // Apify's own words wait under "Detail".
  const detail = cards.getByText('Detail', { exact: true });
  await expect(cards.getByText(`FAILED: ${FAIL_STATUS_MESSAGE}`)).toBeHidden();
  await detail.click();
  await expect(cards.getByText(`FAILED: ${FAIL_STATUS_MESSAGE}`)).toBeVisible();

  // A reload shows the reason on the card, and the log card (showing this task, the newest)
  // its stored lines instead of an empty box.
  await page.reload();
  await expect(cards.getByText('Gagal', { exact: true })).toBeVisible();
  await expect(cards).toContainText(sentence);
  const log = page.getByRole('log');
  await expect(log).toContainText('Memulai aktor clockworks/tiktok-scraper...');
  await expect(log).toContainText(sentence);

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await cards.first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'scrape-failed-retry');
  }
  await page.setViewportSize(DESKTOP);

  const retries: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/scrape/retry/')) retries.push(String(response.status()));
  });
  await cards.getByRole('button', { name: `Coba lagi ${failing}` }).click();
  // A second task with the same target and options; the failed one stays in the list.
  await expect(cards).toHaveCount(2);
  expect(retries).toEqual(['202']);
  await expect(cards.getByText('Gagal', { exact: true })).toHaveCount(2, { timeout: 30_000 });
});

test('a member sees that scraping waits for the Apify key before typing anything', async ({
  page,
  adminApi,
}, testInfo) => {
  await removeApifyKeys(adminApi);
  try {
    await openDashboard(page);
    const notice = page.getByRole('alert').filter({ hasText: 'Menunggu API key Apify' });
    await expect(notice).toContainText(
      'Scraping belum bisa berjalan: belum ada API key Apify yang aktif. Minta admin menambahkan atau memperbaiki key di Admin > API Key.',
    );
    // Nothing was typed or sent.
    await expect(form(page).target).toHaveValue('');
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'scraper-waits-for-key');
    }
    await page.setViewportSize(DESKTOP);
  } finally {
    await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
  }
  // Once the admin added a key, the notice is gone.
  await page.reload();
  await expect(form(page).platform).toHaveValue('tiktok');
  await expect(page.getByText('Menunggu API key Apify')).toHaveCount(0);
});
