import type { Playlist, YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { isVideoEffect } from '@scrapper/contracts/rules/video-effects';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { Textarea } from '@scrapper/ui/textarea';
import { useCallback } from 'react';
import { MadeForKidsField } from '@/components/made-for-kids-field.tsx';
import { RadioGroup } from '@/components/radio-group.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { listPlaylists } from '@/lib/api/list-playlists.ts';
import { fieldBinder } from '@/lib/bind-field.ts';
import { QUALITY_OPTIONS, isQuality } from '@/lib/quality-options.ts';
import {
  CATEGORY_OPTIONS,
  PRIVACY_OPTIONS,
  VIDEO_EFFECT_OPTIONS,
  isPrivacy,
} from '@/lib/youtube-choices.ts';
import { listAccounts } from '../api/list-accounts.ts';
import type {
  AutomationErrors,
  AutomationFormValues,
  MetadataMode,
} from '../utils/automation-form.ts';
import type { ChangeField } from './automation-form.tsx';
import { ChoiceSelect } from './choice-select.tsx';

export interface PublishActionFieldsProps {
  values: AutomationFormValues;
  errors: AutomationErrors;
  onChange: ChangeField;
}

const METADATA_OPTIONS = [
  { value: 'template', label: 'Dari template' },
  { value: 'gemini', label: 'Ditulis Gemini dari judul asli' },
] as const satisfies readonly { value: MetadataMode; label: string }[];

const NO_ACCOUNTS: YouTubeAccount[] = [];
const NO_PLAYLISTS: Playlist[] = [];

/** 'Tindakan': the download quality, and publishing to YouTube into posting slots (optional). */
export function PublishActionFields({ values, errors, onChange }: PublishActionFieldsProps) {
  const field = fieldBinder(values, errors, onChange, (name) => ({ id: `automation-${name}` }));
  return (
    <fieldset className="form-fieldset">
      <legend>Tindakan</legend>
      <ChoiceSelect
        field="quality"
        label="Unduh item baru dengan kualitas"
        options={QUALITY_OPTIONS}
        isChoice={isQuality}
        values={values}
        errors={errors}
        onChange={onChange}
      />
      <Checkbox
        label="Upload ke YouTube sesuai slot posting"
        checked={values.publish}
        onChange={(event) => onChange('publish', event.target.checked)}
      />
      {values.publish ? (
        <div className="automation-publish">
          <AccountFields values={values} errors={errors} onChange={onChange} />
          <div className="form-grid">
            <TextInput
              label="Slot posting (WIB)"
              required
              autoComplete="off"
              placeholder="09:00, 19:00"
              hint="Jam tayang, format HH:MM, pisahkan dengan koma."
              {...field('slots')}
            />
            <TextInput
              label="Maksimal upload per hari"
              type="number"
              inputMode="numeric"
              min={1}
              hint="Kosong: sebanyak jumlah slot."
              {...field('maxPerDay')}
            />
          </div>
          <div className="form-grid">
            <ChoiceSelect
              field="privacyStatus"
              label="Privasi"
              options={PRIVACY_OPTIONS}
              isChoice={isPrivacy}
              values={values}
              errors={errors}
              onChange={onChange}
            />
            <Select
              id="automation-categoryId"
              label="Kategori"
              options={CATEGORY_OPTIONS}
              {...field('categoryId')}
            />
            <ChoiceSelect
              field="videoEffect"
              label="Efek video"
              options={VIDEO_EFFECT_OPTIONS}
              isChoice={isVideoEffect}
              values={values}
              errors={errors}
              onChange={onChange}
            />
          </div>
          <MadeForKidsField
            value={values.madeForKids}
            error={errors.madeForKids}
            onChange={(value) => onChange('madeForKids', value)}
          />
          <RadioGroup
            legend="Judul, deskripsi, dan tag"
            name="metadataMode"
            options={METADATA_OPTIONS}
            value={values.metadataMode}
            error={errors.metadataMode}
            onChange={(value) => onChange('metadataMode', value)}
          />
          {values.metadataMode === 'template' ? (
            <>
              <p className="muted automation-note">
                Placeholder: <code>{'{title}'}</code> judul asli, <code>{'{author}'}</code> pembuat,{' '}
                <code>{'{platform}'}</code> platform.
              </p>
              <TextInput label="Template judul" required {...field('templateTitle')} />
              <Textarea label="Template deskripsi" rows={3} {...field('templateDescription')} />
              <TextInput
                label="Tag"
                hint="Pisahkan dengan koma, misalnya: viral, {platform}"
                {...field('templateTags')}
              />
            </>
          ) : (
            <p className="muted automation-note">
              Gemini menulis judul, deskripsi, dan tag dari judul asli setiap video.
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The member's YouTube account and, once chosen, one of its playlists. */
function AccountFields({ values, errors, onChange }: PublishActionFieldsProps) {
  const accounts = useResource(listAccounts, NO_ACCOUNTS);
  const { accountId } = values;
  const loadPlaylists = useCallback(
    (signal: AbortSignal) =>
      accountId ? listPlaylists(accountId, signal) : Promise.resolve(NO_PLAYLISTS),
    [accountId],
  );
  const playlists = useResource(loadPlaylists, NO_PLAYLISTS);
  const noAccounts = accounts.status === 'ready' && accounts.data.length === 0;
  return (
    <div className="form-grid">
      <Select
        id="automation-accountId"
        label="Akun YouTube"
        required
        placeholder={accounts.status === 'loading' ? 'Memuat akun...' : 'Pilih akun'}
        options={accounts.data.map((account) => ({
          value: account.id,
          label: account.isValid ? account.accountName : `${account.accountName} (perlu refresh)`,
        }))}
        value={values.accountId}
        error={
          errors.accountId ??
          (accounts.status === 'error' ? 'Gagal memuat akun YouTube.' : undefined)
        }
        hint={
          noAccounts
            ? 'Belum ada akun YouTube. Hubungkan akun di halaman YouTube Upload.'
            : undefined
        }
        onChange={(event) => {
          onChange('accountId', event.target.value);
          onChange('playlistId', '');
        }}
      />
      <Select
        id="automation-playlistId"
        label="Playlist"
        placeholder="Tanpa playlist"
        disabled={!accountId}
        options={playlists.data.map((playlist) => ({ value: playlist.id, label: playlist.title }))}
        value={values.playlistId}
        error={
          errors.playlistId ??
          (playlists.status === 'error' ? 'Gagal memuat playlist akun ini.' : undefined)
        }
        onChange={(event) => onChange('playlistId', event.target.value)}
      />
    </div>
  );
}
