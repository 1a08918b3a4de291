import { QUOTA_LABELS } from '@scrapper/contracts/http/youtube-accounts';
import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import {
  YOUTUBE_QUOTA_DEFAULTS,
  YOUTUBE_QUOTA_RANGES,
  YOUTUBE_UNIT_COSTS,
} from '@scrapper/contracts/rules/youtube-quota';
import {
  CLIENT_SECRET_PLATFORMS,
  CLIENT_SECRET_PLATFORM_LABELS,
} from '@scrapper/contracts/rules/publish-destinations';
import type { ClientSecretPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Checkbox } from '@scrapper/ui/checkbox';
import { PasswordInput } from '@scrapper/ui/password-input';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { fieldBinder } from '@/lib/bind-field.ts';
import { createClientSecret, updateClientSecret } from '../api.ts';
import {
  CREDENTIAL_LABELS,
  clientSecretFormFrom,
  emptyClientSecretForm,
  hasFormErrors,
  toClientSecretBody,
  validateClientSecretForm,
  withPlatform,
} from '../utils/client-secret-form.ts';
import type {
  ClientSecretFormErrors,
  ClientSecretFormValues,
} from '../utils/client-secret-form.ts';

export interface ClientSecretFormProps {
  /** The secret being edited; absent when adding. */
  secret: ClientSecret | null;
  onSaved: (saved: ClientSecret, mode: 'create' | 'edit') => void;
  onCancelEdit: () => void;
  /** The platforms this form registers apps for (the Meta tab: only meta). Default: all. */
  platforms?: readonly ClientSecretPlatform[];
}

/** Where the redirect URI is registered, per platform. */
const REDIRECT_HINTS: Record<ClientSecretPlatform, string> = {
  youtube:
    'Harus sama dengan Authorized redirect URI di Google Cloud Console. Bawaan: callback OAuth server ini.',
  tiktok:
    'Harus sama dengan Redirect URI di Login Kit aplikasi TikTok (developers.tiktok.com). Bawaan: callback TikTok server ini.',
  meta: 'Harus terdaftar di Valid OAuth Redirect URIs pada Facebook Login for Business aplikasi Meta. Bawaan: callback Meta server ini.',
};

type FieldName = keyof ClientSecretFormValues;
const FIELD_ORDER: FieldName[] = [
  'name',
  'clientId',
  'clientSecret',
  'redirectUri',
  'quotaDailyUploads',
  'quotaDailyUnits',
];

const numberFormat = new Intl.NumberFormat('id-ID');

/** A daily quota's number input: its label and the range the server takes. */
function quotaInput(kind: keyof typeof YOUTUBE_QUOTA_RANGES) {
  const { min, max } = YOUTUBE_QUOTA_RANGES[kind];
  return {
    label: QUOTA_LABELS[kind],
    required: true,
    type: 'number',
    inputMode: 'numeric',
    min,
    max,
    step: 1,
  } as const;
}

