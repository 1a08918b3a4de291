// The member page "Ekstensi" and the admin Cookie tab (issue 17 item 5): the zip a member
// downloads from the page is the API's connected extension, the install steps are there, and
// the member's own synced cookies (put through the real API, as the extension does) are listed
// with their sync time, expiry and last failure, and can be deleted.
import { readFileSync } from 'node:fs';
import { readZipEntries } from '@scrapper/testkit/zip-entries';
import { openE2eDatabase, type E2eDatabase } from './support/e2e-database.ts';
import { BASE_URL } from './support/env.ts';
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.describe.configure({ mode: 'serial' });

let db: E2eDatabase;

/** A cookies.txt as the extension sends it: one long-lived login cookie, one expiring soon. */
function cookiesTxt(domain: string, soonHours: number): string {
  const now = Math.floor(Date.now() / 1000);
  return [
    '# Netscape HTTP Cookie File',
    `.${domain}\tTRUE\t/\tTRUE\t${now + 300 * 24 * 3600}\tsessionid\trahasia-${domain}`,
    `.${domain}\tTRUE\t/\tTRUE\t${now + soonHours * 3600}\tmsToken\tsebentar`,
    '',
  ].join('\n');
}

test.afterAll(async () => {
  await db?.close();
});

test.describe('member', () => {
  test.use({ loginAs: 'member' });

  test('the Ekstensi page: download the connected zip, install steps, own cookies with health, delete one', async ({
    page,
    memberApi,
  }, testInfo) => {
    const me = (await (await memberApi.get('/api/auth/me')).json()) as { user: { id: string } };
    db = await openE2eDatabase(me.user.id);
    await db.sql.unsafe('delete from member_cookies where owner_id = $1', [me.user.id]);
    // TikTok synced now (its short cookie expires within a day); Instagram synced and then
    // refused by the platform (a download's cookie failure, as the worker records it).
    for (const [platform, domain, soon] of [
      ['tiktok', 'tiktok.com', 20],
      ['instagram', 'instagram.com', 24 * 30],
    ] as const) {
      const put = await memberApi.put(`/api/me/cookies/${platform}`, {
        data: { cookies: cookiesTxt(domain, soon) },
      });
      expect(put.status(), await put.text()).toBe(200);
    }
    const refused =
      'Platform meminta login atau verifikasi bot: cookie Instagram Anda dari ekstensi Scrapper tidak lagi diterima.';
    await db.sql.unsafe(
      "update member_cookies set last_failed_at = now(), last_failure = $2 where owner_id = $1 and platform = 'instagram'",
      [me.user.id, refused],
    );

    await page.goto('/#/');
    await page
      .getByRole('navigation', { name: 'Navigasi utama' })
      .getByRole('link', { name: 'Ekstensi' })
      .click();
    await expect(page).toHaveURL(/#\/extension$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ekstensi & Cookie Saya' }),
    ).toBeVisible();

    const install = page.getByRole('region', { name: 'Ekstensi browser Scrapper' });
    await expect(install.getByRole('listitem')).toHaveCount(6);
    await expect(install).toContainText('chrome://extensions');
    await expect(install).toContainText('Mode pengembang');
    await expect(install).toContainText('Muat yang belum dibuka');

    const mine = page.getByRole('region', { name: 'Cookie saya (dari ekstensi)' });
    const list = mine.getByRole('list', { name: 'Cookie yang disinkronkan' });
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Instagram', 'TikTok']);
    const tiktok = list.getByRole('listitem').filter({ hasText: 'TikTok' });
    const instagram = list.getByRole('listitem').filter({ hasText: 'Instagram' });
    await expect(tiktok).toContainText('Segera kedaluwarsa');
    await expect(tiktok).toContainText('Jumlah cookie2');
    await expect(tiktok).toContainText('sinkronkan sekarang', { ignoreCase: true });
    await expect(instagram).toContainText('Ditolak platform');
    await expect(instagram).toContainText(refused);
    // Never the cookie values.
    await expect(page.getByText(/rahasia-/)).toHaveCount(0);

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'extension-page');
    }
    await page.setViewportSize(DESKTOP);

    // The zip is the API's, connected to this Scrapper.
    const downloadStarted = page.waitForEvent('download');
    await install.getByRole('button', { name: 'Unduh ekstensi (.zip)' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toMatch(/^scrapper-extension-[\d.]+\.zip$/);
    // The install steps name the very file that was saved.
    await expect(install.getByRole('listitem').first()).toContainText(`Ekstrak file ${download.suggestedFilename()}`);
    const entries = readZipEntries(readFileSync(await download.path()));
    const manifestEntry = entries.find((entry) => entry.name.endsWith('manifest.json'));
    expect(manifestEntry, entries.map((e) => e.name).join(', ')).toBeDefined();
    const manifest = JSON.parse((manifestEntry?.data ?? Buffer.alloc(0)).toString('utf8')) as {
      content_scripts: Array<{ matches: string[] }>;
    };
    expect(manifest.content_scripts[0]?.matches).toContain(`${new URL(BASE_URL).origin}/*`);

    // Delete TikTok's: asked first, then gone from the page and from the API.
    await tiktok.getByRole('button', { name: 'Hapus cookie TikTok saya' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hapus cookie saya' });
    await expect(dialog).toContainText('cookie bersama admin');
    await saveScreenshot(page, testInfo, 'extension-page-delete', { fullPage: false });
    await dialog.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Instagram']);
    const after = (await (await memberApi.get('/api/me/cookies')).json()) as {
      platforms: Array<{ platform: string }>;
    };
    expect(after.platforms.map((p) => p.platform)).toEqual(['instagram']);
  });
});

test.describe('admin', () => {
  test.use({ loginAs: 'admin' });

  test('the Cookie tab links the extension with its steps and shows the admin’s own synced cookies', async ({
    page,
    adminApi,
  }, testInfo) => {
    await adminApi.delete('/api/me/cookies/youtube');
    const put = await adminApi.put('/api/me/cookies/youtube', {
      data: { cookies: cookiesTxt('youtube.com', 24 * 200) },
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.goto('/#/admin?tab=cookies');
    const install = page.getByRole('region', { name: 'Ekstensi browser Scrapper' });
    await expect(install.getByRole('button', { name: 'Unduh ekstensi (.zip)' })).toBeVisible();
    await expect(install).toContainText('Muat yang belum dibuka');
    const mine = page.getByRole('region', { name: 'Cookie saya (dari ekstensi)' });
    const youtube = mine.getByRole('listitem').filter({ hasText: 'YouTube' });
    await expect(youtube).toContainText('Aktif');
    await expect(youtube).toContainText('Sinkron terakhir');
    await expect(youtube).toContainText(' WIB');

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'admin-cookies-extension');
    }
    await adminApi.delete('/api/me/cookies/youtube');
  });
});
