import { isVideoEffect } from '@scrapper/contracts/rules/video-effects';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { Textarea } from '@scrapper/ui/textarea';
import { MadeForKidsField } from '@/components/made-for-kids-field.tsx';
import { RadioGroup } from '@/components/radio-group.tsx';
import { usePublishAccounts } from '@/hooks/use-publish-accounts.ts';
import { choiceBinder, fieldBinder } from '@/lib/bind-field.ts';
import { QUALITY_OPTIONS, isQuality } from '@/lib/quality-options.ts';
import {
  CATEGORY_OPTIONS,
  PRIVACY_OPTIONS,
  VIDEO_EFFECT_OPTIONS,
  isPrivacy,
} from '@/lib/youtube-choices.ts';
import type {
  AutomationErrors,
  AutomationFormValues,
  ChangeField,
  MetadataMode,
} from '../utils/automation-form.ts';
import { DestinationFields } from './destination-fields.tsx';

export interface PublishActionFieldsProps {
  values: AutomationFormValues;
  errors: AutomationErrors;
  onChange: ChangeField;
}

const METADATA_OPTIONS = [
  { value: 'template', label: 'Dari template' },
  { value: 'gemini', label: 'Ditulis Gemini dari judul asli' },
] as const satisfies readonly { value: MetadataMode; label: string }[];


/**
 * 'Tindakan': the download quality, and publishing to the member's destinations into posting
 * slots (optional). Privacy, category, effect and playlist apply to the YouTube channels.
 */
export function PublishActionFields({ values, errors, onChange }: PublishActionFieldsProps) {
  const accounts = usePublishAccounts();
  const id = (name: string) => ({ id: `automation-${name}` });
  const field = fieldBinder(values, errors, onChange, id);
  const choice = choiceBinder(values, errors, onChange, id);
  return (
    <fieldset className="form-fieldset">
      <legend>Tindakan</legend>
      <Select
        label="Unduh item baru dengan kualitas"
        options={QUALITY_OPTIONS}
        {...choice('quality', isQuality)}
      />
      <Checkbox
        label="Publikasikan sesuai slot posting"
        checked={values.publish}
        onChange={(event) => onChange('publish', event.target.checked)}
      />
      {values.publish ? (
        <div className="automation-publish">
          <DestinationFields
            values={values}
            errors={errors}
            onChange={onChange}
            accounts={accounts}
          />
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
              label="Maksimal posting per hari"
              type="number"
              inputMode="numeric"
              min={1}
              hint="Kosong: sebanyak jumlah slot."
              {...field('maxPerDay')}
            />
          </div>
          <div className="form-grid">
            <Select
              label="Privasi YouTube"
              options={PRIVACY_OPTIONS}
              {...choice('privacyStatus', isPrivacy)}
            />
            <Select
              id="automation-categoryId"
              label="Kategori YouTube"
              options={CATEGORY_OPTIONS}
              {...field('categoryId')}
            />
            <Select
              label="Efek video"
              options={VIDEO_EFFECT_OPTIONS}
              {...choice('videoEffect', isVideoEffect)}
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