/** 'Tambah Client Secret' / 'Edit Client Secret'. Remounted per secret, so it starts fresh. */
export function ClientSecretForm({
  secret,
  onSaved,
  onCancelEdit,
  platforms = CLIENT_SECRET_PLATFORMS,
}: ClientSecretFormProps) {
  const mode = secret ? 'edit' : 'create';
  const [values, setValues] = useState<ClientSecretFormValues>(() =>
    secret
      ? clientSecretFormFrom(secret)
      : emptyClientSecretForm(window.location.origin, platforms[0] ?? 'youtube'),
  );
  const labels = CREDENTIAL_LABELS[values.platform];
  const isYouTube = values.platform === 'youtube';
  const [errors, setErrors] = useState<ClientSecretFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refs = useRef(new Map<FieldName, HTMLInputElement>());

  const refFor = (field: FieldName) => (element: HTMLInputElement | null) => {
    if (element) refs.current.set(field, element);
    else refs.current.delete(field);
  };

  // Editing starts with the focus in the form the Edit button filled.
  useEffect(() => {
    if (secret) refs.current.get('name')?.focus();
  }, [secret]);

  function update<K extends FieldName>(key: K, value: ClientSecretFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (current[key] === undefined) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }
  const field = fieldBinder(values, errors, update, (name) => ({ ref: refFor(name) }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateClientSecretForm(values, mode);
    setErrors(found);
    if (hasFormErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field] !== undefined);
      if (first) refs.current.get(first)?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body = toClientSecretBody(values, mode);
      const saved = secret
        ? await updateClientSecret(secret.id, body)
        : await createClientSecret(body);
      onSaved(saved, mode);
    } catch (error) {
      setSaveError(
        errorMessage(
          error,
          mode === 'edit' ? 'Gagal memperbarui client secret.' : 'Gagal menambahkan client secret.',
        ),
      );
      setSaving(false);
    }
  }

  return (
    <Card title={secret ? `Edit Client Secret: ${secret.name}` : 'Tambah Client Secret'}>
      <form noValidate onSubmit={handleSubmit} className="yt-admin-form">
        <ErrorAlert error={saveError} onDismiss={() => setSaveError(null)} />
        <div className="form-grid">
          <Select
            label="Platform"
            required
            options={platforms.map((platform) => ({
              value: platform,
              label: CLIENT_SECRET_PLATFORM_LABELS[platform],
            }))}
            value={values.platform}
            disabled={mode === 'edit' || platforms.length === 1}
            hint={mode === 'edit' ? 'Platform tidak bisa diubah setelah disimpan.' : undefined}
            onChange={(event) => {
              const platform = event.target.value as ClientSecretPlatform;
              setValues((current) => withPlatform(current, platform, window.location.origin));
              setErrors({});
            }}
          />
          <TextInput label="Nama" required autoComplete="off" {...field('name')} />
          <TextInput
            label={labels.id}
            required
            autoComplete="off"
            spellCheck={false}
            {...field('clientId')}
          />
          <PasswordInput
            label={labels.secret}
            required={mode === 'create'}
            autoComplete="new-password"
            spellCheck={false}
            revealLabel={`Tampilkan ${labels.secret.toLowerCase()}`}
            hint={
              secret
                ? `Tersimpan: ${secret.clientSecret}. Kosongkan untuk tetap memakai secret yang tersimpan.`
                : undefined
            }
            {...field('clientSecret')}
          />
        </div>
        <TextInput
          label="Redirect URI"
          required
          type="url"
          spellCheck={false}
          hint={REDIRECT_HINTS[values.platform]}
          {...field('redirectUri')}
        />
        {isYouTube ? (
          <div className="yt-admin-quota">
            <TextInput
              {...quotaInput('dailyUploads')}
              hint={`Upload per hari untuk proyek Google ini; setiap upload memakai 1. Bawaan Google: ${numberFormat.format(YOUTUBE_QUOTA_DEFAULTS.dailyUploads)}.`}
              {...field('quotaDailyUploads')}
            />
            <TextInput
              {...quotaInput('dailyUnits')}
              hint={`Untuk panggilan selain upload: thumbnail dan playlist ${YOUTUBE_UNIT_COSTS['thumbnails.set']} unit, daftar playlist ${YOUTUBE_UNIT_COSTS['playlists.list']} unit. Bawaan Google: ${numberFormat.format(YOUTUBE_QUOTA_DEFAULTS.dailyUnits)}.`}
              {...field('quotaDailyUnits')}
            />
          </div>
        ) : null}
        <Checkbox
          label="Aktif (bisa dipakai untuk menghubungkan akun)"
          checked={values.isActive}
          onChange={(event) => update('isActive', event.target.checked)}
        />
        <div className="row-actions row-actions--wrap yt-admin-form__actions">
          <Button type="submit" variant="primary" loading={saving}>
            {secret ? 'Simpan Perubahan' : 'Tambah Client Secret'}
          </Button>
          {secret ? (
            <Button onClick={onCancelEdit} disabled={saving}>
              Batal
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
