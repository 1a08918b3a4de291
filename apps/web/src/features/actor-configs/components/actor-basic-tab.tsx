import { Select } from '@scrapper/ui/select';
import { Switch } from '@scrapper/ui/switch';
import { TextInput } from '@scrapper/ui/text-input';
import { fieldBinder } from '@/lib/bind-field.ts';
import { INPUT_TYPE_OPTIONS, fieldId } from '../utils/actor-form.ts';
import type { ActorTabProps } from '../utils/actor-form.ts';

/** Keys, ids and domains: no capital first letter, no spelling marks. */
const CODE = { autoCapitalize: 'none', spellCheck: false } as const;

export interface ActorBasicTabProps extends ActorTabProps {
  /** Editing: the platformId names the actor and cannot change. */
  locked: boolean;
}

/** 'Dasar': identity, input keys and input type. */
export function ActorBasicTab({ values, errors, update, locked }: ActorBasicTabProps) {
  const isInputType = (value: string) => INPUT_TYPE_OPTIONS.find((o) => o.value === value)?.value;
  const field = fieldBinder(values, errors, update, (name) => ({ id: fieldId(name) }));
  return (
    <div className="form-grid">
      <TextInput
        label="Platform ID"
        required
        disabled={locked}
        {...CODE}
        hint={locked ? undefined : 'Huruf kecil, angka, - atau _; contoh: twitter.'}
        {...field('platformId')}
      />
      <TextInput label="Display Name" required {...field('displayName')} />
      <TextInput
        label="Actor ID"
        required
        {...CODE}
        hint="Contoh: apidojo/tweet-scraper"
        {...field('actorId')}
      />
      <TextInput label="Input Key" {...CODE} hint="Bawaan: searchQueries" {...field('inputKey')} />
      <TextInput
        label="Input Key untuk URL"
        {...CODE}
        hint="Kosongkan untuk memakai Input Key."
        {...field('inputKeyUrl')}
      />
      <TextInput
        label="Input Key untuk keyword"
        {...CODE}
        hint="Kosongkan untuk memakai Input Key."
        {...field('inputKeyKeyword')}
      />
      <TextInput
        label="Target Label"
        hint="Keterangan target di dashboard."
        {...field('targetLabel')}
      />
      <TextInput
        label="Domain URL"
        {...CODE}
        hint="Situs yang boleh dipakai sebagai target URL, pisahkan dengan koma (contoh: tiktok.com, vm.tiktok.com). Kosongkan untuk semua situs."
        {...field('domains')}
      />
      <Select
        id={fieldId('inputType')}
        label="Input Type"
        options={INPUT_TYPE_OPTIONS}
        value={values.inputType}
        onChange={(event) => {
          const next = isInputType(event.target.value);
          if (next) update('inputType', next);
        }}
      />
      <div className="ui-field form-grid__switch">
        <Switch
          id={fieldId('isActive')}
          label="Aktif"
          checked={values.isActive}
          onCheckedChange={(checked) => update('isActive', checked)}
        />
      </div>
    </div>
  );
}
