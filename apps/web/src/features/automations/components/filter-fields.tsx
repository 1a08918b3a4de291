import { Checkbox } from '@scrapper/ui/checkbox';
import { TextInput } from '@scrapper/ui/text-input';
import { fieldBinder } from '@/lib/bind-field.ts';
import type {
  AutomationErrors,
  AutomationFormValues,
  ChangeField,
} from '../utils/automation-form.ts';

export interface FilterFieldsProps {
  values: AutomationFormValues;
  errors: AutomationErrors;
  onChange: ChangeField;
}

/** 'Filter item': which scraped items are kept. Empty numbers do not filter. */
export function FilterFields({ values, errors, onChange }: FilterFieldsProps) {
  const field = fieldBinder(values, errors, onChange, (name) => ({ id: `automation-${name}` }));
  const count = { type: 'number', inputMode: 'numeric', min: 0 } as const;
  return (
    <fieldset className="form-fieldset">
      <legend>Filter item</legend>
      <p className="muted automation-note">
        Kosongkan angka yang tidak ingin dipakai sebagai filter.
      </p>
      <div className="form-grid">
        <TextInput label="Minimal jumlah putar" {...count} {...field('minPlays')} />
        <TextInput label="Minimal jumlah suka" {...count} {...field('minLikes')} />
        <TextInput label="Durasi minimal (detik)" {...count} {...field('minDuration')} />
        <TextInput label="Durasi maksimal (detik)" {...count} {...field('maxDuration')} />
        <TextInput
          label="Diposting dalam (hari terakhir)"
          {...count}
          min={1}
          {...field('postedWithinDays')}
        />
      </div>
      <div className="form-grid">
        <TextInput
          label="Judul memuat salah satu kata"
          hint="Pisahkan dengan koma. Kosong: judul apa saja."
          autoComplete="off"
          {...field('includeWords')}
        />
        <TextInput
          label="Judul tidak boleh memuat kata"
          hint="Pisahkan dengan koma."
          autoComplete="off"
          {...field('excludeWords')}
        />
      </div>
      <Checkbox
        label="Lewati video yang sudah pernah saya unduh"
        checked={values.skipDownloaded}
        onChange={(event) => onChange('skipDownloaded', event.target.checked)}
      />
      <Checkbox
        label="Lewati judul duplikat (sama tanpa membedakan huruf besar/kecil dan spasi di ujung)"
        checked={values.skipDuplicateTitles}
        onChange={(event) => onChange('skipDuplicateTitles', event.target.checked)}
      />
    </fieldset>
  );
}
