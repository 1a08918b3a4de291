import { Select } from '@scrapper/ui/select';
import { Switch } from '@scrapper/ui/switch';
import { TextInput } from '@scrapper/ui/text-input';
import { INPUT_TYPE_OPTIONS, fieldId } from '../utils/actor-form.ts';
import type { ActorTabProps } from '../utils/actor-form.ts';

export interface ActorBasicTabProps extends ActorTabProps {
  /** Editing: the platformId names the actor and cannot change. */
  locked: boolean;
}

/** 'Dasar': identity, input keys and input type. */
export function ActorBasicTab({ values, errors, update, locked }: ActorBasicTabProps) {
  const isInputType = (value: string) => INPUT_TYPE_OPTIONS.find((o) => o.value === value)?.value;
  return (
    <div className="form-grid">
      <TextInput
        id={fieldId('platformId')}
        label="Platform ID"
        required
        disabled={locked}
        autoCapitalize="none"
        spellCheck={false}
        hint={locked ? undefined : 'Huruf kecil, angka, - atau _; contoh: twitter.'}
        value={values.platformId}
        error={errors.platformId}
        onChange={(event) => update('platformId', event.target.value)}
      />
      <TextInput
        id={fieldId('displayName')}
        label="Display Name"
        required
        value={values.displayName}
        error={errors.displayName}
        onChange={(event) => update('displayName', event.target.value)}
      />
      <TextInput
        id={fieldId('actorId')}
        label="Actor ID"
        required
        autoCapitalize="none"
        spellCheck={false}
        hint="Contoh: apidojo/tweet-scraper"
        value={values.actorId}
        error={errors.actorId}
        onChange={(event) => update('actorId', event.target.value)}
      />
      <TextInput
        id={fieldId('inputKey')}
        label="Input Key"
        autoCapitalize="none"
        spellCheck={false}
        hint="Bawaan: searchQueries"
        value={values.inputKey}
        onChange={(event) => update('inputKey', event.target.value)}
      />
      <TextInput
        id={fieldId('inputKeyUrl')}
        label="Input Key untuk URL"
        autoCapitalize="none"
        spellCheck={false}
        hint="Kosongkan untuk memakai Input Key."
        value={values.inputKeyUrl}
        onChange={(event) => update('inputKeyUrl', event.target.value)}
      />
      <TextInput
        id={fieldId('inputKeyKeyword')}
        label="Input Key untuk keyword"
        autoCapitalize="none"
        spellCheck={false}
        hint="Kosongkan untuk memakai Input Key."
        value={values.inputKeyKeyword}
        onChange={(event) => update('inputKeyKeyword', event.target.value)}
      />
      <TextInput
        id={fieldId('targetLabel')}
        label="Target Label"
        hint="Keterangan target di dashboard."
        value={values.targetLabel}
        onChange={(event) => update('targetLabel', event.target.value)}
      />
      <TextInput
        id={fieldId('domains')}
        label="Domain URL"
        autoCapitalize="none"
        spellCheck={false}
        hint="Situs yang boleh dipakai sebagai target URL, pisahkan dengan koma (contoh: tiktok.com, vm.tiktok.com). Kosongkan untuk semua situs."
        value={values.domains}
        error={errors.domains}
        onChange={(event) => update('domains', event.target.value)}
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
