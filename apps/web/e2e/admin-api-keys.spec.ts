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

test('admin adds Apify keys with a label, validated at once, and deletes them', async ({
  page,
  adminApi,
}, testInfo) => {
  test.setTimeout(90_000);
  // Another key is active and valid to begin with, so the keys added here do not take over.
  await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
  // Start from a list without this test's keys (a retry, or an earlier run of the spec).
  const existing = (await (await adminApi.get('/api/keys')).json()) as Array<{ id: string; key: string }>;
  for (const token of [APIFY_TOKENS.admin, UNKNOWN_APIFY_TOKEN]) {
    const left = existing.find((k) => k.key === `…${token.slice(-4)}`);
    if (left) await adminApi.delete(`/api/keys/${left.id}`);
  }
  await page.goto('/#/admin?tab=api-keys');
  const panel = page.getByRole('region', { name: 'Manajemen API Key' });
  const apify = panel.getByRole('region', { name: 'Apify' });
  const input = apify.getByLabel('Kunci API Apify baru');
  const label = apify.getByLabel('Label (opsional)');
  const add = apify.getByRole('button', { name: 'Tambah Kunci' });
  const keys = apify.getByRole('group', { name: /Kunci tersimpan/ });
  const option = (token: string) =>
    keys.getByRole('radio', { name: new RegExp(`…${token.slice(-4)}`) });

  // On load the active key is the selected one (the first load of a busy machine is slow).
  await expect(option(APIFY_TOKENS.scrape)).toBeChecked({ timeout: 20_000 });
  await expect(option(APIFY_TOKENS.scrape)).toHaveAccessibleName(/Aktif/);

  // Cannot add an empty key.
  await add.click();
  await expect(apify.getByText('API key tidak boleh kosong.')).toBeVisible();
  await expect(input).toBeFocused();

  // Added with a label and validated at once: status, reason and the time of the check.
  await input.fill(APIFY_TOKENS.admin);
  await label.fill('Akun cadangan');
  await add.click();
  await expect(
    page.getByText('Kunci API berhasil ditambahkan dan valid: Akun cadangan (…2222).'),
  ).toBeVisible();
  await expect(option(APIFY_TOKENS.admin)).toBeChecked();
  await expect(option(APIFY_TOKENS.admin)).toHaveAccessibleName(
    new RegExp(`Akun cadangan.*…2222.*Valid.*Valid \\(akun ${APIFY_ACCOUNT}\\).*Ditambahkan .* WIB.*Dicek .* WIB`),
  );
  // Shown by its last four characters only; the other valid key stays the active one.
  await expect(keys).not.toContainText(APIFY_TOKENS.admin);
  await expect(keys).not.toContainText(APIFY_TOKENS.admin.slice(-8));
  await expect(option(APIFY_TOKENS.admin)).not.toHaveAccessibleName(/Aktif/);
  await expect(input).toHaveValue('');
  await expect(label).toHaveValue('');

  // A key Apify refuses is kept, marked invalid with the reason, at once.
  await input.fill(UNKNOWN_APIFY_TOKEN);
  await add.click();
  await expect(page.getByText(/Kunci API ditambahkan, tetapi tidak valid: …3333\./)).toBeVisible();
  await expect(option(UNKNOWN_APIFY_TOKEN)).toHaveAccessibleName(/Tidak valid.*Tidak valid: /);

  // The same key twice is refused.
  await input.fill(APIFY_TOKENS.admin);
  await add.click();
  await expect(apify.getByRole('alert')).toContainText(
    'Kunci ini sudah tersimpan (…2222, Akun cadangan).',
  );
  await input.fill('');

  // A failed Validasi says "Tidak valid", not "Belum dicek".
  await option(UNKNOWN_APIFY_TOKEN).check();
  await apify.getByRole('button', { name: 'Validasi' }).click();
  await expect(page.getByText(/Kunci …3333 tidak valid: Tidak valid: /)).toBeVisible();
  await expect(option(UNKNOWN_APIFY_TOKEN)).toHaveAccessibleName(/Tidak valid/);
  await expect(option(UNKNOWN_APIFY_TOKEN)).not.toHaveAccessibleName(/Belum dicek/);

  await option(APIFY_TOKENS.admin).check();
  await apify.getByRole('button', { name: 'Validasi' }).click();
  await expect(option(APIFY_TOKENS.admin)).toHaveAccessibleName(
    new RegExp(`Valid.*Valid \\(akun ${APIFY_ACCOUNT}\\)`),
  );

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await keys.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'admin-api-keys');
  }
  await page.setViewportSize(DESKTOP);

  for (const token of [UNKNOWN_APIFY_TOKEN, APIFY_TOKENS.admin]) {
    await option(token).check();
    await apify.getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus Kunci API' });
    await expect(confirm).toContainText('Apakah Anda yakin ingin menghapus kunci yang dipilih?');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await expect(confirm).toBeHidden();
    await expect(option(token)).toHaveCount(0);
  }

  // After a reload the active key is the selected one.
  await page.reload();
  await expect(option(APIFY_TOKENS.scrape)).toBeChecked();
  await expect(option(APIFY_TOKENS.scrape)).toHaveAccessibleName(/Aktif/);
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
  const option = (key: string) => keys.getByRole('radio', { name: new RegExp(`…${key.slice(-4)}`) });
  const [first, second] = GEMINI_KEYS;

  await add.click();
  await expect(gemini.getByText('API key tidak boleh kosong.')).toBeVisible();
  await expect(input).toBeFocused();

  for (const key of GEMINI_KEYS) {
    if ((await option(key).count()) > 0) continue;
    await input.fill(key);
    await add.click();
    // Validated at once: the fake Google takes these keys.
    await expect(page.getByText(/Kunci API berhasil ditambahkan dan valid/).last()).toBeVisible();
    await expect(option(key)).toBeChecked();
    await expect(keys).toContainText(`…${key.slice(-4)}`);
    await expect(keys).not.toContainText(key.slice(-8));
  }

  await option(second).check();
  await gemini.getByRole('button', { name: 'Validasi' }).click();
  // Validation lists the key's models and shows the one generation will use: with
  // GEMINI_MODEL unset, the newest stable flash model the fake lists.
  await expect(option(second)).toHaveAccessibleName(
    /Valid.*Model: gemini-3\.5-flash.*Kunci API Gemini valid\./,
  );
  await expect(page.getByText('Kunci …7777 valid. Model: gemini-3.5-flash.')).toBeVisible();

  // The first valid key added took over when no valid key was active; make the second active.
  const activate = gemini.getByRole('button', { name: 'Jadikan Aktif' });
  if (await activate.isEnabled()) await activate.click();
  await expect(option(second)).toHaveAccessibleName(/Aktif/);
  await expect(option(first)).not.toHaveAccessibleName(/Aktif/);
  await expect(gemini.getByRole('button', { name: 'Jadikan Aktif' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Deleting the active key makes the oldest remaining one active (the oldest may be another
  // spec's key: the e2e product is shared).
  await gemini.getByRole('button', { name: 'Hapus' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Hapus Kunci API' });
  await confirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(confirm).toBeHidden();
  await expect(option(second)).toHaveCount(0);
  const active = keys.getByRole('radio', { name: /Aktif/ });
  await expect(active).toHaveCount(1);

  await page.reload();
  await expect(active).toBeChecked({ timeout: 20_000 });
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
  const option = (key: string) => keys.getByRole('radio', { name: new RegExp(`…${key.slice(-4)}`) });
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
