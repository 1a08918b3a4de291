import { ensureActiveApifyKey } from './support/admin-api.ts';
import { APIFY_ACCOUNT, APIFY_TOKENS, UNKNOWN_APIFY_TOKEN } from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.use({ loginAs: 'admin' });

test('admin adds, validates, activates and deletes Apify keys', async ({
  page,
  adminApi,
}, testInfo) => {
  // Another key is active to begin with, so the one added here starts inactive.
  await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
  await page.goto('/#/admin?tab=api-keys');
  const panel = page.getByRole('region', { name: 'Manajemen API Key' });
  const apify = panel.getByRole('region', { name: 'Apify' });
  const input = apify.getByLabel('Kunci API Apify baru');
  const add = apify.getByRole('button', { name: 'Tambah Kunci' });
  const keys = apify.getByRole('group', { name: /Kunci tersimpan/ });
  const option = (token: string) => keys.getByRole('radio', { name: new RegExp(token.slice(-8)) });

  // On load the active key is the selected one.
  await expect(option(APIFY_TOKENS.scrape)).toBeChecked();
  await expect(option(APIFY_TOKENS.scrape)).toHaveAccessibleName(/Aktif/);

  // Cannot add an empty key.
  await add.click();
  await expect(apify.getByText('API key tidak boleh kosong.')).toBeVisible();
  await expect(input).toBeFocused();

  for (const token of [APIFY_TOKENS.admin, UNKNOWN_APIFY_TOKEN]) {
    if ((await option(token).count()) > 0) continue;
    await input.fill(token);
    await add.click();
    await expect(page.getByText('Kunci API berhasil ditambahkan.').last()).toBeVisible();
    await expect(option(token)).toBeChecked();
    // Shown by its last 8 characters only.
    await expect(keys).toContainText(`...${token.slice(-8)}`);
    await expect(keys).not.toContainText(token);
  }
  await expect(option(APIFY_TOKENS.admin)).toHaveAccessibleName(/Belum dicek|Valid/);

  await option(APIFY_TOKENS.admin).check();
  await apify.getByRole('button', { name: 'Validasi' }).click();
  await expect(option(APIFY_TOKENS.admin)).toHaveAccessibleName(
    new RegExp(`Valid.*Valid \\(akun ${APIFY_ACCOUNT}\\)`),
  );

  await option(UNKNOWN_APIFY_TOKEN).check();
  await apify.getByRole('button', { name: 'Validasi' }).click();
  await expect(option(UNKNOWN_APIFY_TOKEN)).toHaveAccessibleName(/Tidak valid/);

  await option(APIFY_TOKENS.admin).check();
  await apify.getByRole('button', { name: 'Jadikan Aktif' }).click();
  await expect(option(APIFY_TOKENS.admin)).toHaveAccessibleName(/Aktif/);
  await expect(apify.getByRole('button', { name: 'Jadikan Aktif' })).toBeDisabled();

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-api-keys');
  }
  await page.setViewportSize(DESKTOP);

  await option(UNKNOWN_APIFY_TOKEN).check();
  await apify.getByRole('button', { name: 'Hapus' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Hapus Kunci API' });
  await expect(confirm).toContainText('Apakah Anda yakin ingin menghapus kunci yang dipilih?');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(confirm).toBeHidden();
  await expect(option(UNKNOWN_APIFY_TOKEN)).toHaveCount(0);

  // After a reload the active key is the selected one.
  await page.reload();
  await expect(option(APIFY_TOKENS.admin)).toBeChecked();
  await expect(option(APIFY_TOKENS.admin)).toHaveAccessibleName(/Aktif/);
});

// The fake Google takes any non-empty Gemini key while none is registered with it.
const GEMINI_KEYS = ['e2e-gemini-key-first-66666666', 'e2e-gemini-key-second-77777777'] as const;

test('admin adds, validates, activates and deletes Gemini keys', async ({ page }) => {
  await page.goto('/#/admin?tab=api-keys');
  const gemini = page
    .getByRole('region', { name: 'Manajemen API Key' })
    .getByRole('region', { name: 'Gemini' });
  const input = gemini.getByLabel('Kunci API Gemini baru');
  const add = gemini.getByRole('button', { name: 'Tambah Kunci' });
  const keys = gemini.getByRole('group', { name: /Kunci tersimpan/ });
  const option = (key: string) => keys.getByRole('radio', { name: new RegExp(key.slice(-8)) });
  const [first, second] = GEMINI_KEYS;

  await add.click();
  await expect(gemini.getByText('API key tidak boleh kosong.')).toBeVisible();
  await expect(input).toBeFocused();

  for (const key of GEMINI_KEYS) {
    if ((await option(key).count()) > 0) continue;
    await input.fill(key);
    await add.click();
    await expect(page.getByText('Kunci API berhasil ditambahkan.').last()).toBeVisible();
    await expect(option(key)).toBeChecked();
    await expect(keys).toContainText(`...${key.slice(-8)}`);
    await expect(keys).not.toContainText(key);
  }

  await option(second).check();
  await gemini.getByRole('button', { name: 'Validasi' }).click();
  // Validation lists the key's models and shows the one generation will use: with
  // GEMINI_MODEL unset, the newest stable flash model the fake lists.
  await expect(option(second)).toHaveAccessibleName(
    /Valid.*Model: gemini-3\.5-flash.*Kunci API Gemini valid\./,
  );
  await expect(page.getByText('Kunci ...77777777 valid. Model: gemini-3.5-flash.')).toBeVisible();

  await gemini.getByRole('button', { name: 'Jadikan Aktif' }).click();
  await expect(option(second)).toHaveAccessibleName(/Aktif/);
  await expect(option(first)).not.toHaveAccessibleName(/Aktif/);
  await expect(gemini.getByRole('button', { name: 'Jadikan Aktif' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Deleting the active key makes the oldest remaining one active.
  await gemini.getByRole('button', { name: 'Hapus' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Hapus Kunci API' });
  await confirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(confirm).toBeHidden();
  await expect(option(second)).toHaveCount(0);
  await expect(option(first)).toHaveAccessibleName(/Aktif/);

  await page.reload();
  await expect(option(first)).toBeChecked();
  await expect(option(first)).toHaveAccessibleName(/Aktif/);
});

// The fake Gemini picks these scenarios by the key's text: a key that lists only non-text
// models (embedding, Imagen, an image model), and one whose list still shows gemini-3.5-flash
// although the model answers 404 (retired).
const NO_TEXT_KEY = 'e2e-gemini-no-text-model-88888888';
const STALE_KEY = 'e2e-gemini-stale-model-list-99999999';

test('a Gemini key without a text model is refused; a retired model is named', async ({
  page,
}, testInfo) => {
  await page.goto('/#/admin?tab=api-keys');
  const gemini = page
    .getByRole('region', { name: 'Manajemen API Key' })
    .getByRole('region', { name: 'Gemini' });
  const keys = gemini.getByRole('group', { name: /Kunci tersimpan/ });
  const option = (key: string) => keys.getByRole('radio', { name: new RegExp(key.slice(-8)) });
  const validate = gemini.getByRole('button', { name: 'Validasi' });

  for (const key of [NO_TEXT_KEY, STALE_KEY]) {
    if ((await option(key).count()) > 0) continue;
    await gemini.getByLabel('Kunci API Gemini baru').fill(key);
    await gemini.getByRole('button', { name: 'Tambah Kunci' }).click();
    await expect(option(key)).toBeVisible();
  }

  // Refused with a clear message (422), and the key shows the same verdict.
  await option(NO_TEXT_KEY).check();
  await validate.click();
  const refusal = /Kunci API Gemini ini tidak punya akses ke model teks Gemini mana pun/;
  await expect(gemini.getByRole('alert')).toContainText(refusal);
  await expect(option(NO_TEXT_KEY)).toHaveAccessibleName(/Tidak valid/);
  await expect(option(NO_TEXT_KEY)).toHaveAccessibleName(refusal);
  await expect(option(NO_TEXT_KEY)).not.toHaveAccessibleName(/Model:/);
  await expect(option(NO_TEXT_KEY)).toBeChecked();

  // The listed model answers 404: the key uses the next one, and the admin is told which.
  await option(STALE_KEY).check();
  await validate.click();
  await expect(option(STALE_KEY)).toHaveAccessibleName(
    /Valid.*Model: gemini-3-flash.*Model Gemini gemini-3\.5-flash sudah dihentikan atau tidak tersedia lagi \(404 NOT_FOUND\); sebagai gantinya dipakai gemini-3-flash\./,
  );

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-api-keys-gemini-models');
  }
  await page.setViewportSize(DESKTOP);

  // Leave the other specs the keys they had.
  for (const key of [NO_TEXT_KEY, STALE_KEY]) {
    await option(key).check();
    await gemini.getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Kunci API' });
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await expect(confirm).toBeHidden();
    await expect(option(key)).toHaveCount(0);
  }
});
